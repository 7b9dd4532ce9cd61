/**
 * Diagnostics requests (requirements R15.10–R15.14): GetDiagnostics sent from a charger's page with a
 * time window, the charger's upload to ChargeDesk itself (HTTP or FTP, one-time token), its
 * DiagnosticsStatusNotification statuses and the file kept for download.
 * Codes: charger required 602 / unknown 800 / another company's 725; stop before start 751; FTP
 * asked while the FTP receiver is off 752; a request still open on the charger 754; the command's
 * 718 / 719 / 720; unknown request 819; no file (not received, or past retention) 820. A request's
 * `failure`: 626 (empty upload), 753 (above DIAGNOSTICS_MAX_BYTES) or the command's code.
 */
import { z } from 'zod';
import { int, isoTime } from './api.js';
import { answers, numberField, requiredId } from './rules.js';

/** How the charger uploads: the scheme of the location ChargeDesk sends. */
export const DIAGNOSTICS_TRANSPORTS = ['HTTP', 'FTP'] as const;
export type DiagnosticsTransport = (typeof DIAGNOSTICS_TRANSPORTS)[number];

/** DiagnosticsStatusNotification statuses (OCPP 1.6). */
export const DIAGNOSTICS_STATUSES = ['Idle', 'Uploaded', 'UploadFailed', 'Uploading'] as const;

/**
 * A request's status: REQUESTED (accepted by the charger), then the charger's own statuses;
 * NO_DATA (the charger has nothing to upload), FAILED (the command failed, see `failure`).
 */
export const DIAGNOSTICS_REQUEST_STATUSES = ['REQUESTED', ...DIAGNOSTICS_STATUSES, 'NO_DATA', 'FAILED'] as const;
export type DiagnosticsRequestStatus = (typeof DIAGNOSTICS_REQUEST_STATUSES)[number];

/** Statuses of a request the charger may still be working on (a new request is refused with 754 meanwhile). */
export const DIAGNOSTICS_OPEN = ['REQUESTED', 'Uploading'] as const;

/** A request of `GET /sp/diagnostics-request?chargerId=`. */
export const diagnosticsRecord = z.object({
  id: int,
  chargerId: int,
  serialNum: z.string(),
  transport: z.enum(DIAGNOSTICS_TRANSPORTS),
  startTime: isoTime.nullable(),
  stopTime: isoTime.nullable(),
  retries: int.nullable(),
  retryInterval: int.nullable(),
  status: z.enum(DIAGNOSTICS_REQUEST_STATUSES),
  /** A catalogue code (as text) when the request or its upload failed. */
  failure: z.string().nullable(),
  /** The name the charger announced. */
  announcedName: z.string().nullable(),
  /** The file kept: null until received (and after the retention period). */
  fileName: z.string().nullable(),
  /** Bytes. */
  fileSize: int.nullable(),
  sha256: z.string().nullable(),
  receivedAt: isoTime.nullable(),
  /** The upload token is refused after this time. */
  expiresAt: isoTime,
  createdBy: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type DiagnosticsRecord = z.infer<typeof diagnosticsRecord>;

const optionalInt = (min: number, max: number) => numberField(z.number().int().min(min).max(max).nullish());
const optionalTime = isoTime.refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' }).nullish();

/** The "Get diagnostics" form: the charger, the window (optional ends), GetDiagnostics' retries and interval, the transport. */
export const diagnosticsCreate = z
  .object({
    chargerId: requiredId(602),
    transport: z.enum(DIAGNOSTICS_TRANSPORTS).default('HTTP'),
    startTime: optionalTime,
    stopTime: optionalTime,
    /** GetDiagnostics `retries` and `retryInterval` (s). */
    retries: optionalInt(0, 10),
    retryInterval: optionalInt(0, 86_400),
  })
  .refine((b) => !b.startTime || !b.stopTime || Date.parse(b.stopTime) > Date.parse(b.startTime), { error: answers(751), path: ['stopTime'] });
export type DiagnosticsInput = z.infer<typeof diagnosticsCreate>;

/** `GET /sp/diagnostics-request` filters: the charger (required). */
export const diagnosticsFilters = z.object({
  chargerId: z.coerce
    .number({ error: answers(602) })
    .int()
    .positive()
    .max(2_147_483_647),
});

/** `GET /sp/diagnostics-request/settings`: what the form may offer. */
export const diagnosticsSettings = z.object({
  /** False when the FTP receiver is off (FTP_PORT unset): the form offers HTTP only. */
  ftp: z.boolean(),
  /** DIAGNOSTICS_MAX_BYTES. */
  maxBytes: int,
  /** Days a received file is kept (DIAGNOSTICS_RETENTION_DAYS; 0 = for ever). */
  retentionDays: int,
});
export type DiagnosticsSettings = z.infer<typeof diagnosticsSettings>;
