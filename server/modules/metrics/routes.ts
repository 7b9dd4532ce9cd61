/**
 * Metrics and health endpoints for the people who run ChargeDesk (requirements R12.38;
 * docs/deployment.md "Metrics and health"), outside `/sp` and without a sign-in:
 * - `GET /metrics` — the node's metrics (./node-metrics.ts) in the Prometheus text format, only with
 *   `Authorization: Bearer <METRICS_TOKEN>`; without it, a wrong one, or with no token configured:
 *   401 with catalogue code 757. The token is compared in constant time and never logged.
 * - `GET /healthz` — 200 `{ status: 'alive' }` while the process serves HTTP (liveness).
 * - `GET /readyz` — 200 `{ status: 'ready', checks }` when the database answers with every
 *   migration applied, Redis answers (cluster) and the node is not shutting down; else 503
 *   `{ status: 'unready', checks }` (./health.ts).
 * With METRICS_PORT the same three are also served, without a token, on a listener of their own at
 * METRICS_HOST (an admin address; default 127.0.0.1), closed with the app.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sendError } from '../../http/envelope.js';
import { readiness } from './health.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the `authorization` header carries `token` as a bearer token. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return !!m && timingSafeEqual(digest(m[1]), digest(token));
}

/** The port of the admin listener of `app` once listening (tests), by the app's configuration. */
const adminPorts = new WeakMap<object, number>();
export const metricsPortOf = (app: FastifyInstance): number | null => adminPorts.get(app.config) ?? null;

const metricsRoutes: FastifyPluginAsync = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const ready = async () => {
    const r = await readiness(app, closing);
    return { status: r.ready ? 200 : 503, body: { status: r.ready ? 'ready' : 'unready', checks: r.checks } };
  };

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'alive' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = await ready();
    return reply.status(r.status).header('Cache-Control', 'no-store').send(r.body);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, app.config.metricsToken)) return sendError(req, reply, 757);
    const m = await app.metrics.exposition();
    return reply.header('Cache-Control', 'no-store').type(m.contentType).send(m.body);
  });

  const port = app.config.metricsPort;
  if (port === undefined) return;
  // The admin listener: the three endpoints, nothing else, no token (the address is the protection).
  const admin = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, 'text/plain', 'GET only');
    if (path === '/healthz') return send(200, 'application/json', JSON.stringify({ status: 'alive' }));
    if (path === '/readyz')
      return void ready().then(
        (r) => send(r.status, 'application/json', JSON.stringify(r.body)),
        () => send(503, 'application/json', '{"status":"unready"}'),
      );
    if (path === '/metrics')
      return void app.metrics.exposition().then(
        (m) => send(200, m.contentType, m.body),
        () => send(500, 'text/plain', 'metrics failed'),
      );
    return send(404, 'text/plain', 'not found');
  });
  admin.headersTimeout = 10_000;
  admin.requestTimeout = 10_000;
  admin.on('error', (err) => app.log.error({ err }, 'metrics listener error'));
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      admin.once('error', reject);
      admin.listen(port, app.config.metricsHost, () => {
        admin.off('error', reject);
        resolve();
      });
    });
    adminPorts.set(app.config, (admin.address() as AddressInfo).port);
    app.log.info({ host: app.config.metricsHost, port: metricsPortOf(app) }, 'metrics and health listening');
  });
  app.addHook('onClose', async () => {
    adminPorts.delete(app.config);
    admin.closeAllConnections();
    await new Promise<void>((resolve) => admin.close(() => resolve()));
  });
};

export default metricsRoutes;
