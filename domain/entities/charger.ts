/**
 * Charger (requirements §3 "Charger", §5, §9): a charge point, identified on the OCPP link by its SN
 * (chargeBoxId). Required: SN (exactly 16 characters of letters, digits, `.`, `_`, `-`; blank →
 * 602), phase, life status, installation date, warranty (none, 1, 2 or 3 years) and equipment
 * number (602). Installer name without digits (900). Run status, online status and firmware
 * version come from OCPP and are not inputs. Duplicate SN → 302 (server).
 */
import { z } from 'zod';
import { DASHBOARD_SPLIT, LIFE_STATUSES, OCPP_STATUSES, PHASES, WARRANTY_YEARS, type DashboardState } from '../enums.js';
import { decimal, int, isoTime, pageOf, ofCompany, atStation, idFilter } from './api.js';
import {
  SERIAL_LENGTH, decimalString, emptyAs, noDigits, numberField, optionalEmail, optionalId, optionalText, patchOf, requiredEnum, requiredText, serialNumber,
} from './rules.js';

/** Charger SN length (requirements §9). */
export const CHARGER_SN_LENGTH = SERIAL_LENGTH;
export const CHARGER_TYPES = ['AC', 'DC'] as const;

/** One connector's last status (OCPP StatusNotification). */
export const connectorRecord = z.object({
  connectorId: int,
  status: z.string(),
  errorCode: z.string(),
  info: z.string().nullable(),
  statusAt: isoTime,
});

/** The first fields of a registered device (charger, gateway): its identity and where it stands. */
export const devicePlacement = {
  id: int,
  serialNum: z.string(),
  ...ofCompany,
  ...atStation,
};

/** A charger as the read API answers it (`GET /sp/charger`, `GET /sp/charger/{id}`); docs/api.md. */
export const chargerRecord = z.object({
  ...devicePlacement,
  chargerStationCode: z.string().nullable(),
  phase: z.string(),
  lifeStatus: z.string(),
  type: z.string(),
  /** kW. */
  ratedPowerKw: decimal.nullable(),
  /** Connector-0 OCPP status. */
  runStatus: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: isoTime.nullable(),
  firmwareVersion: z.string().nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  gatewaySn: z.string().nullable(),
  installationDate: z.string().nullable(),
  warrantyYears: int,
  equipmentNumber: z.string().nullable(),
  installerName: z.string().nullable(),
  installerEmail: z.string().nullable(),
  installerCompany: z.string().nullable(),
  installerContact: z.string().nullable(),
  dashboardState: z.enum(DASHBOARD_SPLIT),
  connectors: z.array(connectorRecord),
  activeOrderNo: z.string().nullable(),
  createTimeStamp: isoTime,
});
export type ChargerRecord = z.infer<typeof chargerRecord>;

/** `GET /sp/charger` filters (with the page query). */
export const chargerFilters = z.object({
  companyCode: z.string().max(64).optional(),
  stationId: idFilter,
  online: z.enum(['true', 'false']).optional(),
  runStatus: z.enum(OCPP_STATUSES).optional(),
  dashboardState: z.enum(DASHBOARD_SPLIT).optional(),
  /** Substring of the SN. */
  q: z.string().max(64).optional(),
  /** `true` adds `split`: the count per dashboard state under the other filters (monitoring chips). */
  split: z.enum(['true', 'false']).optional(),
});

/** Chargers per dashboard state under the list's other filters (`split=true`). */
export const chargerSplit = z.object(Object.fromEntries(DASHBOARD_SPLIT.map((k) => [k, z.number().int()])) as Record<DashboardState, z.ZodNumber>)
  .describe('chargers per dashboard state under the other filters (with split=true)');

/** A page of `GET /sp/charger`, with `split` when asked. */
export const chargerPage = pageOf(chargerRecord).extend({ split: chargerSplit.optional() });
export type ChargerPage = z.infer<typeof chargerPage>;

/** The answer of the charger writes: the record and whether an OCPP password is set. */
export const chargerWriteRecord = chargerRecord.extend({ hasOcppPassword: z.boolean() });
export type ChargerWriteRecord = z.infer<typeof chargerWriteRecord>;

/** The fields of the charger form, field by field. */
export const chargerFields = z.object({
  serialNum: serialNumber(),
  chargerStationCode: optionalText(64),
  /** The station it stands at; its company is the charger's company. */
  stationId: optionalId(),
  /** Used when no station is given (platform administrators). */
  companyCode: optionalText(64),
  phase: requiredEnum(PHASES, 602),
  lifeStatus: requiredEnum(LIFE_STATUSES, 602),
  installerName: noDigits(optionalText(100)),
  installerEmail: optionalEmail,
  installerCompany: optionalText(200),
  installerContact: optionalText(64),
  /** Local date `YYYY-MM-DD`. */
  installationDate: z.iso.date({ error: (iss) => emptyAs(602)(iss) ?? 'validation.date' }),
  warrantyYears: numberField(z.number({ error: emptyAs(602) }).int().refine((v) => (WARRANTY_YEARS as readonly number[]).includes(v), { error: 'validation.choice' })),
  gatewaySn: optionalText(64),
  type: z.enum(CHARGER_TYPES).default('AC'),
  equipmentNumber: requiredText(602, 64),
  /** kW. */
  ratedPowerKw: z.union([decimalString(2), z.literal(''), z.null()]).optional().transform((v) => (v === '' ? null : v)),
});

/** `POST /sp/charger`. */
export const chargerCreate = chargerFields;
/** `PUT /sp/charger/{id}`: the fields to change; the rest is kept (the merged charger is checked whole). */
export const chargerUpdate = patchOf(chargerFields);
export type ChargerInput = z.infer<typeof chargerCreate>;

/** Fields that cannot change while the charger is connected (717) or has unclosed orders (716). */
export const CHARGER_LOCKED_FIELDS = ['serialNum', 'stationId', 'phase', 'type'] as const;

/** `PUT /sp/charger/{id}/status`. */
export const chargerStatusInput = z.object({ active: z.boolean() });

/** `POST /sp/charger/{id}/ocpp-password`: the generated password, shown once. */
export const ocppPasswordAnswer = z.object({ username: z.string(), password: z.string() });

/**
 * `POST /sp/charger/{id}/ocpp-password/rotate` (requirements R10.25): the connected charger took a
 * new key (ChangeConfiguration AuthorizationKey answered `status`). The key itself went only to
 * the charger and is not answered; the previous password still opens a socket until `graceUntil`.
 */
export const ocppKeyRotationAnswer = z.object({
  username: z.string(),
  status: z.enum(['Accepted', 'RebootRequired']),
  graceUntil: z.string(),
});
export type OcppKeyRotationAnswer = z.infer<typeof ocppKeyRotationAnswer>;
