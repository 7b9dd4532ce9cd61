/**
 * The HTTP `upgrade` event: only `/ocpp/{chargeBoxId}` is handed to the OCPP server; any other
 * path is answered 404. An identity that is not well formed — bad percent-encoding, longer than
 * `MAX_IDENTITY_LENGTH`, or characters outside `IDENTITY_PATTERN` (the rule of charger and
 * gateway serial numbers) — is refused 400 and stored as a MALFORMED_IDENTITY attempt before the
 * OCPP server sees it. Whatever the OCPP server's handshake does, its failure is logged and the
 * socket closed: no upgrade request can end the process.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { IDENTITY_PATTERN } from '../../domain/entities/gateway.js';
import type { Db } from '../db/client.js';
import type { Connections } from './connections.js';
import { refuse, type RefusalCounter } from './handshake.js';
import type { RPCServer } from './rpc.js';

/** Longest identity accepted in the path (characters, decoded); serial numbers are at most 64. */
export const MAX_IDENTITY_LENGTH = 64;

const OCPP_PATH = /^\/ocpp\/([^/]+)$/;

/**
 * The identity named by an upgrade path, decoded.
 * @returns `{ identity }`, `'not-ocpp'` for a path other than `/ocpp/{id}`, or `'malformed'`.
 */
export function identityOfPath(url: string | undefined): { identity: string } | 'not-ocpp' | 'malformed' {
  const path = (url ?? '/').split('?')[0];
  const m = OCPP_PATH.exec(path);
  if (!m) return 'not-ocpp';
  if (m[1].length > MAX_IDENTITY_LENGTH * 3) return 'malformed';
  let identity: string;
  try {
    identity = decodeURIComponent(m[1]);
  } catch {
    return 'malformed';
  }
  if (identity.length > MAX_IDENTITY_LENGTH || !IDENTITY_PATTERN.test(identity)) return 'malformed';
  return { identity };
}

/** Answers a bare HTTP status on an upgrade socket and closes it. */
function answerStatus(socket: Duplex, status: 400 | 404, text: string): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** What the upgrade listener needs. */
export interface UpgradeDeps {
  db: Db;
  conns: Connections;
  limiter: RefusalCounter;
  clientAddress: (req: IncomingMessage) => string | undefined;
  log: FastifyBaseLogger;
}

/** The `upgrade` listener that hands OCPP handshakes to `server`. */
export function upgradeListener(server: InstanceType<typeof RPCServer>, { db, conns, limiter, clientAddress, log }: UpgradeDeps) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => undefined); // a client that resets mid-handshake is not an error of ours
    const parsed = identityOfPath(req.url);
    if (parsed === 'not-ocpp') return answerStatus(socket, 404, 'Not Found');
    if (parsed === 'malformed') {
      const identity = (req.url ?? '').split('?')[0].slice('/ocpp/'.length, 200);
      const remoteAddress = clientAddress(req);
      log.warn({ identity, remoteAddress, reason: 'MALFORMED_IDENTITY' }, 'OCPP connection refused');
      void conns.track(refuse(db, limiter, { identity, companyCode: null, remoteAddress, reason: 'MALFORMED_IDENTITY' }))
        .catch((err: unknown) => log.warn({ err }, 'refused connection attempt not stored'));
      return answerStatus(socket, 400, 'Bad Request');
    }
    // ocpp-rpc types the socket as net.Socket; an HTTP server's upgrade socket is one.
    server.handleUpgrade(req, socket as Socket, head).catch((err: unknown) => {
      log.warn({ err, identity: parsed.identity }, 'OCPP handshake failed');
      answerStatus(socket, 400, 'Bad Request');
    });
  };
}
