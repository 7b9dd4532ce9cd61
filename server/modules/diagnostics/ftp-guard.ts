/**
 * The bounds of the FTP receiver of diagnostics (requirements R15.15): an anonymous stranger must
 * not hold the node's file descriptors.
 * - Caps: at most FTP_MAX_CONNECTIONS control connections in all and FTP_MAX_PER_ADDRESS per client
 *   address; beyond them, and whenever fewer than the descriptor reserve of HTTP and OCPP
 *   (server/ocpp/fd-limit.ts `DescriptorReserve`) are left, a connection is answered
 *   `421 … (755)` and closed at once, before ftp-srv sees it.
 * - Login deadline: a connection not logged in FTP_LOGIN_TIMEOUT_S after it opened is closed
 *   (`421`), whatever it sends meanwhile (NOOP, FEAT, wrong logins: ftp-srv's idle timeout
 *   is reset by any command and cannot do it). Three refused logins close it too.
 * - Session deadline: after login a connection lives at most UPLOAD_TIME_LIMIT_S.
 * Refusals are logged at most once per 10 s, with their count; {@link FtpGuard.refused} counts them.
 */
import type { EventEmitter } from 'node:events';
import type { Server, Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { FtpConnection, FtpSrv } from 'ftp-srv';
import { catalogueMessage } from '../../../domain/errors.js';
import { ConnectionCaps } from '../../http/connection-caps.js';
import { DescriptorReserve } from '../../ocpp/fd-limit.js';

/** Refused logins after which a connection is closed. */
export const FTP_MAX_LOGIN_FAILURES = 3;

/** Why a connection was refused or closed by the guard. */
export type FtpRefusal = 'total' | 'address' | 'descriptors' | 'login_timeout' | 'login_failures' | 'session_timeout';

/** Limits of {@link FtpGuard} (milliseconds for times). */
export interface FtpGuardOptions {
  maxConnections: number;
  maxPerAddress: number;
  loginTimeoutMs: number;
  sessionTimeoutMs: number;
  reserve?: DescriptorReserve;
  log: FastifyBaseLogger;
  /** Called for every refusal (metrics). */
  onRefused?: (reason: FtpRefusal) => void;
}

/** What the guard uses of an ftp-srv connection (its declarations lack `commandSocket` and mistype `close`). */
interface RawConnection {
  ip: string;
  commandSocket?: Socket;
  close(code: number, message: string): Promise<unknown>;
}
const raw = (c: FtpConnection) => c as unknown as RawConnection;

/** A connection's deadline timer and its refused logins. */
interface Watch {
  timer: NodeJS.Timeout;
  failures: number;
}

/** Guards one ftp-srv server; see the module. */
export class FtpGuard {
  readonly caps: ConnectionCaps;
  private readonly reserve: DescriptorReserve;
  private readonly watches = new WeakMap<FtpConnection, Watch>();
  private refusedSinceLog = 0;
  private loggedAt = 0;

  constructor(private readonly o: FtpGuardOptions) {
    this.caps = new ConnectionCaps(o.maxConnections, o.maxPerAddress);
    this.reserve = o.reserve ?? new DescriptorReserve();
  }

  /** Puts the guard in front of ftp-srv's connection handler and watches its connections. */
  attach(ftp: FtpSrv): void {
    // `server` (the net.Server) is not in ftp-srv's type declarations.
    const server = (ftp as unknown as { server: Server }).server;
    const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
    server.removeAllListeners('connection');
    server.on('connection', (socket: Socket) => {
      socket.on('error', () => undefined); // a client that resets is not an error of ours
      const refusal = this.reserve.hasRoom() ? this.caps.take(socket.remoteAddress) : 'descriptors';
      if (typeof refusal === 'string') {
        this.refuse(refusal, socket.remoteAddress);
        // The socket is paused (pauseOnConnect): the answer is written and the descriptor freed at once.
        socket.write(`421 ${catalogueMessage(755, 'en')} (755)\r\n`, () => socket.destroy());
        return;
      }
      socket.once('close', refusal);
      for (const h of handlers) h.call(server, socket);
    });
    // 'connect' (emitted by ftp-srv for each connection it took) is not in its declarations.
    (ftp as EventEmitter).on('connect', ({ connection }: { connection: FtpConnection }) => {
      this.watch(connection, this.o.loginTimeoutMs, 'login_timeout');
      raw(connection).commandSocket?.once('close', () => {
        const w = this.watches.get(connection);
        if (w) clearTimeout(w.timer);
      });
    });
  }

  /** A login succeeded: the connection's deadline becomes the session's. */
  loggedIn(connection: FtpConnection): void {
    this.watch(connection, this.o.sessionTimeoutMs, 'session_timeout');
  }

  /** A login was refused: the third closes the connection. */
  loginRefused(connection: FtpConnection): void {
    const w = this.watches.get(connection);
    if (!w) return;
    if (++w.failures >= FTP_MAX_LOGIN_FAILURES) this.close(connection, 'login_failures', 530);
  }

  private watch(connection: FtpConnection, ms: number, reason: FtpRefusal): void {
    const previous = this.watches.get(connection);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => this.close(connection, reason, 421), ms);
    timer.unref();
    this.watches.set(connection, { timer, failures: previous?.failures ?? 0 });
  }

  private close(connection: FtpConnection, reason: FtpRefusal, code: 421 | 530): void {
    const w = this.watches.get(connection);
    if (w) clearTimeout(w.timer);
    const c = raw(connection);
    this.refuse(reason, c.ip);
    const text =
      reason === 'login_failures' ? 'Too many refused logins' : reason === 'login_timeout' ? 'Not logged in in time' : `${catalogueMessage(756, 'en')} (756)`;
    const socket = c.commandSocket;
    // ftp-srv's close answers, then destroys; a client that reads nothing is destroyed anyway.
    void Promise.resolve(c.close(code, text)).catch(() => undefined);
    setTimeout(() => socket?.destroy(), 1000).unref();
  }

  private refuse(reason: FtpRefusal, address: string | undefined): void {
    this.o.onRefused?.(reason);
    this.refusedSinceLog++;
    const now = Date.now();
    if (now - this.loggedAt >= 10_000) {
      this.o.log.warn(
        { reason, remoteAddress: address, refused: this.refusedSinceLog, open: this.caps.size },
        'FTP connection refused or closed by its bounds',
      );
      this.loggedAt = now;
      this.refusedSinceLog = 0;
    }
  }
}
