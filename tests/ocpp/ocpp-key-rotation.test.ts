/**
 * OCPP password rotation of a connected charger (requirements R10.25) with a real charge point:
 * the console's rotate sends ChangeConfiguration(AuthorizationKey); on Accepted the charger
 * reconnects with the new key, the old one opens a socket only within OCPP_KEY_GRACE_MINUTES; a
 * refusal (Rejected, NotSupported, CALLERROR), no answer in time or no connection leaves the old
 * password (770 / 771 / 772) and the new key opens nothing; one rotation at a time (773); each
 * step is in the charger log; the key is nowhere in the database, the answers or the log lines
 * (R10.24). Also across two nodes sharing Redis: rotated from one node, the charger on the other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { chargerLog } from '../../server/db/schema.js';
import { ROTATION_ACTION } from '../../server/modules/charger/key-rotation.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { backends } from '../support/db.js';
import { build, startNode, type TestServer } from '../support/app.js';
import { caller, type Call } from '../support/assets.js';
import { aBootNotification, aNetwork } from '../support/builders.js';
import { placesOf } from '../support/secrets.js';
import { connect, dropRedisPrefix, eventually, handshakeStatus } from './helpers.js';

const OLD = 'old-Password-0123';
/** Grace of the tests: 9 s (the checks "within the grace" run in the first seconds, even on a loaded machine). */
const GRACE_MINUTES = 0.15;

/** A charge point with password `OLD` that records the ChangeConfiguration it receives and answers with `answer`. */
async function keyedCharger(s: TestServer, answer: (p: { key: string; value: string }) => unknown) {
  const net = await aNetwork(s.database.db, { charger: { password: OLD } });
  const seen: { key: string; value: string }[] = [];
  const cp = await connect(s.ocppUrl, net.charger.serialNum, { password: OLD });
  cp.handle('ChangeConfiguration', async ({ params: raw }) => {
    const params = raw as { key: string; value: string };
    seen.push(params);
    return answer(params) as Promise<Record<string, unknown>>;
  });
  await cp.call('BootNotification', aBootNotification());
  return { net, cp, seen, sn: net.charger.serialNum, id: net.charger.id };
}

const steps = async (s: TestServer, sn: string) =>
  (
    await s.database.db
      .select()
      .from(chargerLog)
      .where(and(eq(chargerLog.chargerSn, sn), eq(chargerLog.action, ROTATION_ACTION)))
      .orderBy(asc(chargerLog.id))
  ).map((r) => (r.payload as { step: string }).step);

describe.each(backends())('OCPP key rotation on %s', (backend) => {
  let s: TestServer;
  let admin: Call;
  const logLines: string[] = [];
  const clients: RpcClient[] = [];

  beforeAll(async () => {
    s = await build(backend, { ocppKeyGraceMinutes: GRACE_MINUTES, commandTimeoutMs: 5000, identityCacheMs: 30_000 }, { logLines });
    admin = caller(s, await s.login());
  });
  afterAll(async () => {
    for (const c of clients) await c.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  it('sends the new key; on Accepted the charger reconnects with it, the old one works within the grace and is refused after', async () => {
    const { cp, seen, sn, id } = await keyedCharger(s, () => ({ status: 'Accepted' }));
    clients.push(cp);
    const res = await admin('POST', `/sp/charger/${id}/ocpp-password/rotate`);
    expect(res.code).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].key).toBe('AuthorizationKey');
    const key = seen[0].value;
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(res.data).toEqual({ username: sn, status: 'Accepted', graceUntil: expect.any(String) });
    const graceUntil = Date.parse((res.data as { graceUntil: string }).graceUntil);

    // The charger reconnects with the new key, as the whitepaper has it.
    await cp.close();
    const again = await connect(s.ocppUrl, sn, { password: key });
    clients.push(again);
    expect(await again.call('Heartbeat', {})).toHaveProperty('currentTime');
    await again.close();
    // Within the grace the old password still opens a socket; a wrong one never does.
    expect(Date.now()).toBeLessThan(graceUntil);
    expect(await handshakeStatus(s.ocppUrl, sn, { password: OLD })).toBe('open');
    expect(await handshakeStatus(s.ocppUrl, sn, { password: 'not-the-Password-1' })).toBe(401);
    await new Promise((r) => setTimeout(r, Math.max(0, graceUntil - Date.now() + 100)));
    expect(await handshakeStatus(s.ocppUrl, sn, { password: OLD })).toBe(401);
    expect(await handshakeStatus(s.ocppUrl, sn, { password: key })).toBe('open');

    expect(await steps(s, sn)).toEqual(['ASKING', 'ACCEPTED']);
    const log = await admin('GET', `/sp/charger-log?serialNum=${sn}&limit=100`);
    expect(log.code).toBe(200);
    const frames = await admin('GET', `/sp/charger-log/frames?serialNum=${sn}&size=100`);
    await eventually(
      async () =>
        (
          await s.database.db
            .select()
            .from(chargerLog)
            .where(and(eq(chargerLog.chargerSn, sn), eq(chargerLog.action, 'ChangeConfiguration')))
        ).length >= 3,
    );
    expect(await placesOf(s.database.db, key, logLines, [res, log, frames])).toEqual([]);
    expect(await placesOf(s.database.db, OLD, logLines)).toEqual([]);
  });

  it.each([
    ['Rejected', () => ({ status: 'Rejected' })],
    ['NotSupported', () => ({ status: 'NotSupported' })],
  ])('keeps the old password when the charger answers %s (770) and the new key opens nothing', async (_name, answer) => {
    const { cp, seen, sn, id } = await keyedCharger(s, answer);
    clients.push(cp);
    const res = await admin('POST', `/sp/charger/${id}/ocpp-password/rotate`);
    expect(res.code).toBe(770);
    expect(res.status).toBe(409);
    const key = seen[0].value;
    expect(await handshakeStatus(s.ocppUrl, sn, { password: key })).toBe(401);
    await cp.close();
    expect(await handshakeStatus(s.ocppUrl, sn, { password: OLD })).toBe('open');
    expect(await steps(s, sn)).toEqual(['ASKING', 'REFUSED']);
    expect(await placesOf(s.database.db, key, logLines, [res])).toEqual([]);
  });

  it('keeps the old password when the charger does not answer in time (771) or is not connected (772)', async () => {
    const { cp, seen, sn, id } = await keyedCharger(s, () => new Promise(() => undefined));
    clients.push(cp);
    s.app.config.commandTimeoutMs = 1000;
    const res = await admin('POST', `/sp/charger/${id}/ocpp-password/rotate`).finally(() => {
      s.app.config.commandTimeoutMs = 5000;
    });
    expect(res.code).toBe(771);
    const key = seen[0].value;
    await cp.close({ force: true });
    expect(await handshakeStatus(s.ocppUrl, sn, { password: key })).toBe(401);
    expect(await handshakeStatus(s.ocppUrl, sn, { password: OLD })).toBe('open');
    await eventually(async () => !s.app.ocpp.isConnected(sn));
    const offline = await admin('POST', `/sp/charger/${id}/ocpp-password/rotate`);
    expect(offline.code).toBe(772);
    expect(await handshakeStatus(s.ocppUrl, sn, { password: OLD })).toBe('open');
    expect(await steps(s, sn)).toEqual(['ASKING', 'NO_ANSWER', 'ASKING', 'NOT_CONNECTED']);
  });

  it('runs one rotation of a charger at a time (773), and a password set by hand meanwhile wins', async () => {
    let release: (v: unknown) => void = () => undefined;
    const { cp, id, sn } = await keyedCharger(
      s,
      () =>
        new Promise((r) => {
          release = () => r({ status: 'Accepted' });
        }),
    );
    clients.push(cp);
    const first = admin('POST', `/sp/charger/${id}/ocpp-password/rotate`);
    await eventually(async () => (await steps(s, sn)).includes('ASKING'));
    expect((await admin('POST', `/sp/charger/${id}/ocpp-password/rotate`)).code).toBe(773);
    const byHand = await admin('POST', `/sp/charger/${id}/ocpp-password`);
    expect(byHand.code).toBe(200);
    release(undefined);
    // The password set by hand closed the socket after the key was sent (795 → 771: no answer), before it
    // left (720 → 772) or, had the answer come first, the swap finds it changed (773).
    expect([771, 772, 773]).toContain((await first).code);
    expect(await handshakeStatus(s.ocppUrl, sn, { password: (byHand.data as { password: string }).password })).toBe('open');
    expect(await handshakeStatus(s.ocppUrl, sn, { password: OLD })).toBe(401);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(backends())('OCPP key rotation across nodes on %s', (backend) => {
  const prefix = `chargedesk-test-${randomBytes(4).toString('hex')}:`;
  const overrides = { redisUrl: REDIS_URL, redisPrefix: prefix, pingInterval: 1, commandTimeoutMs: 5000, ocppKeyGraceMinutes: GRACE_MINUTES };
  let a: TestServer;
  let b: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    a = await build(backend, overrides, { logLines });
    b = await startNode(a.database, overrides, { logLines });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropRedisPrefix(new Redis(REDIS_URL), prefix);
  });

  it('rotates from node B the key of a charger connected to node A; the reconnect with the new key is accepted on either node', async () => {
    const { cp, seen, sn, id } = await keyedCharger(a, () => ({ status: 'Accepted' }));
    try {
      // Node B has read the charger's row (old password) before the rotation: its cache must not keep it.
      expect(await handshakeStatus(b.ocppUrl, sn, { password: OLD })).toBe(409);
      const res = await caller(b, await b.login())('POST', `/sp/charger/${id}/ocpp-password/rotate`);
      expect(res.code).toBe(200);
      const key = seen[0].value;
      await cp.close();
      await eventually(async () => !a.app.ocpp.isConnected(sn));
      expect(await handshakeStatus(b.ocppUrl, sn, { password: key })).toBe('open');
      expect(await handshakeStatus(a.ocppUrl, sn, { password: key })).toBe('open');
      const graceUntil = Date.parse((res.data as { graceUntil: string }).graceUntil);
      await new Promise((r) => setTimeout(r, Math.max(0, graceUntil - Date.now() + 100)));
      expect(await handshakeStatus(b.ocppUrl, sn, { password: OLD })).toBe(401);
      expect(await handshakeStatus(a.ocppUrl, sn, { password: OLD })).toBe(401);
      expect(await placesOf(a.database.db, key, logLines, [res])).toEqual([]);
    } finally {
      await cp.close({ force: true });
    }
  });
});
