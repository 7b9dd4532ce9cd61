/**
 * Firmware (requirements §3 "Firmware", §13): a version of the device catalogue (System ›
 * DeviceVersion, `/sp/firmware`). Fields: name, device type, device model, version, change log,
 * public flag, file (a `.hex` or `.bin` upload: name, size, SHA-256) and create time.
 * Rules and codes: name, device type, device model and the file are required (612 firmware is
 * empty); the version is required and follows {@link FIRMWARE_VERSION_PATTERN} (404 firmware
 * version format error); a file that is not `.hex` / `.bin`, whose content does not fit its
 * kind, is empty or too big → 712; a save that fails (the same model and version twice) → 713;
 * an unknown firmware → 809, an unknown file → 808.
 */
import { z } from 'zod';
import { firmware } from '../../db/tables/devices.js';
import { int, flagFilter } from './api.js';
import { answers, optionalText, requiredEnum, requiredId, requiredText } from './rules.js';
import { storedRecord } from './stored.js';

/** Device types a firmware is made for (the charger's `type`, or a gateway). */
export const DEVICE_TYPES = ['AC', 'DC', 'GATEWAY'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** File kinds accepted for firmware (requirements §5: hex or bin only). */
export const FIRMWARE_EXTENSIONS = ['hex', 'bin'] as const;

/**
 * A firmware version: an optional letter prefix (`V`, `sim-`), two to four dot-separated numbers,
 * an optional pre-release or build suffix (`-rc.1`, `+build5`); at most 32 characters.
 * `1.2.3`, `V2.0`, `sim-1.0.1`, `2.1.0-beta.2` pass; `1`, `v.1`, `1..2`, `abc` do not (404).
 */
export const FIRMWARE_VERSION_PATTERN = /^(?:[A-Za-z]{1,8}[-_]?)?\d{1,6}(?:\.\d{1,6}){1,3}(?:[-+][0-9A-Za-z][0-9A-Za-z.-]*)?$/;

/** True when `v` is a firmware version of the catalogue's format. */
export const isFirmwareVersion = (v: string) => v.length <= 32 && FIRMWARE_VERSION_PATTERN.test(v);

/** The version field: required (612), of the format above (404). */
export const firmwareVersionField = () => requiredText(612, 32).refine(isFirmwareVersion, { error: answers(404) });

/**
 * A firmware of `GET /sp/firmware`: the row of `firmware` (db/tables/devices.ts; `companyCode` null
 * = platform-wide, an administrator's) with its company's name, its file's name, size and digest,
 * and whether the caller may delete it.
 */
export const firmwareRecord = storedRecord(firmware).extend({
  companyName: z.string().nullable(),
  fileName: z.string(),
  /** Bytes. */
  fileSize: int,
  /** Hex SHA-256 of the file. */
  sha256: z.string(),
  /** True when the caller may delete it (its company's, or any for an administrator). */
  editable: z.boolean(),
});
export type FirmwareRecord = z.infer<typeof firmwareRecord>;

/** `POST /sp/firmware/file`: the upload kept for the form that follows (its id goes in `fileId`). */
export const firmwareUpload = z.object({
  fileId: int,
  fileName: z.string(),
  size: int,
  sha256: z.string(),
});
export type FirmwareUpload = z.infer<typeof firmwareUpload>;

/** `POST /sp/firmware/file?fileName=`: the name the file had on the operator's disk. */
export const firmwareUploadQuery = z.object({
  fileName: z.string().trim().min(1).max(200),
});

/** The fields of the Device Version form. */
export const firmwareCreate = z.object({
  name: requiredText(612, 100),
  deviceType: requiredEnum(DEVICE_TYPES, 612),
  deviceModel: requiredText(612, 64),
  version: firmwareVersionField(),
  changeLog: optionalText(4000),
  isPublic: z.boolean().default(false),
  /** The upload (`POST /sp/firmware/file`) holding the image. */
  fileId: requiredId(612),
  /** An administrator's firmware may be given to a company; absent = platform-wide. */
  companyCode: optionalText(64),
});
export type FirmwareInput = z.infer<typeof firmwareCreate>;

/** `GET /sp/firmware` filters (with the page query). */
export const firmwareFilters = z.object({
  q: z.string().max(100).optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  deviceModel: z.string().max(64).optional(),
  isPublic: flagFilter,
});
