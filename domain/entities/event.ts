/**
 * Event (requirements R3.16, R4.3, §13): something a device did or
 * a business anomaly the server met, with its lifecycle. One open (HAPPENING) event per device,
 * connector and type: a repeat while it is open counts on the same row (`repeatCount`,
 * `lastOccurTime`). Types and levels: domain/events.ts.
 *
 * Inputs: process (handle method required, 617; the handler is the signed-in user), ignore, and the
 * batch of either; only a HAPPENING event can be processed or ignored (735). Vendor codes: the
 * operator's table mapping a charger vendor's `vendorErrorCode` to a named fault or warning.
 */
import { z } from 'zod';
import { DEVICE_EVENT_TYPES, EVENT_DEVICE_TYPES, EVENT_LEVELS, EVENT_STATUSES, EVENT_TYPES } from '../events.js';
import { event, eventVendorCode } from '../../db/tables/events.js';
import { int, ofCompany, atStation, idFilter } from './api.js';
import { optionalText, requiredEnum, requiredText } from './rules.js';
import { storedRecord } from './stored.js';

/**
 * One event of `GET /sp/event`: the row of `event` (db/tables/events.ts; `deviceSn` the charger's
 * or gateway's OCPP identity, `connectorId` 0 the whole device, `lastOccurTime` the latest repeat
 * while open, `handler` who processed or ignored it) with its kinds as enums and the names of its
 * station and company.
 */
export const eventRecord = storedRecord(event)
  .omit({ createdAt: true })
  .extend({
    deviceType: z.enum(EVENT_DEVICE_TYPES),
    eventType: z.enum(EVENT_TYPES),
    eventLevel: z.enum(EVENT_LEVELS),
    status: z.enum(EVENT_STATUSES),
    stationName: atStation.stationName,
    companyName: ofCompany.companyName,
  });
export type EventRecord = z.infer<typeof eventRecord>;

/** Handle method text limit. */
export const HANDLE_METHOD_MAX = 500;

/** `POST /sp/event/{id}/process`: how it was handled (617 when empty). */
export const eventProcess = z.object({
  handleMethod: requiredText(617, HANDLE_METHOD_MAX),
});
export type EventProcessInput = z.infer<typeof eventProcess>;

/** `POST /sp/event/{id}/ignore`: an optional reason, kept as the handle method. */
export const eventIgnore = z.object({
  handleMethod: optionalText(HANDLE_METHOD_MAX),
});

/** Most events one batch action handles. */
export const EVENT_BATCH_MAX = 500;

/** `POST /sp/event/batch`: process (handle method required) or ignore several events at once. */
export const eventBatch = z.discriminatedUnion('action', [
  z.object({ action: z.literal('process'), ids: z.array(int.positive()).min(1).max(EVENT_BATCH_MAX), handleMethod: requiredText(617, HANDLE_METHOD_MAX) }),
  z.object({ action: z.literal('ignore'), ids: z.array(int.positive()).min(1).max(EVENT_BATCH_MAX), handleMethod: optionalText(HANDLE_METHOD_MAX) }),
]);
export type EventBatchInput = z.infer<typeof eventBatch>;

/** The answer of a batch: which ids changed, and which were not HAPPENING (left as they were). */
export const eventBatchResult = z.object({ changed: z.array(int), skipped: z.array(int) });
export type EventBatchResult = z.infer<typeof eventBatchResult>;

/** Per-status counts of the list's filters (the status chips). */
export const eventStatusCounts = z.object({
  HAPPENING: int,
  PROCESSED: int,
  IGNORED: int,
  RECOVERED: int,
});
export type EventStatusCounts = z.infer<typeof eventStatusCounts>;

const many = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.array(z.enum(values))]).transform((v) => (Array.isArray(v) ? v : [v]));

/**
 * `GET /sp/event` filters (requirements §2 Eventes query: `startTime`, `eventStatus` default
 * HAPPENING — `ALL` for every status —, `serialNum`), plus station, device type, event type, level
 * and company. `endTime` bounds the occur time from above.
 */
export const eventFilters = z.object({
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
  eventStatus: z.union([z.literal('ALL'), many(EVENT_STATUSES)]).default(['HAPPENING']),
  serialNum: z.string().trim().max(64).optional(),
  stationId: idFilter,
  deviceType: z.enum(EVENT_DEVICE_TYPES).optional(),
  eventType: many(EVENT_TYPES).optional(),
  eventLevel: z.enum(EVENT_LEVELS).optional(),
  companyCode: z.string().max(64).optional(),
});
export type EventFilters = z.infer<typeof eventFilters>;

/**
 * One entry of the vendor code table (`GET /sp/event/vendor-code`): the row of `event_vendor_code`
 * (`companyCode` null = the platform's table, for every company) with its event type as the enum.
 */
export const vendorCodeRecord = storedRecord(eventVendorCode)
  .omit({ createdAt: true })
  .extend({
    eventType: z.enum(DEVICE_EVENT_TYPES),
  });
export type VendorCodeRecord = z.infer<typeof vendorCodeRecord>;

/** `POST /sp/event/vendor-code`: map a vendor's code to a fault or warning (duplicate → 736). */
export const vendorCodeCreate = z.object({
  vendorId: requiredText(618, 255),
  vendorErrorCode: requiredText(619, 50),
  eventType: requiredEnum(DEVICE_EVENT_TYPES, 620),
  remark: optionalText(255),
  /** Admin only: the company the entry is for; absent = the caller's company (admin: platform-wide). */
  companyCode: optionalText(64),
});
export type VendorCodeInput = z.infer<typeof vendorCodeCreate>;
