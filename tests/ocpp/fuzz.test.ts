/**
 * Bounded fuzzing of the charger link (docs/ocpp.md "Refusals and limits"): malformed handshakes
 * (bad percent-encoding, huge and odd identities, bad subprotocols, bad Authorization headers) and
 * malformed frames (invalid JSON, wrong types, NUL, absurd numbers, huge payloads). Every
 * handshake gets an HTTP answer, every well-formed CALL an answer, and afterwards the server still
 * serves a normal charger and the API. Deterministic (seeded), a few hundred inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { caller } from '../support/assets.js';
import { aBootNotification, aNetwork, aStartTransaction } from '../support/builders.js';
import { connect, rawSocket, rawUpgrade } from './helpers.js';

/** A small seeded PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = prng(20261124);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(Math.floor(rand() * 0x3000))).join('');

const ABSURD = [1e308, -1e308, 9e15, 1e19, -1, 0.5, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e-300];
const ACTIONS = [
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'Authorize',
  'StartTransaction',
  'StopTransaction',
  'MeterValues',
  'DataTransfer',
  'NoSuchAction',
  '',
];

/** A CALL with a proper messageId and a mangled payload (it must be answered). */
function mangledCall(i: number): [number, string, string, unknown] {
  const action = pick(ACTIONS);
  const payloads: unknown[] = [
    {},
    null,
    [],
    'str',
    42,
    { idTag: `A\u0000${junk(3)}` },
    { connectorId: pick(ABSURD), idTag: 'X', meterStart: pick(ABSURD), timestamp: '2999-13-45T99:99:99Z' },
    { ...aStartTransaction(), meterStart: pick(ABSURD) },
    { transactionId: pick(ABSURD), meterStop: pick(ABSURD), timestamp: new Date().toISOString() },
    { connectorId: 1, meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: String(pick(ABSURD)) }] }] },
    { vendorId: junk(10), data: `${junk(50)}\u0000` },
    { chargePointVendor: '\u0000'.repeat(20), chargePointModel: junk(5) },
    { connectorId: 0, status: 'Available', errorCode: 'NoError', timestamp: '1970-01-01T00:00:00Z' },
  ];
  return [2, `fz${i}`, action, pick(payloads)];
}

/** Frames that are not well-formed CALLs (no answer is owed, but nothing may break). */
function brokenFrame(): string {
  return pick([
    'not json',
    '[',
    '{}',
    '[]',
    '""',
    'null',
    '[2]',
    '[2, 1, 2, 3]',
    '[5, "x", "Heartbeat", {}]',
    '[3, "nobody-asked", {}]',
    '[4, "x", "GenericError", "", {}]',
    `[2, "${junk(5)}\u0000", "Heartbeat", {}]`,
    JSON.stringify([2, 'x'.repeat(500), 'Heartbeat', {}]),
    '\u0000\u0000',
    junk(200),
  ]);
}

/** Sends `frames` on `ws` and waits until every id in `expect` got an answer (or the socket closed). */
async function exchange(ws: WebSocket, frames: string[], expectIds: string[]): Promise<{ answered: Set<string>; closed: boolean }> {
  const answered = new Set<string>();
  let closed = false;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    const check = () => {
      if (closed || expectIds.every((id) => answered.has(id))) {
        clearTimeout(timer);
        resolve();
      }
    };
    ws.on('message', (data) => {
      try {
        const f = JSON.parse(String(data)) as unknown[];
        if (Array.isArray(f) && typeof f[1] === 'string') answered.add(f[1]);
      } catch {
        /* not ours to judge */
      }
      check();
    });
    ws.once('close', () => {
      closed = true;
      check();
    });
    for (const f of frames) ws.send(f);
    check();
  });
  return { answered, closed };
}

describe.each(backends())('fuzzing the charger link on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers every malformed handshake with an HTTP status', async () => {
    const net = await aNetwork(s.database.db, { charger: { password: 'charger-Secret-9' } });
    const sn = net.charger.serialNum;
    const paths = [
      '/ocpp/%',
      '/ocpp/%E0%A4%A',
      `/ocpp/${sn}%E0`,
      `/ocpp/${'X'.repeat(10_000)}`,
      `/ocpp/${encodeURIComponent(junk(30))}`,
      '/ocpp/%00',
      '/ocpp/..',
      '/ocpp/%2e%2e',
      `/ocpp/${sn}?x=%`,
      `/ocpp/${sn}#frag`,
      '/ocpp//',
      '/ocpp/%FF%FE',
      `/ocpp/${sn}/`,
    ];
    for (const path of paths) {
      const status = await rawUpgrade(s.baseUrl, path);
      expect(status, path).toBeGreaterThanOrEqual(400);
    }
    const headers: Record<string, string>[] = [
      { 'Sec-WebSocket-Protocol': '' },
      { 'Sec-WebSocket-Protocol': ',,,' },
      { 'Sec-WebSocket-Protocol': 'ocpp1.6, ocpp1.6' },
      { 'Sec-WebSocket-Protocol': 'x'.repeat(4000) },
      { 'Sec-WebSocket-Protocol': 'ocpp2.0.1' },
      { Authorization: 'Basic' },
      { Authorization: 'Basic !!!' },
      { Authorization: `Basic ${'A'.repeat(6000)}` },
      { Authorization: 'Bearer abc' },
      { Authorization: `Basic ${Buffer.from(sn).toString('base64')}` },
      { Authorization: `Basic ${Buffer.from(`${sn}:\u0000`).toString('base64')}` },
      { Authorization: `Basic ${Buffer.from(`other:charger-Secret-9`).toString('base64')}` },
      { 'Sec-WebSocket-Version': '99' },
      { 'Sec-WebSocket-Key': '' },
    ];
    for (const h of headers) {
      const status = await rawUpgrade(s.baseUrl, `/ocpp/${sn}`, h);
      expect(status, JSON.stringify(h).slice(0, 80)).toBeGreaterThanOrEqual(400);
    }
  }, 60_000);

  it('answers every well-formed CALL among malformed frames, and keeps serving a normal charger and the API', async () => {
    for (let round = 0; round < 8; round++) {
      const net = await aNetwork(s.database.db);
      const ws = await rawSocket(`${s.ocppUrl}/${net.charger.serialNum}`);
      const calls = Array.from({ length: 12 }, (_, i) => mangledCall(round * 100 + i));
      const frames: string[] = [];
      for (const c of calls) {
        frames.push(JSON.stringify(c));
        if (rand() < 0.4) frames.push(brokenFrame());
      }
      const { answered, closed } = await exchange(
        ws,
        frames,
        calls.map((c) => c[1]),
      );
      if (!closed) expect(calls.map((c) => c[1]).filter((id) => !answered.has(id))).toEqual([]);
      ws.terminate();
    }
    // A huge payload closes that socket (1009), nothing more.
    const big = await aNetwork(s.database.db);
    const ws = await rawSocket(`${s.ocppUrl}/${big.charger.serialNum}`);
    const code = await new Promise<number>((resolve) => {
      ws.once('close', (c) => resolve(c));
      ws.send(JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'x', data: 'y'.repeat(200_000) }]));
    });
    expect(code).toBe(1009);

    const normal = await aNetwork(s.database.db);
    const cp = await connect(s.ocppUrl, normal.charger.serialNum);
    try {
      expect(await cp.call('BootNotification', aBootNotification())).toMatchObject({ status: 'Accepted' });
      expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
      const admin = caller(s, await s.login());
      expect((await admin('GET', '/sp/order?page=1&pageSize=10')).code).toBe(200);
    } finally {
      await cp.close({ force: true });
    }
  }, 120_000);
});
