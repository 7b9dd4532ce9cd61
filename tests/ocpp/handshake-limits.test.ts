/**
 * The handshake limiter and the stored refusals (docs/ocpp.md "Refusals and limits"): keyed by
 * identity and address, bounded in memory and in storage, and X-Forwarded-For believed only from
 * configured proxies (TRUST_PROXY).
 */
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aNetwork } from '../support/builders.js';
import { connectionAttempt } from '../../server/db/schema.js';
import { FailureLimiter, MAX_ADDRESS_FAILURES } from '../../server/ocpp/handshake.js';
import { build } from '../support/app.js';
import { handshakeStatus, rawUpgrade, serverSuite } from './helpers.js';

describe('the in-memory handshake limiter', () => {
  it('keeps a bounded number of keys and still limits an address that floods fresh identities', async () => {
    const limiter = new FailureLimiter(1000);
    for (let i = 0; i < 10_100; i++) await limiter.record({ identity: `FRESH${i}`, address: '10.0.0.9' });
    expect(limiter.size).toBeLessThanOrEqual(1000);
    expect(await limiter.limited({ identity: 'VICTIM', address: '10.0.0.9' })).toBe('address');
    expect(await limiter.limited({ identity: 'VICTIM', address: '10.0.0.10' })).toBeNull();
  });
});

describe.each(backends())('handshake refusals on %s', (backend) => {
  const ctx = serverSuite(backend);

  it('locks out only the address that failed: the right password from another address still gets in', async () => {
    const net = await aNetwork(ctx.s.database.db, { charger: { password: 'charger-Secret-9' } });
    const sn = net.charger.serialNum;
    for (let i = 0; i < 7; i++) await handshakeStatus(ctx.s.ocppUrl, sn, { password: `bad${i}`, localAddress: '127.0.0.1' });
    expect(await handshakeStatus(ctx.s.ocppUrl, sn, { password: 'charger-Secret-9', localAddress: '127.0.0.1' })).toBe(429);
    expect(await handshakeStatus(ctx.s.ocppUrl, sn, { password: 'charger-Secret-9', localAddress: '127.0.0.2' })).toBe('open');

    // Repeats are one row per identity + address + reason, with a count and first / last times.
    const rows = await ctx.s.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.identity, sn));
    const bad = rows.filter((r) => r.reason === 'BAD_PASSWORD');
    expect(bad).toHaveLength(1);
    expect(bad[0].count).toBeGreaterThanOrEqual(5);
    expect(bad[0].firstAt.getTime()).toBeLessThanOrEqual(bad[0].at.getTime());
    expect(rows.every((r) => r.remoteAddress === '127.0.0.1')).toBe(true);
  });

  it('stores a flood of fresh identities from one address in a bounded number of rows', async () => {
    const n = MAX_ADDRESS_FAILURES + 30;
    for (let i = 0; i < n; i++) expect([404, 429]).toContain(await handshakeStatus(ctx.s.ocppUrl, `FLOOD${i}X`, { localAddress: '127.0.0.3' }));
    for (let i = 0; i < 20; i++) expect(await rawUpgrade(ctx.s.baseUrl, `/ocpp/%ZZ${i}`)).toBe(400);
    const rows = await ctx.s.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.remoteAddress, '127.0.0.3'));
    expect(rows.length).toBeLessThanOrEqual(MAX_ADDRESS_FAILURES + 3);
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(n);
  });

  it('ignores X-Forwarded-For unless the peer is a configured proxy (TRUST_PROXY)', async () => {
    expect(await rawUpgrade(ctx.s.baseUrl, '/ocpp/NOSUCHXFF0000001', { 'X-Forwarded-For': '203.0.113.7' })).toBe(404);
    const [row] = await ctx.s.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.identity, 'NOSUCHXFF0000001'));
    expect(row.remoteAddress).toBe('127.0.0.1');

    const proxied = await build(backend, { trustProxy: ['127.0.0.1'] });
    try {
      expect(await rawUpgrade(proxied.baseUrl, '/ocpp/NOSUCHXFF0000002', { 'X-Forwarded-For': '203.0.113.7' })).toBe(404);
      const [r2] = await proxied.database.db
        .select()
        .from(connectionAttempt)
        .where(and(eq(connectionAttempt.identity, 'NOSUCHXFF0000002'), like(connectionAttempt.reason, 'UNKNOWN%')));
      expect(r2.remoteAddress).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
  });
});
