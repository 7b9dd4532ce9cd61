/**
 * Several nodes on one database and one Redis (requirements §12): a charger's socket lives on one
 * node; commands sent from another node reach it and bring its answer (or its 718 / 719) back;
 * live events and deactivations cross nodes; the duplicate-connection policy holds across nodes
 * (alive → 409, dead → handed over); refused handshakes are counted across nodes; a node that
 * starts leaves other nodes' chargers online.
 * Every node of a test shares a fresh Redis prefix, so runs never see each other's keys.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { charger, connectionAttempt } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import { build, startNode, type TestServer } from '../support/app.js';
import { caller } from '../support/assets.js';
import { aBootNotification, aNetwork } from '../support/builders.js';
import { connect, dropRedisPrefix, eventually, handshakeStatus } from './helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(backends())('a cluster of nodes on %s', (backend) => {
  const prefix = `chargedesk-test-${randomBytes(4).toString('hex')}:`;
  const overrides = { redisUrl: REDIS_URL, redisPrefix: prefix, pingInterval: 1, commandTimeoutMs: 5000 };
  let a: TestServer;
  let b: TestServer;
  let redis: Redis;

  beforeAll(async () => {
    a = await build(backend, overrides);
    b = await startNode(a.database, overrides);
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropRedisPrefix(redis, prefix);
  });

  const online = async (id: number) => (await a.database.db.select().from(charger).where(eq(charger.id, id)))[0].online;

  it('sends a command from one node to the charger connected to another, and brings its answer back', async () => {
    const net = await aNetwork(a.database.db);
    const sn = net.charger.serialNum;
    const cp = await connect(a.ocppUrl, sn);
    try {
      cp.handle('Reset', async () => ({ status: 'Accepted' }));
      await cp.call('BootNotification', aBootNotification());
      expect(await redis.get(`${prefix}owner:${sn}`)).toBe(a.app.cluster?.nodeId);
      expect(b.app.ocpp.isConnected(sn)).toBe(false);
      expect(await b.app.ocpp.call(sn, 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
      // Through node B's API, as an operator on B would.
      const admin = caller(b, await b.login());
      const res = await admin('POST', `/sp/charger/${net.charger.id}/command/reset`, { type: 'Hard' });
      expect(res.code).toBe(200);
    } finally {
      await cp.close();
    }
  });

  it("passes the holder's refusals back: 719 for a Rejected answer, 718 when the charger is silent, 720 when no node holds it", async () => {
    const net = await aNetwork(a.database.db);
    const sn = net.charger.serialNum;
    const cp = await connect(a.ocppUrl, sn);
    try {
      cp.handle('Reset', async () => ({ status: 'Rejected' }));
      cp.handle('UnlockConnector', () => new Promise(() => undefined));
      await eventually(async () => (await redis.get(`${prefix}owner:${sn}`)) === a.app.cluster?.nodeId);
      await expect(b.app.ocpp.call(sn, 'Reset', { type: 'Soft' })).rejects.toMatchObject({ code: 719, data: { status: 'Rejected' } });
      await expect(b.app.ocpp.call(sn, 'UnlockConnector', { connectorId: 1 }, { timeoutMs: 300 })).rejects.toMatchObject({ code: 718 });
    } finally {
      // The silent handler never answers: a graceful close would wait for it.
      await cp.close({ force: true });
    }
    await eventually(async () => (await redis.get(`${prefix}owner:${sn}`)) === null);
    await expect(b.app.ocpp.call(sn, 'Reset', { type: 'Soft' })).rejects.toMatchObject({ code: 720 });
  });

  it('carries live events and deactivations across nodes', async () => {
    const net = await aNetwork(a.database.db);
    const sn = net.charger.serialNum;
    const seen: string[] = [];
    const off = b.app.bus.on('charger', (p) => {
      if (p.serialNum === sn) seen.push(p.serialNum);
    });
    try {
      const cp = await connect(a.ocppUrl, sn);
      const closed = new Promise<number | undefined>((r) => cp.once('close', ({ code }: { code?: number }) => r(code)));
      await cp.call('BootNotification', aBootNotification());
      await eventually(async () => seen.length >= 2); // online, boot
      const admin = caller(b, await b.login());
      expect((await admin('PUT', `/sp/charger/${net.charger.id}/status`, { active: false })).code).toBe(200);
      expect(await closed).toBe(1008);
      await eventually(async () => !(await online(net.charger.id)));
    } finally {
      off();
    }
  });

  it('refuses a second connection on another node while the first socket is alive', async () => {
    const net = await aNetwork(a.database.db);
    const sn = net.charger.serialNum;
    const cp = await connect(a.ocppUrl, sn);
    try {
      await eventually(async () => (await redis.get(`${prefix}owner:${sn}`)) === a.app.cluster?.nodeId);
      expect(await handshakeStatus(b.ocppUrl, sn)).toBe(409);
      const rows = await a.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.identity, sn));
      expect(rows.map((r) => r.reason)).toEqual(['DUPLICATE']);
      expect(a.app.ocpp.isConnected(sn)).toBe(true);
      expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
    } finally {
      await cp.close();
    }
  });

  it('hands a dead socket over to the node a newcomer reaches, which then holds the charger', async () => {
    const net = await aNetwork(a.database.db);
    const sn = net.charger.serialNum;
    const dead = new WebSocket(`${a.ocppUrl}/${sn}`, ['ocpp1.6']);
    await new Promise((r) => dead.once('open', r));
    await eventually(async () => (await redis.get(`${prefix}owner:${sn}`)) === a.app.cluster?.nodeId);
    // Stop reading: the socket no longer answers pings (a peer that vanished without a FIN).
    (dead as unknown as { _socket: { pause(): void } })._socket.pause();
    const cp = await connect(b.ocppUrl, sn);
    try {
      cp.handle('Reset', async () => ({ status: 'Accepted' }));
      expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
      expect(b.app.ocpp.isConnected(sn)).toBe(true);
      expect(a.app.ocpp.isConnected(sn)).toBe(false);
      expect(await redis.get(`${prefix}owner:${sn}`)).toBe(b.app.cluster?.nodeId);
      const rows = await a.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.identity, sn));
      expect(rows.map((r) => r.reason)).toContain('REPLACED_DEAD_CONNECTION');
      // The old socket's close does not mark the charger offline behind the new one's back.
      await new Promise((r) => setTimeout(r, 300));
      expect(await online(net.charger.id)).toBe(true);
      // Commands from the old node now travel to the new one.
      expect(await a.app.ocpp.call(sn, 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    } finally {
      await cp.close();
      dead.terminate();
    }
  });

  it('counts refused handshakes across nodes: too many on one node are refused on the other', async () => {
    const net = await aNetwork(a.database.db, { charger: { password: 'charger-Secret-9' } });
    const sn = net.charger.serialNum;
    for (let i = 0; i < 6; i++) expect(await handshakeStatus((i % 2 ? a : b).ocppUrl, sn, { password: `bad${i}` })).toBe(401);
    // Three refusals on each node: more than five in all, so both refuse even the right password.
    expect(await handshakeStatus(a.ocppUrl, sn, { password: 'charger-Secret-9' })).toBe(429);
    expect(await handshakeStatus(b.ocppUrl, sn, { password: 'charger-Secret-9' })).toBe(429);
  });

  it("leaves another node's chargers online when a node starts, and sweeps those no node holds", async () => {
    const net = await aNetwork(a.database.db);
    const orphan = await aNetwork(a.database.db, { charger: { online: true } });
    const cp = await connect(a.ocppUrl, net.charger.serialNum);
    try {
      await eventually(async () => online(net.charger.id));
      const c = await startNode(a.database, overrides);
      try {
        // The new node's start-up reset has run once its OCPP side answers.
        expect(await handshakeStatus(c.ocppUrl, 'NOSUCHCHARGER009')).toBe(404);
        await eventually(async () => !(await online(orphan.charger.id)));
        expect(await online(net.charger.id)).toBe(true);
      } finally {
        await c.close();
      }
      expect(await online(net.charger.id)).toBe(true);
    } finally {
      await cp.close();
    }
  });
});
