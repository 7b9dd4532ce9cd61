/**
 * The charger link (requirements §10): who gets a socket, basic auth, the duplicate-connection policy,
 * BootNotification and the online flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aBootNotification, aCharger, aNetwork, aStatusNotification } from '../support/builders.js';
import { charger, connectionAttempt, connector, notification } from '../../server/db/schema.js';
import { chargePoint, connect, eventually, handshakeStatus } from './helpers.js';

describe.each(backends())('OCPP connections on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend, { pingInterval: 1 });
  });
  afterAll(async () => {
    await s?.close();
  });

  const attempts = (identity: string) => s.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.identity, identity));

  it('refuses an unknown chargeBoxId without a socket and records the attempt', async () => {
    expect(await handshakeStatus(s.ocppUrl, 'NOSUCHCHARGER001')).toBe(404);
    const rows = await attempts('NOSUCHCHARGER001');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'UNKNOWN_CHARGER', companyCode: null });
    expect(rows[0].remoteAddress).toContain('127.0.0.1');
  });

  it('refuses a deactivated charger and records it under its company', async () => {
    const net = await aNetwork(s.database.db, { charger: { lifeStatus: 'INACTIVE' } });
    expect(await handshakeStatus(s.ocppUrl, net.charger.serialNum)).toBe(403);
    expect(await attempts(net.charger.serialNum)).toMatchObject([{ reason: 'INACTIVE', companyCode: net.company.code }]);
  });

  it('refuses a client without the ocpp1.6 subprotocol', async () => {
    const net = await aNetwork(s.database.db);
    expect(await handshakeStatus(s.ocppUrl, net.charger.serialNum, { protocols: ['ocpp2.0.1'] })).toBe(400);
    expect(await attempts(net.charger.serialNum)).toMatchObject([{ reason: 'NO_SUBPROTOCOL' }]);
  });

  it('serves only /ocpp/{chargeBoxId}', async () => {
    const net = await aNetwork(s.database.db);
    const base = s.ocppUrl.replace(/\/ocpp$/, '');
    for (const url of [`${base}/${net.charger.serialNum}`, `${base}/other/${net.charger.serialNum}`, `${s.ocppUrl}/x/${net.charger.serialNum}`]) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(url, ['ocpp1.6']);
        ws.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.once('open', () => {
          resolve(101);
          ws.close();
        });
        ws.once('error', () => resolve(-1));
      });
      expect(status).not.toBe(101);
    }
  });

  it('requires the HTTP Basic password when the charger has one', async () => {
    const net = await aNetwork(s.database.db, { charger: { password: 'charger-Secret-9' } });
    const sn = net.charger.serialNum;
    expect(await handshakeStatus(s.ocppUrl, sn)).toBe(401);
    expect(await handshakeStatus(s.ocppUrl, sn, { password: 'wrong' })).toBe(401);
    expect(await handshakeStatus(s.ocppUrl, sn, { password: 'charger-Secret-9' })).toBe('open');
    const reasons = (await attempts(sn)).map((a) => a.reason).sort();
    expect(reasons).toEqual(['BAD_PASSWORD', 'PASSWORD_REQUIRED']);
  });

  it('stops checking passwords after too many failures within a minute', async () => {
    const net = await aNetwork(s.database.db, { charger: { password: 'charger-Secret-9' } });
    const sn = net.charger.serialNum;
    for (let i = 0; i < 6; i++) expect(await handshakeStatus(s.ocppUrl, sn, { password: `bad${i}` })).toBe(401);
    // Now even the right password is refused without being checked.
    expect(await handshakeStatus(s.ocppUrl, sn, { password: 'charger-Secret-9' })).toBe(429);
    expect((await attempts(sn)).filter((a) => a.reason === 'RATE_LIMITED')).toHaveLength(1);
  });

  it('accepts BootNotification with the heartbeat interval and stores vendor, model and firmware', async () => {
    const net = await aNetwork(s.database.db);
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    try {
      const conf = (await cp.call(
        'BootNotification',
        aBootNotification({ chargePointVendor: 'Acme', chargePointModel: 'AC22', firmwareVersion: 'v9.1' }),
      )) as Record<string, unknown>;
      expect(conf.status).toBe('Accepted');
      expect(conf.interval).toBe(s.app.config.heartbeatInterval);
      expect(Number.isNaN(Date.parse(String(conf.currentTime)))).toBe(false);
      const [row] = await s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
      expect(row).toMatchObject({ vendor: 'Acme', model: 'AC22', firmwareVersion: 'v9.1', online: true });
      const hb = (await cp.call('Heartbeat', {})) as { currentTime: string };
      expect(Date.parse(hb.currentTime)).toBeGreaterThan(0);
    } finally {
      await cp.close();
    }
    const offline = await eventually(async () => {
      const [row] = await s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
      return !row.online;
    });
    expect(offline).toBe(true);
  });

  it('keeps connector 0 on the charger, other connectors in rows, and ignores late statuses', async () => {
    const net = await aNetwork(s.database.db);
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    try {
      const t0 = new Date(Date.now() - 60_000);
      await cp.call(
        'StatusNotification',
        aStatusNotification({ connectorId: 0, status: 'Faulted', errorCode: 'GroundFailure', vendorErrorCode: 'E42', timestamp: t0.toISOString() }),
      );
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Charging', timestamp: t0.toISOString() }));
      // A late message (older than what is stored) is accepted but changes nothing.
      const late = new Date(t0.getTime() - 30_000).toISOString();
      expect(await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Available', timestamp: late }))).toEqual({});
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 0, status: 'Available', timestamp: late }));
      const [ch] = await s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
      expect(ch).toMatchObject({ runStatus: 'Faulted', runErrorCode: 'GroundFailure', runVendorErrorCode: 'E42' });
      const conns = await s.database.db.select().from(connector).where(eq(connector.chargerId, net.charger.id));
      expect(conns).toMatchObject([{ connectorId: 1, status: 'Charging', errorCode: 'NoError' }]);
      // A newer one applies.
      await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Finishing' }));
      const [c1] = await s.database.db.select().from(connector).where(eq(connector.chargerId, net.charger.id));
      expect(c1.status).toBe('Finishing');
    } finally {
      await cp.close();
    }
  });

  it('refuses a second connection while the first socket is alive', async () => {
    const net = await aNetwork(s.database.db);
    const first = await connect(s.ocppUrl, net.charger.serialNum);
    try {
      expect(await handshakeStatus(s.ocppUrl, net.charger.serialNum)).toBe(409);
      expect(await attempts(net.charger.serialNum)).toMatchObject([{ reason: 'DUPLICATE', companyCode: net.company.code }]);
      // The first connection is untouched.
      expect(await first.call('Heartbeat', {})).toHaveProperty('currentTime');
      expect(s.app.ocpp.isConnected(net.charger.serialNum)).toBe(true);
    } finally {
      await first.close();
    }
  });

  it('replaces a socket that no longer answers pings with an authenticated newcomer', async () => {
    const net = await aNetwork(s.database.db, { charger: { password: 'charger-Secret-9' } });
    const sn = net.charger.serialNum;
    const dead = new WebSocket(`${s.ocppUrl}/${sn}`, ['ocpp1.6'], {
      headers: { authorization: `Basic ${Buffer.from(`${sn}:charger-Secret-9`).toString('base64')}` },
    });
    await new Promise((r) => dead.once('open', r));
    await eventually(async () => s.app.ocpp.isConnected(sn));
    // Stop reading: the socket no longer answers pings (a peer that vanished without a FIN).
    (dead as unknown as { _socket: { pause(): void } })._socket.pause();
    // An unauthenticated newcomer does not get to probe or displace it.
    expect(await handshakeStatus(s.ocppUrl, sn)).toBe(401);
    const cp = chargePoint(s.ocppUrl, sn, { password: 'charger-Secret-9' });
    await cp.connect();
    try {
      expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
      expect((await attempts(sn)).map((a) => a.reason)).toContain('REPLACED_DEAD_CONNECTION');
      const [row] = await s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
      expect(row.online).toBe(true);
    } finally {
      await cp.close();
      dead.terminate();
    }
  });

  it('drops a socket that stops answering pings and marks the charger offline', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    const ws = new WebSocket(`${s.ocppUrl}/${sn}`, ['ocpp1.6']);
    await new Promise((r) => ws.once('open', r));
    await eventually(async () => {
      const [row] = await s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
      return row.online;
    });
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // pingInterval is 1 s here: the server gives up after one unanswered ping.
    await eventually(async () => !s.app.ocpp.isConnected(sn), 200);
    const offline = await eventually(async () => {
      const [row] = await s.database.db.select().from(charger).where(eq(charger.id, net.charger.id));
      return !row.online;
    });
    expect(offline).toBe(true);
    // The custom event "charger offline" is in the company's notifications.
    const events = await eventually(async () => {
      const rows = await s.database.db.select().from(notification).where(eq(notification.serialNum, sn));
      return rows.length ? rows : null;
    });
    expect(events).toMatchObject([
      { companyCode: net.company.code, kind: 'EVENT', params: { eventType: 'CHARGER_OFFLINE', device: 'charger', serialNum: sn }, eventStatus: 'HAPPENING' },
    ]);
    ws.terminate();
  });

  it('answers an action it does not implement with NotImplemented', async () => {
    const ch = await aCharger(s.database.db, (await aNetwork(s.database.db)).company.code);
    const cp = await connect(s.ocppUrl, ch.serialNum);
    try {
      // GetLocalListVersion is a central-system-to-charger action: no handler on the server side.
      const err = (await cp.call('GetLocalListVersion', {}).catch((e: unknown) => e)) as { rpcErrorCode?: string };
      expect(err.rpcErrorCode).toBe('NotImplemented');
    } finally {
      await cp.close();
    }
  });
});
