/**
 * Gateway (requirements §3 "Gateway"): a device that connects several chargers over one OCPP link.
 * Required: SN (an OCPP identity; 606) and station (603). Online status and firmware version
 * come from its own OCPP connection. Duplicate SN → 304 (server).
 */
import { z } from 'zod';
import { DASHBOARD_SPLIT, LIFE_STATUSES } from '../enums.js';
import { gateway } from '../../db/tables/network.js';
import { atStation, int, isoTime, idFilter, flagFilter, listFilter, ofCompany } from './api.js';
import { IDENTITY_PATTERN, optionalText, patchOf, requiredId, requiredText } from './rules.js';
import { storedRecord } from './stored.js';

export { IDENTITY_PATTERN };

/**
 * A gateway of `GET /sp/gateway`: the row of `gateway` (db/tables/network.ts; vendor and model from
 * its BootNotification) without its OCPP password hash, with whether it has one, its company's
 * and station's names and how many chargers it connects.
 */
export const gatewayRecord = storedRecord(gateway).omit({ ocppPasswordHash: true }).extend({
  createdAt: isoTime.nullable(),
  companyName: ofCompany.companyName,
  stationName: atStation.stationName,
  /** True when the gateway must authenticate (HTTP Basic) to connect. */
  hasOcppPassword: z.boolean(),
  chargerCount: int,
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
