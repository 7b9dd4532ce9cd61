/**
 * Gateway (requirements §3 "Gateway"): a device that connects several chargers over one OCPP link.
 * Required: SN (an OCPP identity; 606) and station (603). Online status and firmware version
 * come from its own OCPP connection. Duplicate SN → 304 (server).
 */
import { z } from 'zod';
import { DASHBOARD_SPLIT, LIFE_STATUSES } from '../enums.js';
import { int, isoTime, idFilter, flagFilter, listFilter } from './api.js';
import { devicePlacement } from './charger.js';
import { IDENTITY_PATTERN, optionalText, patchOf, requiredId, requiredText } from './rules.js';

export { IDENTITY_PATTERN };

/** A gateway of `GET /sp/gateway`. */
export const gatewayRecord = z.object({
  ...devicePlacement,
  lifeStatus: z.string(),
  firmwareVersion: z.string().nullable(),
  /** From the gateway's BootNotification. */
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: isoTime.nullable(),
  /** True when the gateway must authenticate (HTTP Basic) to connect. */
  hasOcppPassword: z.boolean(),
  chargerCount: int,
  createdAt: isoTime.nullable(),
});
export type GatewayRecord = z.infer<typeof gatewayRecord>;

/** A charger of a gateway in `GET /sp/gateway/{id}` (live state from OCPP). */
export const gatewayCharger = z.object({
  id: int,
  serialNum: z.string(),
  online: z.boolean(),
  /** Run status of the whole charger (OCPP connector 0). */
  runStatus: z.string().nullable(),
  dashboardState: z.enum(DASHBOARD_SPLIT),
  lifeStatus: z.string(),
  firmwareVersion: z.string().nullable(),
  /** When the charger was last heard from, null when never. */
  lastSeenAt: isoTime.nullable(),
});
export type GatewayCharger = z.infer<typeof gatewayCharger>;

/** `GET /sp/gateway/{id}`: the gateway with its chargers. */
export const gatewayDetail = gatewayRecord.extend({ chargers: z.array(gatewayCharger) });
export type GatewayDetail = z.infer<typeof gatewayDetail>;

/** The fields of the gateway form. */
export const gatewayFields = z.object({
  serialNum: requiredText(606, 64).regex(IDENTITY_PATTERN, { error: 'validation.identity' }),
  lifeStatus: z.enum(LIFE_STATUSES).default('ACTIVE'),
  stationId: requiredId(603),
  firmwareVersion: optionalText(64),
});
export const gatewayCreate = gatewayFields;
export const gatewayUpdate = patchOf(gatewayFields);
export type GatewayInput = z.infer<typeof gatewayCreate>;

/** `GET /sp/gateway` filters (with the page query). */
export const gatewayFilters = z.object({
  companyCode: z.string().optional(),
  stationId: idFilter,
  lifeStatus: listFilter,
  online: flagFilter,
  q: z.string().max(100).optional(),
});
