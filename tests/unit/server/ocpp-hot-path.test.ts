/**
 * The parts of the OCPP hot path that need no socket: the descriptor limit (server/ocpp/fd-limit.ts),
 * the OCPP share of the database (server/ocpp/db-gate.ts), batched and cached handshake lookups
 * (server/ocpp/handshake.ts IdentityLookup) and the 503 answer at the descriptor limit
 * (server/ocpp/upgrade.ts).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../server/db/client.js';
import { Connections } from '../../../server/ocpp/connections.js';
import { DbGate } from '../../../server/ocpp/db-gate.js';
import { chargerCapacity, checkFdLimit, FD_RESERVE, isFdExhaustion, openFileLimit } from '../../../server/ocpp/fd-limit.js';
import { FailureLimiter, IdentityLookup } from '../../../server/ocpp/handshake.js';
import type { RPCServer } from '../../../server/ocpp/rpc.js';
import { upgradeListener } from '../../../server/ocpp/upgrade.js';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
`;

function fakeLog() {
  const warnings: unknown[][] = [];
  const log = { warn: (...a: unknown[]) => warnings.push(a), info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('file-descriptor limit', () => {
  it('reads the soft limit and leaves a reserve for everything but chargers', () => {
    expect(openFileLimit(LIMITS)).toBe(1024);
    expect(openFileLimit(LIMITS.replace('1024 ', 'unlimited '))).toBeNull();
    expect(chargerCapacity(1024)).toBe(1024 - FD_RESERVE);
    expect(chargerCapacity(null)).toBe(Infinity);
    expect(isFdExhaustion(Object.assign(new Error('x'), { code: 'EMFILE' }))).toBe(true);
    expect(isFdExhaustion(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
  });

  it('warns at start-up when the limit holds fewer chargers than the node should', () => {
    const a = fakeLog();
    expect(checkFdLimit(10_000, a.log, 1024)).toBe(768);
    expect(a.warnings).toHaveLength(1);
    expect(String(a.warnings[0][1])).toContain('LimitNOFILE');
    const b = fakeLog();
    checkFdLimit(10_000, b.log, 65_536);
    expect(b.warnings).toHaveLength(0);
  });
});

describe('DbGate', () => {
  it('runs at most its limit at once, the others in arrival order', async () => {
    const gate = new DbGate(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate.run(async () => {
          running++;
          peak = Math.max(peak, running);
          order.push(i);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(gate.queued).toBe(0);
  });

  it('passes the slot on when a run fails', async () => {
    const gate = new DbGate(1);
    await expect(
      gate.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await gate.run(async () => 7)).toBe(7);
  });
});

/** A Db whose charger / gateway selects answer from lists, counting queries. */
function fakeDb(chargers: { serialNum: string }[]) {
  const calls: string[] = [];
  const db = {
    select: () => ({
      from: (table: unknown) => ({
        where: async () => {
          const name = (table as Record<symbol, string>)[Symbol.for('drizzle:Name')];
          calls.push(name);
          return name === 'charger'
            ? chargers.map((c, i) => ({ id: i + 1, companyCode: 'A', stationId: null, lifeStatus: 'ACTIVE', ocppPasswordHash: null, ...c }))
            : [];
        },
      }),
    }),
  } as unknown as Db;
  return { db, calls };
}

describe('IdentityLookup', () => {
  it('reads the identities of handshakes arriving together in one query, then from memory until forgotten', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `CP${i}`);
    const { db, calls } = fakeDb(ids.map((serialNum) => ({ serialNum })));
    const lookup = new IdentityLookup(db, 60_000);
    const rows = await Promise.all([...ids, 'NOBODY'].map((i) => lookup.find(i)));
    expect(rows.slice(0, 40).map((r) => r?.serialNum)).toEqual(ids);
    expect(rows[40]).toBeUndefined();
    expect(calls).toEqual(['charger', 'gateway']); // one query each, not one per handshake
    expect((await lookup.find('CP3'))?.serialNum).toBe('CP3');
    expect(calls).toHaveLength(2);
    lookup.forget('CP3');
    await lookup.find('CP3');
    expect(calls).toHaveLength(3);
    await lookup.find('NOBODY'); // an unknown identity is never kept
    expect(calls).toHaveLength(5);
  });

  it('keeps nothing when the time to keep is 0', async () => {
    const { db, calls } = fakeDb([{ serialNum: 'CP1' }]);
    const lookup = new IdentityLookup(db, 0);
    await lookup.find('CP1');
    await lookup.find('CP1');
    expect(calls).toEqual(['charger', 'charger']);
  });
});

describe('upgrade at the descriptor limit', () => {
  it('answers 503 with Retry-After and stores an FD_LIMIT attempt, without reaching the OCPP server', async () => {
    const conns = new Connections();
    conns.clients.set('HELD', {} as never);
    const inserted: unknown[] = [];
    const db = {
      insert: () => ({
        values: (v: unknown) => ({
          onConflictDoUpdate: async () => {
            inserted.push(v);
          },
        }),
      }),
    } as unknown as Db;
    let handed = 0;
    const server = {
      handleUpgrade: async () => {
        handed++;
      },
    } as unknown as InstanceType<typeof RPCServer>;
    const { log, warnings } = fakeLog();
    const listener = upgradeListener(server, { db, conns, limiter: new FailureLimiter(), clientAddress: () => '127.0.0.9', log, capacity: 1 });
    let written = '';
    const socket = Object.assign(new EventEmitter(), {
      destroyed: false,
      end: (s: string) => {
        written = s;
      },
    }) as unknown as Duplex;
    listener({ url: '/ocpp/CP000001', headers: {} } as IncomingMessage, socket, Buffer.alloc(0));
    await conns.settle();
    expect(written).toMatch(/^HTTP\/1\.1 503 /);
    expect(written).toContain('Retry-After: 30');
    expect(handed).toBe(0);
    expect(inserted).toMatchObject([{ identity: 'CP000001', reason: 'FD_LIMIT', remoteAddress: '127.0.0.9' }]);
    expect(warnings).toHaveLength(1);
  });
});
