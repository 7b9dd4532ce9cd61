/**
 * The HTTP `upgrade` event: only `/ocpp/{chargeBoxId}` is handed to the OCPP server; any other
 * path is answered 404. An identity that is not well formed — bad percent-encoding, longer than
 * `MAX_IDENTITY_LENGTH`, or characters outside `IDENTITY_PATTERN` (the rule of charger and
 * gateway serial numbers) — is refused 400 and stored as a MALFORMED_IDENTITY attempt before the
 * OCPP server sees it. Beyond the sockets the descriptor limit allows (./fd-limit.ts) a handshake
 * is answered 503 with Retry-After and stored as an FD_LIMIT attempt. Whatever the OCPP server's handshake does, its failure is logged and the
 * socket closed: no upgrade request can end the process.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { IDENTITY_PATTERN } from '../../domain/entities/gateway.js';
import type { Db } from '../db/client.js';
import type { Connections } from './connections.js';
import { recordAttempt, refuse, type RefusalCounter } from './handshake.js';
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
function answerStatus(socket: Duplex, status: 400 | 404 | 503, text: string, headers = ''): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Seconds a charger refused at the descriptor limit is asked to wait (Retry-After). */
export const FD_LIMIT_RETRY_AFTER_S = 30;

/** What the upgrade listener needs. */
export interface UpgradeDeps {
  db: Db;
  conns: Connections;
  limiter: RefusalCounter;
  clientAddress: (req: IncomingMessage) => string | undefined;
  log: FastifyBaseLogger;
  /**
   * Charger sockets this process can hold (./fd-limit.ts): beyond it a handshake is answered 503
   * with Retry-After and stored as an FD_LIMIT attempt.
   */
  capacity?: number;
}

/** The `upgrade` listener that hands OCPP handshakes to `server`. */
export function upgradeListener(server: InstanceType<typeof RPCServer>, { db, conns, limiter, clientAddress, log, capacity = Infinity }: UpgradeDeps) {
  let fdWarnedAt = 0;
  let fdRefused = 0;
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => undefined); // a client that resets mid-handshake is not an error of ours
    const parsed = identityOfPath(req.url);
    if (parsed === 'not-ocpp') {
      answerStatus(socket, 404, 'Not Found');
      return;
    }
    if (parsed === 'malformed') {
      const identity = (req.url ?? '').split('?')[0].slice('/ocpp/'.length, 200);
      const remoteAddress = clientAddress(req);
      log.warn({ identity, remoteAddress, reason: 'MALFORMED_IDENTITY' }, 'OCPP connection refused');
      void conns
        .track(refuse(db, limiter, { identity, companyCode: null, remoteAddress, reason: 'MALFORMED_IDENTITY' }))
        .catch((err: unknown) => log.warn({ err }, 'refused connection attempt not stored'));
      answerStatus(socket, 400, 'Bad Request');
      return;
    }
    if (conns.clients.size >= capacity) {
      // Out of descriptors soon: answer now (the charger retries) rather than let the kernel drop it.
      const remoteAddress = clientAddress(req);
      fdRefused++;
      if (Date.now() - fdWarnedAt > 10_000) {
        log.warn(
          { identity: parsed.identity, remoteAddress, reason: 'FD_LIMIT', open: conns.clients.size, capacity, refusedSinceLastWarning: fdRefused },
          'OCPP connection refused: the file-descriptor limit is reached',
        );
        fdWarnedAt = Date.now();
        fdRefused = 0;
      }
      void conns
        .track(recordAttempt(db, { identity: parsed.identity, companyCode: null, remoteAddress, reason: 'FD_LIMIT' }))
        .catch((err: unknown) => log.warn({ err }, 'refused connection attempt not stored'));
      answerStatus(socket, 503, 'Service Unavailable', `Retry-After: ${FD_LIMIT_RETRY_AFTER_S}\r\n`);
      return;
    }
    // ocpp-rpc types the socket as net.Socket; an HTTP server's upgrade socket is one.
    server.handleUpgrade(req, socket as Socket, head).catch((err: unknown) => {
      log.warn({ err, identity: parsed.identity }, 'OCPP handshake failed');
      answerStatus(socket, 400, 'Bad Request');
    });
  };
}
