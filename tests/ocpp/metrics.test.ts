/**
 * Metrics and health (requirements R12.38, docs/deployment.md "Metrics and health"): `/metrics`
 * needs METRICS_TOKEN (757 otherwise) and carries every family; a Boot raises the message
 * counter and the handler histogram; command outcomes are counted; the admin listener
 * (METRICS_PORT) serves without a token; `/healthz` is alive and `/readyz` ready — and not ready
 * when the database cannot be reached (closed, or on PostgreSQL frozen by a lock).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../server/db/bootstrap.js';
import { ensureMenus } from '../../server/modules/menu/service.js';
import { metricsPortOf } from '../../server/modules/metrics/routes.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { ADMIN_PASSWORD, build, startNode, type TestServer } from '../support/app.js';
import { aCharger, aCompany } from '../support/builders.js';
import { backends, freshDatabase } from '../support/db.js';
import { connect, dropRedisPrefix } from './helpers.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

const FAMILIES = [
  'chargedesk_ocpp_connections',
  'chargedesk_ocpp_messages_total',
  'chargedesk_ocpp_handler_seconds',
  'chargedesk_ocpp_commands_total',
  'chargedesk_ocpp_db_queue_depth',
  'chargedesk_mail_outbox',
  'chargedesk_upload_open',
  'chargedesk_upload_refused_total',
  'nodejs_eventloop_lag_seconds',
  'process_open_fds',
  'nodejs_heap_size_used_bytes',
];

/** The value of the series `name{labels…}` (every given label must match), or 0 when absent. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe.each(backends())('metrics and health on %s', (backend) => {
  let s: TestServer;
  const raws: RpcClient[] = [];
  beforeAll(async () => {
    s = await build(backend, { metricsToken: TOKEN, metricsPort: 0 });
  });
  afterAll(async () => {
    await Promise.allSettled(raws.map((c) => c.close({ force: true })));
    await s?.close();
  });

  const scrape = async (token?: string) => fetch(`${s.baseUrl}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it("refuses /metrics without the token or with a wrong one (401, 757, in the caller's language)", async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 757, data: null });
    const wrong = await fetch(`${s.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x`, 'accept-language': 'zh-CN' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).msg).toContain('指标令牌');
    const basic = await fetch(`${s.baseUrl}/metrics`, { headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    expect(basic.status).toBe(401);
  });

  it('serves every family with the token; a Boot raises the message counter and the histogram; commands are counted', async () => {
    const first = await scrape(TOKEN);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/plain/);
    const before = await first.text();
    for (const f of FAMILIES) expect(before, f).toContain(`# TYPE ${f} `);
    expect(before).toMatch(/node="[^"]+"/);

    const co = await aCompany(s.database.db, { code: 'METRICCO' });
    const row = await aCharger(s.database.db, co.code, {});
    const cp = await connect(s.ocppUrl, row.serialNum);
    raws.push(cp);
    cp.handle('Reset', async () => ({ status: 'Accepted' }));
    cp.handle('ClearCache', async () => ({ status: 'Rejected' }));
    await cp.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'M-1' });
    await s.app.ocpp.call(row.serialNum, 'Reset', { type: 'Soft' });
    await expect(s.app.ocpp.call(row.serialNum, 'ClearCache', {})).rejects.toMatchObject({ code: 719 });
    await expect(s.app.ocpp.call('NOSUCHCHARGER0001', 'Reset', { type: 'Soft' })).rejects.toMatchObject({ code: 720 });

    const after = await (await scrape(TOKEN)).text();
    const boot = { action: 'BootNotification', result: 'ok' };
    expect(seriesValue(after, 'chargedesk_ocpp_messages_total', boot)).toBe(seriesValue(before, 'chargedesk_ocpp_messages_total', boot) + 1);
    expect(seriesValue(after, 'chargedesk_ocpp_handler_seconds_count', { action: 'BootNotification' })).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, 'chargedesk_ocpp_handler_seconds_bucket', { action: 'BootNotification', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, 'chargedesk_ocpp_connections', { kind: 'charger' })).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, 'chargedesk_ocpp_commands_total', { action: 'Reset', outcome: 'accepted' })).toBe(1);
    expect(seriesValue(after, 'chargedesk_ocpp_commands_total', { action: 'ClearCache', outcome: 'refused' })).toBe(1);
    expect(seriesValue(after, 'chargedesk_ocpp_commands_total', { action: 'Reset', outcome: 'not_connected' })).toBe(1);
    expect(seriesValue(after, 'chargedesk_mail_outbox', { status: 'queued' })).toBe(0);
    if (backend === 'postgres') expect(seriesValue(after, 'chargedesk_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    // Labels are bounded: no chargeBoxId anywhere.
    expect(after).not.toContain(row.serialNum);
    expect(after).not.toContain('NOSUCHCHARGER0001');
  });

  it('serves the three endpoints on the admin listener without a token', async () => {
    const port = metricsPortOf(s.app);
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE chargedesk_ocpp_messages_total counter');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/sp/config`)).status).toBe(404);
  });

  it('answers /healthz alive and /readyz ready with its checks', async () => {
    const h = await fetch(`${s.baseUrl}/healthz`);
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ status: 'alive' });
    const r = await fetch(`${s.baseUrl}/readyz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'off', shutdown: 'ok' } });
  });

  it('is not ready once its database is unreachable, and still alive', { timeout: 180_000 }, async () => {
    const database = await freshDatabase(backend);
    await ensureAdmin(database.db, ADMIN_PASSWORD);
    await ensureMenus(database.db);
    const node = await startNode(database);
    try {
      expect((await fetch(`${node.baseUrl}/readyz`)).status).toBe(200);
      await database.close();
      const r = await fetch(`${node.baseUrl}/readyz`);
      expect(r.status).toBe(503);
      const body = await r.json();
      expect(body.status).toBe('unready');
      expect(body.checks.database).not.toBe('ok');
      expect((await fetch(`${node.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await node.close().catch(() => undefined);
    }
  });
});

describe('readiness of a cluster node', () => {
  it('labels its series with the node id, is ready while Redis answers and not once its Redis link is gone', { timeout: 180_000 }, async () => {
    const prefix = `chargedesk-test-${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const s = await build('pglite', { redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix: prefix, metricsToken: TOKEN });
    try {
      const r = await fetch(`${s.baseUrl}/readyz`);
      expect(r.status).toBe(200);
      expect((await r.json()).checks.redis).toBe('ok');
      const text = await (await fetch(`${s.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(text).toContain(`node="${s.app.cluster!.nodeId}"`);
      s.app.cluster!.redis.disconnect();
      const gone = await fetch(`${s.baseUrl}/readyz`);
      expect(gone.status).toBe(503);
      expect((await gone.json()).checks.redis).not.toBe('ok');
    } finally {
      await s.close().catch(() => undefined);
      await dropRedisPrefix(redis, prefix);
      redis.disconnect();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('readiness with a frozen PostgreSQL', () => {
  it('answers 503 within the check time while the migrations table is locked, then ready again', { timeout: 180_000 }, async () => {
    const database = await freshDatabase('postgres', { statementTimeoutMs: 10_000 });
    await ensureAdmin(database.db, ADMIN_PASSWORD);
    await ensureMenus(database.db);
    const node = await startNode(database);
    const locker = new pg.Client({ connectionString: (database as { url?: string }).url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE');
      const t0 = Date.now();
      const r = await fetch(`${node.baseUrl}/readyz`);
      expect(r.status).toBe(503);
      expect((await r.json()).checks.database).toBe('timeout');
      expect(Date.now() - t0).toBeLessThan(5000);
      await locker.query('ROLLBACK');
      expect((await fetch(`${node.baseUrl}/readyz`)).status).toBe(200);
    } finally {
      await locker.end().catch(() => undefined);
      await node.close();
      await database.close();
    }
  });
});
