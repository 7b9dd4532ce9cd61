/**
 * TLS in the process (requirements R10.40; docs/deployment.md "TLS"): with `TLS_CERT` and
 * `TLS_KEY` (PEM file paths) ChargeDesk serves HTTPS (API and console) and `wss://` (OCPP,
 * security profiles 2 and 3) on `TLS_PORT`, beside the plain port. TLS 1.2 and 1.3 only, with
 * the OCPP 1.6 security whitepaper's cipher suites. A client certificate is requested but not
 * required at the TLS level (`rejectUnauthorized: false`): the handshake decides per charger and
 * records the refusal (../ocpp/handshake.ts). The certificate and key are read again on SIGHUP
 * (../serve.ts) or when either file changes (polled every `watchMs`), and applied to new
 * connections with `setSecureContext`: open sockets are not dropped; an unreadable or invalid
 * pair is logged and the previous one kept.
 */
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { SecureContextOptions } from 'node:tls';
import type { FastifyInstance } from 'fastify';

/** TLS 1.2 suites of the OCPP 1.6 security whitepaper (ed. 3) and the TLS 1.3 suites (OpenSSL names). */
export const TLS_CIPHERS = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES256-GCM-SHA384',
].join(':');

/** The listener's certificate and key files. */
export interface TlsFiles {
  cert: string;
  key: string;
}

/** Reads the PEM pair (throws when a file cannot be read). */
function readPair(files: TlsFiles): SecureContextOptions {
  return { cert: readFileSync(files.cert), key: readFileSync(files.key) };
}

/** The TLS listener: its server, a reload, and close. */
export interface TlsListener {
  server: Server;
  /** Reads the files again and applies them to new connections; false (logged) when they are not usable. */
  reload(): boolean;
  /** The port it listens on (useful with port 0). */
  port(): number;
  close(): Promise<void>;
}

/**
 * Starts the HTTPS/WSS listener for `app` on `port` / `host`: requests go to the app's routes,
 * upgrades to whoever `onServer` attaches (the central system's `attach`).
 * @throws when the certificate or key cannot be read or do not match (at start only).
 */
export async function startTls(
  app: FastifyInstance,
  opts: { files: TlsFiles; port: number; host: string; backlog?: number; watchMs?: number; onServer?: (server: Server) => void },
): Promise<TlsListener> {
  const log = app.log.child({ module: 'tls' });
  const server = createServer(
    {
      ...readPair(opts.files),
      minVersion: 'TLSv1.2',
      ciphers: TLS_CIPHERS,
      honorCipherOrder: true,
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => app.routing(req, res),
  );
  server.on('tlsClientError', () => undefined); // a client that fails the TLS handshake is not an error of ours
  opts.onServer?.(server);

  const reload = (): boolean => {
    try {
      server.setSecureContext({ ...readPair(opts.files), minVersion: 'TLSv1.2', ciphers: TLS_CIPHERS, honorCipherOrder: true });
      log.info({ cert: opts.files.cert }, 'TLS certificate reloaded');
      return true;
    } catch (err) {
      log.error({ err, cert: opts.files.cert }, 'TLS certificate not reloaded: the previous one is kept');
      return false;
    }
  };
  const watchMs = opts.watchMs ?? 10_000;
  const onChange = (now: { mtimeMs: number }, before: { mtimeMs: number }) => {
    if (now.mtimeMs !== before.mtimeMs) reload();
  };
  for (const f of [opts.files.cert, opts.files.key]) watchFile(f, { interval: watchMs, persistent: false }, onChange);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host: opts.host, backlog: opts.backlog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info({ port: (server.address() as { port: number }).port }, 'TLS listener (https, wss) started');
  return {
    server,
    reload,
    port: () => (server.address() as { port: number }).port,
    async close() {
      for (const f of [opts.files.cert, opts.files.key]) unwatchFile(f, onChange);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
    },
  };
}
