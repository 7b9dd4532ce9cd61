/**
 * The custom events "charger offline" and "gateway offline" (requirements R3.26, R13.4): when a
 * device's socket closes without the server closing it on purpose (shutdown, deactivation, a
 * takeover by a newer socket), the device's CHARGER_OFFLINE / GATEWAY_OFFLINE event opens (a repeat
 * while it is open counts on it) and appears in the navbar bell; when the device connects again
 * the event is recovered. Changes go out on the bus after commit (server/modules/event/lifecycle.ts).
 */
import type { Bus } from '../bus.js';
import type { Db } from '../db/client.js';
import { openEvent, recoverEvents } from '../modules/event/lifecycle.js';
import type { OcppSession } from './context.js';

const typeOf = (session: OcppSession) => (session.kind === 'gateway' ? 'GATEWAY_OFFLINE' : 'CHARGER_OFFLINE');

/** Opens the offline event of `session`'s device. */
export async function recordOffline(db: Db, bus: Bus, session: OcppSession, at: Date = new Date()): Promise<void> {
  await openEvent(db, bus, {
    companyCode: session.companyCode,
    stationId: session.stationId,
    deviceSn: session.serialNum,
    deviceType: session.kind,
    eventType: typeOf(session),
    at,
  });
}

/** Recovers the device's open offline event (it is connected again). */
export async function recordBackOnline(db: Db, bus: Bus, session: OcppSession, at: Date = new Date()): Promise<void> {
  await recoverEvents(db, bus, { deviceSn: session.serialNum, types: [typeOf(session)], at });
}
