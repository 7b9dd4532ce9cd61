/**
 * Device management: stored files, firmware versions, upgrade campaigns, diagnostics, server secrets (requirements §15).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { boolean, index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { bytea, createdAt, ts } from './columns.js';

/**
 * Files kept in the database so that every node of a cluster serves them (requirements §15):
 * firmware images (`kind` FIRMWARE), diagnostics uploaded by chargers (`kind` DIAGNOSTICS) and
 * report ticket images (`kind` TICKET_IMAGE).
 * `sha256` is the hex digest of `content`; `size` its length in bytes.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The uploader's company; null = platform-wide (an administrator's firmware). */
    companyCode: text('company_code'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    /** The charger a diagnostics file came from. */
    chargerSn: text('charger_sn'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('stored_file_kind_company').on(t.kind, t.companyCode), index('stored_file_charger').on(t.chargerSn)],
);

/**
 * A file arriving in parts (a diagnostics upload streamed from a charger, requirements R15.12):
 * each part is written as it comes, then the parts are joined into `stored_file.content` in one
 * statement and deleted, so no node holds a whole upload in memory.
 */
export const storedFilePart = pgTable(
  'stored_file_part',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFile.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * Firmware versions of the device catalogue (requirements §15, System › DeviceVersion). Public
 * versions are seen by every operator, the others by their company only. One version of a
 * device model per company (constraint → 713 `version`).
 */
export const firmware = pgTable(
  'firmware',
  {
    id: serial('id').primaryKey(),
    /** Null = platform-wide (created by an administrator). */
    companyCode: text('company_code'),
    name: text('name').notNull(),
    deviceType: text('device_type').notNull(),
    deviceModel: text('device_model').notNull(),
    version: text('version').notNull(),
    changeLog: text('change_log').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFile.id),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [unique('firmware_model_version_unique').on(t.companyCode, t.deviceModel, t.version).nullsNotDistinct(), index('firmware_company').on(t.companyCode)],
);

/**
 * Upgrade campaigns (requirements §15): one firmware version sent to chosen chargers of one
 * company, in waves. `status` RUNNING, PAUSED (threshold or failure limit), FINISHED, RESET;
 * `outcome` (when finished) ALL_SUCCEEDED, PARTIAL, ALL_FAILED.
 */
export const firmwareCampaign = pgTable(
  'firmware_campaign',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    firmwareId: integer('firmware_id')
      .notNull()
      .references(() => firmware.id),
    stationId: integer('station_id'),
    gatewaySn: text('gateway_sn'),
    status: text('status').notNull(),
    outcome: text('outcome'),
    /** Why a campaign paused: THRESHOLD (first wave below the success rate) or FAILURES (limit passed). */
    pauseReason: text('pause_reason'),
    /** Chargers of the first wave; null = all at once. */
    waveSize: integer('wave_size'),
    /** Success rate (percent) the first wave must reach before the rest are sent. */
    successThreshold: integer('success_threshold').notNull().default(100),
    /** Failures after which the campaign pauses; null = no limit. */
    failureLimit: integer('failure_limit'),
    retries: integer('retries').notNull().default(3),
    retryInterval: integer('retry_interval').notNull().default(60),
    /** Where chargers fetch the file from (the console's own address as the operator used it). */
    baseUrl: text('base_url').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('firmware_campaign_company').on(t.companyCode)],
);

/**
 * A charger of a campaign: `status` PENDING (its wave not sent yet), SENT, then the charger's
 * FirmwareStatusNotification statuses (Downloading, Downloaded, Installing, Installed), UPDATED
 * (its next boot reported the new version) or FAILED (`failure`: a status, a catalogue code, SILENT,
 * VERSION). `lastReportAt` is when it was last heard about (the silence limit runs from it).
 */
export const firmwareCampaignCharger = pgTable(
  'firmware_campaign_charger',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => firmwareCampaign.id, { onDelete: 'cascade' }),
    chargerId: integer('charger_id').notNull(),
    chargerSn: text('charger_sn').notNull(),
    wave: integer('wave').notNull().default(1),
    status: text('status').notNull(),
    failure: text('failure'),
    previousVersion: text('previous_version'),
    reportedVersion: text('reported_version'),
    sentAt: ts('sent_at'),
    lastReportAt: ts('last_report_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('firmware_campaign_charger_unique').on(t.campaignId, t.chargerId), index('firmware_campaign_charger_sn').on(t.chargerSn, t.status)],
);

/**
 * GetDiagnostics requests (requirements R15.10–R15.14): the window asked for, the one-time upload
 * token (stored hashed) and its expiry, the transport (HTTP or FTP), the charger's
 * DiagnosticsStatusNotification status and the file it uploaded.
 */
export const diagnosticsRequest = pgTable(
  'diagnostics_request',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    chargerId: integer('charger_id').notNull(),
    chargerSn: text('charger_sn').notNull(),
    startTime: ts('start_time'),
    stopTime: ts('stop_time'),
    retries: integer('retries'),
    retryInterval: integer('retry_interval'),
    /** HTTP or FTP: the scheme of the location sent to the charger. */
    transport: text('transport').notNull().default('HTTP'),
    /** SHA-256 of the one-time upload token (HTTP path segment or FTP user name). */
    tokenHash: text('token_hash').notNull().unique(),
    /** The token is refused after this time. */
    expiresAt: ts('expires_at').notNull().defaultNow(),
    /**
     * REQUESTED (the charger accepted GetDiagnostics), then the charger's Uploading / Uploaded /
     * UploadFailed / Idle; NO_DATA (it has nothing to upload) or FAILED (the command failed, `failure`).
     */
    status: text('status').notNull(),
    /** A catalogue code: 718/719/720 (the command), 626 (empty upload), 753 (too big). */
    failure: text('failure'),
    /** The file name the charger announced in its GetDiagnostics answer. */
    announcedName: text('announced_name'),
    /** When an upload began and holds the token (another upload meanwhile is refused; a stale hold lapses). */
    uploadStartedAt: ts('upload_started_at'),
    /** When the file was kept; the token is spent from then on. */
    receivedAt: ts('received_at'),
    fileId: integer('file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('diagnostics_request_charger').on(t.chargerId, t.createdAt)],
);

/** Server-wide secrets shared by every node (e.g. the key signing file URLs), created on first use. */
export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
