/**
 * Upgrade campaigns (requirements §4 R4.5–R4.6, §15): one firmware version sent to chosen chargers of
 * one company with UpdateFirmware, followed through FirmwareStatusNotification and the chargers'
 * next BootNotification. Actions: send (create) and reset. Outcomes per charger: update completed
 * (UPDATED) / update failed (FAILED); per campaign: all upgraded successfully, partial upgrade
 * succeeded, all upgrade failed; "upgrade progress being reset" after a reset.
 * Codes: firmware required 612 / unknown 809; chargers required 602; a charger that is not idle →
 * 726, whose model the firmware is not for → 740, unknown or out of scope → 800 (each in `refused`;
 * when no charger is eligible the request fails with the first code).
 */
import { z } from 'zod';
import { int, isoTime, idFilter } from './api.js';
import { answers, numberField, requiredId } from './rules.js';

export const CAMPAIGN_STATUSES = ['RUNNING', 'PAUSED', 'FINISHED', 'RESET'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Outcomes of a finished campaign (requirements R4.5). */
export const CAMPAIGN_OUTCOMES = ['ALL_SUCCEEDED', 'PARTIAL', 'ALL_FAILED'] as const;
export type CampaignOutcome = (typeof CAMPAIGN_OUTCOMES)[number];

/** Why a campaign paused: the first wave stayed below the success rate, or failures passed the limit. */
export const PAUSE_REASONS = ['THRESHOLD', 'FAILURES'] as const;

/** FirmwareStatusNotification statuses that mean the charger is still working on it (OCPP 1.6). */
export const FIRMWARE_PROGRESS = ['Downloading', 'Downloaded', 'Installing', 'Installed'] as const;

/** A charger's state in a campaign: waiting for its wave, sent, the charger's progress, then done. */
export const CAMPAIGN_CHARGER_STATUSES = ['PENDING', 'SENT', ...FIRMWARE_PROGRESS, 'UPDATED', 'FAILED'] as const;
export type CampaignChargerStatus = (typeof CAMPAIGN_CHARGER_STATUSES)[number];

/** True when a charger of a campaign is done (update completed or update failed). */
export const isSettled = (s: string) => s === 'UPDATED' || s === 'FAILED';

/** One charger of a campaign. `failure`: DownloadFailed, InstallationFailed, SILENT, VERSION or a catalogue code (718, 719, 720, 726). */
export const campaignCharger = z.object({
  chargerId: int,
  serialNum: z.string(),
  wave: int,
  status: z.enum(CAMPAIGN_CHARGER_STATUSES),
  failure: z.string().nullable(),
  previousVersion: z.string().nullable(),
  /** The version of its last BootNotification since the campaign was sent. */
  reportedVersion: z.string().nullable(),
  sentAt: isoTime.nullable(),
  lastReportAt: isoTime.nullable(),
  updatedAt: isoTime,
});
export type CampaignCharger = z.infer<typeof campaignCharger>;

/** Counts of a campaign's chargers. */
export const campaignCounts = z.object({ total: int, pending: int, inProgress: int, updated: int, failed: int });
export type CampaignCounts = z.infer<typeof campaignCounts>;

/** A campaign of `GET /sp/firmware-campaign`. */
export const campaignRecord = z.object({
  id: int,
  companyCode: z.string(),
  firmwareId: int,
  firmwareName: z.string(),
  version: z.string(),
  deviceModel: z.string(),
  stationId: int.nullable(),
  gatewaySn: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** One of CAMPAIGN_OUTCOMES once finished, else null. */
  outcome: z.string().nullable(),
  /** One of PAUSE_REASONS while paused, else null. */
  pauseReason: z.string().nullable(),
  waveSize: int.nullable(),
  successThreshold: int,
  failureLimit: int.nullable(),
  retries: int,
  retryInterval: int,
  createdBy: z.string().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  counts: campaignCounts,
});
export type CampaignRecord = z.infer<typeof campaignRecord>;

/** `GET /sp/firmware-campaign/{id}`: the campaign with its chargers. */
export const campaignDetail = campaignRecord.extend({ chargers: z.array(campaignCharger) });
export type CampaignDetail = z.infer<typeof campaignDetail>;

/** A charger left out of a campaign and why (726 not idle, 740 another model, 800 unknown). */
export const campaignRefusal = z.object({ chargerId: int, serialNum: z.string().nullable(), code: int, reason: z.string() });
export type CampaignRefusal = z.infer<typeof campaignRefusal>;

/** `POST /sp/firmware-campaign`: the campaign as sent, and the chargers refused. */
export const campaignStarted = campaignDetail.extend({ refused: z.array(campaignRefusal) });
export type CampaignStarted = z.infer<typeof campaignStarted>;

const optionalInt = (min: number, max: number) => numberField(z.number().int().min(min).max(max).nullish());

/** The upgrade form: firmware, chargers, UpdateFirmware's retries, and the staged rollout. */
export const campaignCreate = z.object({
  firmwareId: requiredId(612),
  chargerIds: z
    .array(z.number().int().positive(), { error: answers(602) })
    .min(1, { error: answers(602) })
    .max(1000),
  /** UpdateFirmware `retries` and `retryInterval` (s). */
  retries: numberField(z.number().int().min(0).max(10).default(3)),
  retryInterval: numberField(z.number().int().min(0).max(86_400).default(60)),
  /** UpdateFirmware `retrieveDate`; absent = now. */
  retrieveDate: isoTime.refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' }).nullish(),
  /** First wave size; absent = every charger at once. */
  waveSize: optionalInt(1, 1000),
  /** Success rate (%) of the first wave before the rest is sent. */
  successThreshold: numberField(z.number().int().min(0).max(100).default(100)),
  /** Pause once this many chargers failed; absent = no limit. */
  failureLimit: optionalInt(1, 1000),
  /** Where the campaign was started from (the station profile's `?GatewaySN=`, a station). */
  stationId: optionalInt(1, 2_147_483_647),
  gatewaySn: z.string().trim().max(64).nullish(),
});
export type CampaignInput = z.infer<typeof campaignCreate>;

/** `GET /sp/firmware-campaign` filters. */
export const campaignFilters = z.object({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  gatewaySn: z.string().max(64).optional(),
  stationId: idFilter,
  chargerId: idFilter,
});

/** `GET /sp/firmware-campaign/candidates?chargerIds=…`: each charger with its eligibility and the firmware for its model. */
export const campaignCandidate = z.object({
  chargerId: int,
  serialNum: z.string(),
  model: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  /** Null when eligible; else 726 (not idle) or 800. */
  refusal: int.nullable(),
  reason: z.string().nullable(),
});
export type CampaignCandidate = z.infer<typeof campaignCandidate>;
