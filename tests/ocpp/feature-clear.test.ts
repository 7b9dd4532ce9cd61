/**
 * Clearing what a feature sent (requirements R16.8): a strict-mode charger (every request of the
 * server validated against the OCPP 1.6 schemas) receives SetChargingProfile when a home charger or
 * a station's load balancing is set, and ClearChargingProfile of exactly those profiles when it is
 * deleted or turned off; a charger that was offline then is cleared when it next connects, and a
 * feature set again withdraws what it still owed.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aCharger, aNetwork, aStation } from '../support/builders.js';
import { pendingProfileClear } from '../../server/db/schema.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { connect, eventually, serverSuite } from './helpers.js';

type Received = { action: string; params: Record<string, unknown> }[];

/** A strict charger that records the smart-charging requests it receives and accepts them. */
async function recordingCharger(url: string, sn: string): Promise<{ cp: RpcClient; got: Received }> {
  const got: Received = [];
  const cp = await connect(url, sn);
  for (const action of ['SetChargingProfile', 'ClearChargingProfile']) {
    cp.handle(action, async ({ params }: { params?: unknown }) => {
      got.push({ action, params: params as Record<string, unknown> });
      return { status: 'Accepted' };
    });
  }
  return { cp, got };
}

describe.each(backends())('feature switches clear what they sent on %s', (backend) => {
  const ctx = serverSuite(backend);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx.s.app.inject({ method, url, payload, headers: { authorization: `Bearer ${await ctx.s.login()}` } });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads its own answer shape
    return res.json() as { code: number; data: any };
  };

  it('a home charger: its limit is set, then cleared when it is deleted', async () => {
    const net = await aNetwork(ctx.s.database.db);
    const { cp, got } = await recordingCharger(ctx.s.ocppUrl, net.charger.serialNum);
    try {
      await eventually(async () => ctx.s.app.ocpp.isConnected(net.charger.serialNum));
      const made = await call('POST', '/sp/home-charger', { serialNum: net.charger.serialNum, maxCurrentA: 10, loadBalancing: false });
      expect(made.code).toBe(200);
      expect(got[0]).toMatchObject({
        action: 'SetChargingProfile',
        params: { connectorId: 0, csChargingProfiles: { chargingProfileId: 9_000_001, chargingProfilePurpose: 'ChargePointMaxProfile' } },
      });
      expect((await call('DELETE', `/sp/home-charger/${made.data.id}`)).code).toBe(200);
      expect(got[1]).toEqual({ action: 'ClearChargingProfile', params: { id: 9_000_001 } });
      expect(await ctx.s.database.db.select().from(pendingProfileClear).where(eq(pendingProfileClear.chargerId, net.charger.id))).toEqual([]);
    } finally {
      await cp.close({ force: true });
    }
  });

  it('load balancing: the fallback is set on each charger, and turning it off clears the fallback and the balancing TxProfiles', async () => {
    const net = await aNetwork(ctx.s.database.db);
    const { cp, got } = await recordingCharger(ctx.s.ocppUrl, net.charger.serialNum);
    try {
      await eventually(async () => ctx.s.app.ocpp.isConnected(net.charger.serialNum));
      expect((await call('PUT', `/sp/station/${net.station.id}/load-balancing`, { gridLimitA: 32, fallbackCurrentA: 8 })).code).toBe(200);
      expect(got).toEqual([
        {
          action: 'SetChargingProfile',
          params: expect.objectContaining({
            connectorId: 0,
            csChargingProfiles: expect.objectContaining({ chargingProfileId: 2_000_000, chargingProfilePurpose: 'TxDefaultProfile' }),
          }),
        },
      ]);
      const off = await call('DELETE', `/sp/station/${net.station.id}/load-balancing`);
      expect(off.data).toMatchObject({ gridLimitA: null, connectors: [] });
      expect(got.slice(1)).toEqual([
        { action: 'ClearChargingProfile', params: { id: 2_000_000 } },
        { action: 'ClearChargingProfile', params: { chargingProfilePurpose: 'TxProfile', stackLevel: 30 } },
      ]);
    } finally {
      await cp.close({ force: true });
    }
  });

  it('an offline charger owes the clear and gets it when it next connects; setting the feature again withdraws it', async () => {
    const db = ctx.s.database.db;
    const net = await aNetwork(db);
    const st = await aStation(db, net.company.code);
    const ch = await aCharger(db, net.company.code, { stationId: st.id });
    // Both set while offline (the sends fail with 720), then switched off: each clear is owed.
    const home = await call('POST', '/sp/home-charger', { serialNum: ch.serialNum, maxCurrentA: 10, loadBalancing: false });
    expect(home.data.lastCommand).toMatchObject({ result: 'FAILED', code: 720 });
    expect((await call('PUT', `/sp/station/${st.id}/load-balancing`, { gridLimitA: 32 })).code).toBe(200);
    expect((await call('DELETE', `/sp/home-charger/${home.data.id}`)).code).toBe(200);
    expect((await call('DELETE', `/sp/station/${st.id}/load-balancing`)).code).toBe(200);
    const owed = await db.select().from(pendingProfileClear).where(eq(pendingProfileClear.chargerId, ch.id));
    expect(owed.map((r) => r.reason).sort()).toEqual(['HOME_CHARGER_DELETED', 'LOAD_BALANCING_OFF', 'LOAD_BALANCING_OFF']);
    // Asked again (another delete while offline): still one row per request.
    expect((await call('PUT', `/sp/station/${st.id}/load-balancing`, { gridLimitA: 32 })).code).toBe(200);
    expect((await db.select().from(pendingProfileClear).where(eq(pendingProfileClear.chargerId, ch.id))).map((r) => r.reason)).toEqual([
      'HOME_CHARGER_DELETED',
    ]);
    expect((await call('DELETE', `/sp/station/${st.id}/load-balancing`)).code).toBe(200);
    expect(await db.select().from(pendingProfileClear).where(eq(pendingProfileClear.chargerId, ch.id))).toHaveLength(3);

    const { cp, got } = await recordingCharger(ctx.s.ocppUrl, ch.serialNum);
    try {
      await eventually(async () => got.length === 3);
      expect(got).toEqual([
        { action: 'ClearChargingProfile', params: { id: 9_000_001 } },
        { action: 'ClearChargingProfile', params: { id: 2_000_000 } },
        { action: 'ClearChargingProfile', params: { chargingProfilePurpose: 'TxProfile', stackLevel: 30 } },
      ]);
      await eventually(async () => (await db.select().from(pendingProfileClear).where(eq(pendingProfileClear.chargerId, ch.id))).length === 0);
    } finally {
      await cp.close({ force: true });
    }
  });
});
