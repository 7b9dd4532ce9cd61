/**
 * Events from the charger link (requirements R12.20, R13.3): what a StatusNotification's
 * `errorCode` opens and recovers on its connector. `NoError` recovers the connector's faults and
 * warnings; another code opens the event it maps to (the vendor table first, then
 * domain/events.ts `OCPP_ERROR_EVENTS`) and recovers the connector's other faults and warnings, so
 * the connector's open events are what it reports now. A `Faulted` status sent with `NoError`
 * (against OCPP) counts as `OtherError`.
 */
import type { Bus } from '../../bus.js';
import type { Db } from '../../db/client.js';
import { DEVICE_EVENT_TYPES, eventTypeOfError } from '../../../domain/events.js';
import { emitChanges, openEventIn, recoverEvents, recoverEventsIn } from './lifecycle.js';
import { vendorEventType } from './vendor-codes.js';

/** The device a status is about (a charger, or a gateway's own StatusNotification). */
export interface EventDevice {
  serialNum: string;
  companyCode: string;
  stationId: number | null;
  kind?: 'charger' | 'gateway';
}

/** The error fields of a StatusNotification. */
export interface StatusError {
  connectorId: number;
  status: string;
  errorCode: string;
  vendorId?: string;
  vendorErrorCode?: string;
  info?: string;
}

/**
 * Opens or recovers the events of one StatusNotification (`at`: its time). An event of the same
 * connector and type that recovered less than `reopenWithinMs` ago is reopened with its count
 * (requirements R13.10: a charger flapping between codes keeps one event per type).
 */
export async function statusEvents(db: Db, bus: Bus, charger: EventDevice, p: StatusError, at: Date, reopenWithinMs = 0): Promise<void> {
  const errorCode = p.errorCode === 'NoError' && p.status === 'Faulted' ? 'OtherError' : p.errorCode;
  if (errorCode === 'NoError') {
    await recoverEvents(db, bus, { deviceSn: charger.serialNum, connectorId: p.connectorId, types: DEVICE_EVENT_TYPES, at });
    return;
  }
  const vendorType = await vendorEventType(db, charger.companyCode, p.vendorId, p.vendorErrorCode);
  const eventType = eventTypeOfError(errorCode, vendorType)!;
  const changes = await db.transaction(async (tx) => {
    const recovered = await recoverEventsIn(tx, {
      deviceSn: charger.serialNum,
      connectorId: p.connectorId,
      types: DEVICE_EVENT_TYPES,
      exceptTypes: [eventType],
      at,
    });
    const opened = await openEventIn(tx, {
      companyCode: charger.companyCode,
      stationId: charger.stationId,
      deviceSn: charger.serialNum,
      deviceType: charger.kind ?? 'charger',
      eventType,
      connectorId: p.connectorId,
      errorCode,
      vendorId: p.vendorId,
      vendorErrorCode: p.vendorErrorCode,
      info: p.info,
      at,
      reopenWithinMs,
    });
    return [...recovered, opened.change];
  });
  emitChanges(bus, changes);
}
