/**
 * Device management of one charger (requirements §15 "Device management", R15.20–R15.26): OCPP 1.6 configuration
 * (GetConfiguration, ChangeConfiguration), ClearCache, TriggerMessage, DataTransfer, the local
 * authorisation list (SendLocalList, GetLocalListVersion) and reservations (ReserveNow,
 * CancelReservation). Each input is declared here once: the server validates with it and the
 * console's panel takes its types and rules from it. A charger that refuses answers with its own
 * status (shown to the operator); a charger that does not answer, answers with a CALLERROR or is not
 * connected answers 718 / 719 / 720.
 * Codes: 624 configuration key empty, 625 vendorId empty, 602 connector empty, 747 the connector is
 * already reserved, 748 the reservation is no longer active, 749 a differential list before a full
 * one, 817 reservation not found.
 */
import { z } from 'zod';
import { int, isoTime } from './api.js';
import { PROFILE_PURPOSES } from '../smart-charging.js';
import { answers, emptyAs, numberField, optionalId } from './rules.js';

/** OCPP 1.6 CiString50: configuration keys, DataTransfer messageId. */
const ciString50 = (empty: 624 | 625) =>
  z
    .string({ error: emptyAs(empty) })
    .trim()
    .min(1, { error: answers(empty), abort: true })
    .max(50);

/** `GET /sp/charger/{id}/configuration` query: `keys` comma separated (none = every key). */
export const configurationQuery = z.object({
  keys: z
    .string()
    .max(2000)
    .optional()
    .transform((v) =>
      v
        ? [
            ...new Set(
              v
                .split(',')
                .map((k) => k.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    )
    .pipe(z.array(z.string().max(50)).max(100)),
});

/** One configuration key as the charger reported it. */
export const configurationKey = z.object({
  key: z.string(),
  /** null when the charger does not disclose the value. */
  value: z.string().nullable(),
  readonly: z.boolean(),
});
export type ConfigurationKey = z.infer<typeof configurationKey>;

/** The answer of GetConfiguration. */
export const configurationAnswer = z.object({
  keys: z.array(configurationKey),
  /** Keys asked for that the charger does not know. */
  unknownKeys: z.array(z.string()),
});
export type ConfigurationAnswer = z.infer<typeof configurationAnswer>;

/** `POST /sp/charger/{id}/configuration` (ChangeConfiguration): the key (624) and its new value (≤ 500). */
export const configurationChange = z.object({
  key: ciString50(624),
  value: z.string({ error: emptyAs(400) }).max(500),
});
export type ConfigurationChange = z.infer<typeof configurationChange>;

export const CONFIGURATION_STATUSES = ['Accepted', 'Rejected', 'RebootRequired', 'NotSupported'] as const;
/** What the charger answered to a change. */
export const configurationChangeAnswer = z.object({ key: z.string(), value: z.string(), status: z.enum(CONFIGURATION_STATUSES) });
export type ConfigurationChangeAnswer = z.infer<typeof configurationChangeAnswer>;

/** Messages a TriggerMessage may ask for (OCPP 1.6 MessageTrigger). */
export const TRIGGER_MESSAGES = [
  'BootNotification',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StatusNotification',
] as const;

/** `POST /sp/charger/{id}/command/trigger`: the message and, for MeterValues / StatusNotification, a connector. */
export const triggerInput = z.object({
  requestedMessage: z.enum(TRIGGER_MESSAGES),
  connectorId: numberField(z.number().int().min(1).max(99).optional()),
});
export type TriggerInput = z.infer<typeof triggerInput>;

/** `POST /sp/charger/{id}/command/data-transfer`: vendorId (625, ≤ 255), messageId (≤ 50), data (≤ 10 000). */
export const dataTransferInput = z.object({
  vendorId: z
    .string({ error: emptyAs(625) })
    .trim()
    .min(1, { error: answers(625), abort: true })
    .max(255),
  messageId: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v) => v || undefined),
  data: z
    .string()
    .max(10_000)
    .optional()
    .transform((v) => v || undefined),
});
export type DataTransferInput = z.infer<typeof dataTransferInput>;

/** The charger's DataTransfer answer. */
export const dataTransferAnswer = z.object({
  status: z.enum(['Accepted', 'Rejected', 'UnknownMessageId', 'UnknownVendorId']),
  data: z.string().nullable(),
});
export type DataTransferAnswer = z.infer<typeof dataTransferAnswer>;

/** The answer of commands whose reply is a status alone (ClearCache, TriggerMessage, CancelReservation). */
export const statusAnswer = z.object({ action: z.string(), status: z.string() });
export type StatusAnswer = z.infer<typeof statusAnswer>;

export const LOCAL_LIST_UPDATES = ['Full', 'Differential'] as const;

/** `POST /sp/charger/{id}/local-list` (SendLocalList of the company's active cards). */
export const localListInput = z.object({ updateType: z.enum(LOCAL_LIST_UPDATES).default('Full') });
export type LocalListInput = z.infer<typeof localListInput>;

/** The local list of a charger: the last one sent and, when asked, the version the charger holds. */
export const localListRecord = z.object({
  /** Version of the last list the charger accepted (0 = none sent). */
  version: int,
  /** Cards in that list. */
  entries: int,
  /** Full or Differential; null before the first list. */
  updateType: z.string().nullable(),
  /** The charger's answer to the last SendLocalList (Accepted, Failed, NotSupported, VersionMismatch). */
  status: z.string().nullable(),
  sentAt: isoTime.nullable(),
  /** GetLocalListVersion: the version the charger reports (-1 = no local list support); null when not asked. */
  chargerVersion: int.nullable(),
  /** Cards added and removed by the last list sent. */
  added: int,
  removed: int,
});
export type LocalListRecord = z.infer<typeof localListRecord>;

/** `POST /sp/charger/{id}/reservations` (ReserveNow) for an idTag, a card or an app user. */
export const reserveInput = z
  .object({
    /** 0 = the whole charger: only where its ReserveConnectorZeroSupported is true (else 793, R16.11). */
    connectorId: numberField(
      z
        .number({ error: emptyAs(602) })
        .int()
        .min(0)
        .max(99),
    ),
    idTag: z
      .string()
      .trim()
      .max(20)
      .optional()
      .transform((v) => v || undefined),
    cardUserId: optionalId(),
    appUserId: optionalId(),
    /** Minutes until the reservation expires (3 s to a day). */
    expiryMinutes: numberField(
      z
        .number()
        .min(0.05)
        .max(24 * 60)
        .default(15),
    ),
  })
  .refine((v) => v.idTag || v.cardUserId || v.appUserId, { error: answers(610), path: ['idTag'] });
export type ReserveInput = z.infer<typeof reserveInput>;

export const RESERVATION_STATUSES = ['REQUESTED', 'ACCEPTED', 'REFUSED', 'USED', 'CANCELLED', 'EXPIRED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * `POST /sp/charger/{id}/command/clear-profile` (ClearChargingProfile, requirements R16.9): by the
 * profile's `id` alone, or by any of `connectorId` (0 = the whole charger), `chargingProfilePurpose`
 * and `stackLevel` (a profile matching every criterion given is cleared), or every profile with
 * `all: true`. Nothing named answers 400 on `all` (`validation.clearCriteria`); an id with other
 * criteria answers 400 on `id` (`validation.clearIdAlone`).
 */
export const clearProfileInput = z
  .object({
    id: numberField(z.number().int().min(0).max(2_147_483_647).optional()),
    connectorId: numberField(z.number().int().min(0).max(99).optional()),
    chargingProfilePurpose: z.enum(PROFILE_PURPOSES).optional(),
    stackLevel: numberField(z.number().int().min(0).max(100).optional()),
    all: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const criteria = v.connectorId !== undefined || v.chargingProfilePurpose !== undefined || v.stackLevel !== undefined;
    if (v.id !== undefined && (criteria || v.all)) ctx.addIssue({ code: 'custom', path: ['id'], message: 'validation.clearIdAlone' });
    else if (v.id === undefined && !criteria && !v.all) ctx.addIssue({ code: 'custom', path: ['all'], message: 'validation.clearCriteria' });
    else if (v.all && criteria) ctx.addIssue({ code: 'custom', path: ['all'], message: 'validation.clearCriteria' });
  });
export type ClearProfileInput = z.infer<typeof clearProfileInput>;

/** A reservation as `GET /sp/charger/{id}/reservations` answers it. */
export const reservationRecord = z.object({
  id: int,
  chargerId: int,
  chargerSn: z.string(),
  connectorId: int,
  idTag: z.string(),
  expiresAt: isoTime,
  /** ACCEPTED is active until `expiresAt`; REFUSED carries the charger's `answer`. */
  status: z.enum(RESERVATION_STATUSES),
  /** The charger's ReserveNow answer: Accepted, Faulted, Occupied, Rejected or Unavailable. */
  answer: z.string().nullable(),
  /** The order of the session that used it. */
  orderId: int.nullable(),
  orderNo: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type ReservationRecord = z.infer<typeof reservationRecord>;

/** `GET /sp/charger/{id}/reservations` filters. */
export const reservationFilters = z.object({ status: z.enum(RESERVATION_STATUSES).optional() });

/** `/sp/charger/{id}/reservations/{reservationId}` parameters. */
export const reservationParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  reservationId: z.coerce.number().int().positive().max(2_147_483_647),
});
