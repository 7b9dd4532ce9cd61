/** Event rows → API records (domain/entities/event.ts `eventRecord`; times ISO-8601 UTC). */
import type { EventRecord } from '../../../domain/entities/event.js';
import { storedJson, withoutKeys } from '../../../domain/entities/stored.js';
import type { event } from '../../db/schema.js';

/** A stored event as the API's record: the row as stored (without its creation time), its station's and company's names. */
export function toEventRecord({
  e,
  stationName,
  companyName,
}: {
  e: typeof event.$inferSelect;
  stationName: string | null;
  companyName: string | null;
}): EventRecord {
  return {
    ...storedJson(withoutKeys(e, { createdAt: true })),
    deviceType: e.deviceType as EventRecord['deviceType'],
    eventType: e.eventType as EventRecord['eventType'],
    eventLevel: e.eventLevel as EventRecord['eventLevel'],
    status: e.status as EventRecord['status'],
    stationName,
    companyName,
  };
}
