/**
 * Charger (requirements §3 "Charger", §5, §9): a charge point, identified on the OCPP link by its SN
 * (chargeBoxId). Required: SN (exactly 16 characters of letters, digits, `.`, `_`, `-`; blank →
 * 602), phase, life status, installation date, warranty (none, 1, 2 or 3 years) and equipment
 * number (602). Installer name without digits (900). Run status, online status and firmware
 * version come from OCPP and are not inputs. Duplicate SN → 302 (server).
 */
import { z } from 'zod';
import { DASHBOARD_SPLIT, LIFE_STATUSES, OCPP_STATUSES, PHASES, WARRANTY_YEARS, type DashboardState } from '../enums.js';
import { charger, connector } from '../../db/tables/network.js';
import { isoTime, pageOf, ofCompany, atStation, idFilter } from './api.js';
import {
  SERIAL_LENGTH,
  decimalString,
  emptyAs,
  noDigits,
  numberField,
  optionalEmail,
  optionalId,
  optionalText,
  patchOf,
  requiredEnum,
  requiredText,
  serialNumber,
} from './rules.js';
import { storedRecord } from './stored.js';

/** Charger SN length (requirements §9). */
export const CHARGER_SN_LENGTH = SERIAL_LENGTH;
export const CHARGER_TYPES = ['AC', 'DC'] as const;

/** One connector's last status (OCPP StatusNotification): the row of `connector` without its charger and vendor code. */
export const connectorRecord = storedRecord(connector).omit({ chargerId: true, vendorErrorCode: true });
export type ConnectorRecord = z.infer<typeof connectorRecord>;

/**
 * The columns of `charger` the read API does not answer: the connector-0 fault detail and boot
 * time (internal to the OCPP link), the OCPP password hashes, and the creation time (answered as
 * `createTimeStamp`). Omitted from {@link chargerRecord} and from the row by the server's mapper.
 */
export const CHARGER_UNANSWERED = {
  runStatusAt: true,
  runErrorCode: true,
  runErrorInfo: true,
  runVendorErrorCode: true,
  bootAt: true,
  ocppPasswordHash: true,
  ocppPasswordGraceHash: true,
  ocppPasswordGraceUntil: true,
  createdAt: true,
} as const;

/**
 * A charger as the read API answers it (`GET /sp/charger`, `GET /sp/charger/{id}`; docs/api.md):
 * the row of `charger` (db/tables/network.ts; `ratedPowerKw` in kW, `runStatus` the connector-0
 * OCPP status) without {@link CHARGER_UNANSWERED}, with its company's and station's names, its
 * dashboard state, its connectors, the order number of its open order and its creation time.
 */
export const chargerRecord = storedRecord(charger)
  .omit(CHARGER_UNANSWERED)
  .extend({
    companyName: ofCompany.companyName,
    stationName: atStation.stationName,
    dashboardState: z.enum(DASHBOARD_SPLIT),
    connectors: z.array(connectorRecord),
    /** Order number of the charger's open (CHARGING) order, if any. */
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
export const chargerSplit = z
  .object(Object.fromEntries(DASHBOARD_SPLIT.map((k) => [k, z.number().int()])) as Record<DashboardState, z.ZodNumber>)
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
  warrantyYears: numberField(
    z
      .number({ error: emptyAs(602) })
      .int()
      .refine((v) => (WARRANTY_YEARS as readonly number[]).includes(v), { error: 'validation.choice' }),
  ),
  gatewaySn: optionalText(64),
  type: z.enum(CHARGER_TYPES).default('AC'),
  equipmentNumber: requiredText(602, 64),
  /** kW. */
  ratedPowerKw: z
    .union([decimalString(2), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v)),
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
