/**
 * OCPP test helpers: a strict-mode ocpp-rpc client (which validates every answer of the server
 * against the official OCPP 1.6 schemas), a raw `ws` client for malformed frames, and waits.
 */
import net from 'node:net';
import WebSocket from 'ws';
import type { Redis } from 'ioredis';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { ocppClient } from '../../sim/client.js';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { build, type TestServer } from '../support/app.js';
import type { Backend } from '../support/db.js';
import { aCard, aCharger, aFlatTariff, aNetwork } from '../support/builders.js';
import { type cardUser, chargeOrder } from '../../server/db/schema.js';
import { changeBalance } from '../../server/modules/balance/ledger.js';

export interface ConnectOptions {
  password?: string;
  protocols?: string[];
  /** Local address to connect from (another loopback address, e.g. 127.0.0.2, is another client). */
  localAddress?: string;
}

/** An ocpp-rpc client for `identity` (not connected yet). */
export function chargePoint(ocppUrl: string, identity: string, o: ConnectOptions = {}): RpcClient {
  return ocppClient({ url: ocppUrl, identity, password: o.password, protocols: o.protocols, localAddress: o.localAddress });
}

/** Connects and returns the client; rejects with the HTTP refusal. */
export async function connect(ocppUrl: string, identity: string, o: ConnectOptions = {}): Promise<RpcClient> {
  const c = chargePoint(ocppUrl, identity, o);
  await c.connect();
  return c;
}

/** Connects `identity` for `body` and force-closes the socket afterwards, whatever `body` does; answers what `body` answers. */
export async function whileConnected<T>(ocppUrl: string, identity: string, body: (cp: RpcClient) => Promise<T>): Promise<T> {
  const cp = await connect(ocppUrl, identity);
  try {
    return await body(cp);
  } finally {
    await cp.close({ force: true });
  }
}

/** The HTTP status of a refused handshake (or 'open' when it was accepted). */
export async function handshakeStatus(ocppUrl: string, identity: string, o: ConnectOptions = {}): Promise<number | 'open'> {
  const c = chargePoint(ocppUrl, identity, o);
  try {
    await c.connect();
    await c.close({ force: true });
    return 'open';
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'number' ? code : -1;
  }
}

/** A raw WebSocket with the ocpp1.6 subprotocol; resolves once open. */
export function rawSocket(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['ocpp1.6'], { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The next message received on `ws`, parsed. */
export function nextFrame(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
}

/** Polls `fn` until it returns a truthy value (at most `tries` × 50 ms); throws when it never does. */
export async function eventually<T>(fn: () => Promise<T>, tries = 100): Promise<NonNullable<T>> {
  for (let i = 0; i < tries; i++) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

/**
 * Sends a raw WebSocket upgrade request for `path` (exactly as given, no URL normalisation) with
 * `headers`, and resolves with the HTTP status of the answer (101 when upgraded, -1 when the
 * connection closed without one). The socket is closed afterwards.
 */
export function rawUpgrade(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(baseUrl.replace(/^ws/, 'http'));
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    const done = (status: number) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => done(-1), 5000);
    socket.on('connect', () => {
      const all: Record<string, string> = {
        Host: `${hostname}:${port}`,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Protocol': 'ocpp1.6',
        ...headers,
      };
      socket.write(
        `GET ${path} HTTP/1.1\r\n${Object.entries(all)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (m) done(Number(m[1]));
    });
    socket.on('error', () => done(-1));
    socket.on('close', () => done(-1));
  });
}

/**
 * The opening of a charger-link suite: registers the hooks that build a fresh server on `backend`
 * (configured with `overrides`) before the suite's tests and close it after them. Answers `{ s }`, filled in once `beforeAll`
 * has run (read it inside hooks and tests only).
 */
export function serverSuite(backend: Backend, overrides: Parameters<typeof build>[1] = {}): { s: TestServer } {
  const ctx = {} as { s: TestServer };
  beforeAll(async () => {
    ctx.s = await build(backend, overrides);
  });
  afterAll(async () => {
    await ctx.s?.close();
  });
  return ctx;
}

/** What {@link pricedSuite} gives its tests (fields filled in once `beforeAll` has run). */
export interface PricedSuite {
  s: TestServer;
  net: Awaited<ReturnType<typeof aNetwork>>;
  /** A new charger of the network, connected (closed after the suite). */
  aChargePoint(): Promise<{ ch: Awaited<ReturnType<typeof aCharger>>; cp: RpcClient }>;
  /** A card whose balance came through the ledger (so Σ ledger = balance can be checked). */
  aFundedCard(amount: string, o?: Partial<typeof cardUser.$inferInsert>): Promise<Awaited<ReturnType<typeof aCard>>>;
  /** The order of `transactionId` as stored. */
  orderOf(transactionId: number): Promise<typeof chargeOrder.$inferSelect>;
}

/**
 * A server on `backend` with one network whose station is priced flat at 0.35 / kWh (no service
 * fee, no tax: an order costs its energy × 0.35), built before the suite's tests and closed after
 * them with the chargers they connected.
 */
export function pricedSuite(backend: Backend): PricedSuite {
  const clients: RpcClient[] = [];
  const ctx = {
    async aChargePoint() {
      const ch = await aCharger(ctx.s.database.db, ctx.net.company.code, { stationId: ctx.net.station.id });
      const cp = await connect(ctx.s.ocppUrl, ch.serialNum);
      clients.push(cp);
      return { ch, cp };
    },
    async aFundedCard(amount: string, o: Partial<typeof cardUser.$inferInsert> = {}) {
      const card = await aCard(ctx.s.database.db, ctx.net.company.code, { balance: '0', ...o });
      await changeBalance(ctx.s.database.db, { holderType: 'CARD', holderId: card.id, changeType: 'GIFT', amount });
      return card;
    },
    async orderOf(transactionId: number) {
      const [row] = await ctx.s.database.db.select().from(chargeOrder).where(eq(chargeOrder.transactionId, transactionId));
      return row;
    },
  } as PricedSuite;
  beforeAll(async () => {
    ctx.s = await build(backend);
    ctx.net = await aNetwork(ctx.s.database.db, { card: { balance: '0' } });
    await aFlatTariff(ctx.s.database.db, ctx.net.company.code, ctx.net.station.id);
  });
  afterAll(async () => {
    for (const c of clients) await c.close({ force: true }).catch(() => undefined);
    await ctx.s?.close();
  });
  return ctx;
}

/** Removes every Redis key under `prefix` (a test's own) and closes `redis`; nothing when it never opened. */
export async function dropRedisPrefix(redis: Redis | undefined, prefix: string): Promise<void> {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
