/**
 * Charger form and API body (spec §3 "Charger", §5, §9): SN exactly 16 characters (the OCPP
 * chargeBoxId: letters, digits, `.`, `_`, `-`); phase, life status, installation date, warranty
 * (none, 1, 2 or 3 years) and equipment number required. Run status, online status and firmware
 * version come from OCPP and are not inputs. Empty SN → 602; installer name with digits → 900.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { LIFE_STATUSES, PHASES, WARRANTY_YEARS } from '../enums.js';
import { decimalString, num, optText, reqText } from './asset-common.js';

/** Charger SN length (spec §9). */
export const CHARGER_SN_LENGTH = 16;
export const CHARGER_TYPES = ['AC', 'DC'] as const;

const noDigits = (v: string | null | undefined) => !v || !/\d/.test(v);

export const chargerInput = z.object({
  serialNum: z.string().trim().length(CHARGER_SN_LENGTH).regex(/^[A-Za-z0-9._-]+$/),
  chargerStationCode: optText(64),
  /** The station it stands at; its company is the charger's company. */
  stationId: num(z.number().int().positive().nullish()),
  /** Used when no station is given (platform administrators). */
  companyCode: optText(64),
  phase: z.enum(PHASES),
  lifeStatus: z.enum(LIFE_STATUSES),
  installerName: optText(100).refine(noDigits, { params: { code: 900 } }),
  installerEmail: z.preprocess((v) => (v === '' ? null : v), z.email().nullish()),
  installerCompany: optText(200),
  installerContact: optText(64),
  /** Local date `YYYY-MM-DD`. */
  installationDate: z.iso.date(),
  warrantyYears: num(z.number().int().refine((v) => (WARRANTY_YEARS as readonly number[]).includes(v))),
  gatewaySn: optText(64),
  type: z.enum(CHARGER_TYPES).default('AC'),
  equipmentNumber: reqText(64),
  ratedPowerKw: z.preprocess((v) => (v === '' ? null : v), decimalString(2).nullish()),
});
export type ChargerInput = z.infer<typeof chargerInput>;

export const CHARGER_EMPTY_CODES: Readonly<Record<string, ErrorCode>> = { serialNum: 602 };

/** Fields that cannot change while the charger is connected (717) or has unclosed orders (716). */
export const CHARGER_LOCKED_FIELDS = ['serialNum', 'stationId', 'phase', 'type'] as const;

/** `PUT /sp/charger/{id}/status`. */
export const chargerStatusInput = z.object({ active: z.boolean() });
