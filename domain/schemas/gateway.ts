/**
 * Gateway form and API body (spec §3 "Gateway": serial number, life status, station, firmware
 * version; online status is reported by its own OCPP connection and is not an input).
 * Empty SN → 606, empty station → 603.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { LIFE_STATUSES } from '../enums.js';
import { num, optText } from './asset-common.js';

/** OCPP identities (chargeBoxId in the URL): letters, digits, `.`, `_`, `-`. */
export const IDENTITY_PATTERN = /^[A-Za-z0-9._-]+$/;

export const gatewayInput = z.object({
  serialNum: z.string().trim().min(1).max(64).regex(IDENTITY_PATTERN),
  lifeStatus: z.enum(LIFE_STATUSES).default('ACTIVE'),
  stationId: num(z.number().int().positive()),
  firmwareVersion: optText(64),
});
export type GatewayInput = z.infer<typeof gatewayInput>;

export const GATEWAY_EMPTY_CODES: Readonly<Record<string, ErrorCode>> = { serialNum: 606, stationId: 603 };
