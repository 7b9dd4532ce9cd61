/**
 * Events as rows (server/modules/event/lifecycle.ts): the same open event on the same device,
 * connector and type is one row (a unique index, also against a direct insert), a repeat counts on
 * it, a recovery ends the recoverable ones only, and the bus hears each change once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client.js';
import { event, notification } from '../../../server/db/schema.js';
import { Bus, type BusEvents } from '../../../server/bus.js';
import { openEvent, recoverEvents } from '../../../server/modules/event/lifecycle.js';

describe('event records', () => {
  let database: Database;
  const bus = new Bus();
  const heard: BusEvents['event'][] = [];
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    bus.on('event', (e) => heard.push(e));
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  const base = { companyCode: 'ALPHA', stationId: null, deviceSn: 'EVT0000000000001', deviceType: 'charger' as const };

  it('opens one row per open device/connector/type and counts repeats on it', async () => {
    const db = database.db;
    const a = await openEvent(db, bus, { ...base, eventType: 'GROUNDING_FAULT', connectorId: 1, errorCode: 'GroundFailure' });
    const b = await openEvent(db, bus, { ...base, eventType: 'GROUNDING_FAULT', connectorId: 1, errorCode: 'GroundFailure', info: 'again' });
    expect(b).toBe(a);
    const rows = await db.select().from(event).where(eq(event.deviceSn, base.deviceSn));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ repeatCount: 2, status: 'HAPPENING', eventLevel: 'fault', info: 'again' });
    expect(heard).toEqual([{ eventId: a, companyCode: 'ALPHA', stationId: null, change: 'opened' }]);
    const notices = await db.select().from(notification).where(eq(notification.eventId, a));
    expect(notices).toMatchObject([{ kind: 'EVENT', repeatCount: 2, eventStatus: 'HAPPENING' }]);
    // The constraint, not the code, keeps it one row.
    await expect(db.insert(event).values({ ...base, eventType: 'GROUNDING_FAULT', eventLevel: 'fault', connectorId: 1 })).rejects.toThrow();
  });

  it('recovers faults and offline spells, never a custom business event', async () => {
    const db = database.db;
    const regression = await openEvent(db, bus, { ...base, eventType: 'METER_REGRESSION', connectorId: 1 });
    heard.length = 0;
    await recoverEvents(db, bus, { deviceSn: base.deviceSn, connectorId: 1 });
    const rows = await db.select().from(event).where(eq(event.deviceSn, base.deviceSn));
    expect(rows.find((r) => r.eventType === 'GROUNDING_FAULT')).toMatchObject({ status: 'RECOVERED' });
    expect(rows.find((r) => r.recoverTime && r.eventType === 'GROUNDING_FAULT')).toBeTruthy();
    expect(rows.find((r) => r.id === regression)).toMatchObject({ status: 'HAPPENING', recoverTime: null });
    expect(heard.map((h) => h.change)).toEqual(['recovered']);
    const notices = await db.select().from(notification).where(eq(notification.kind, 'EVENT'));
    expect(notices.find((n) => n.eventId !== regression)?.eventStatus).toBe('RECOVERED');
    // After recovery the same fault opens a new event.
    const again = await openEvent(db, bus, { ...base, eventType: 'GROUNDING_FAULT', connectorId: 1 });
    expect(rows.some((r) => r.id === again)).toBe(false);
  });
});
