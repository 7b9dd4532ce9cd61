/**
 * Diagnosis (requirements §2 "Diagnosis", R2.21, R5 "Diagnosis needs a time and a charger"):
 * `GET /sp/diagnosis?serialNum&startTime` answers one charger's state since `startTime` — its
 * connectors' latest meter readings and their recent series, its recent status changes and its
 * open events — and the console asks again every 3 s (`DIAGNOSIS_REFRESH_MS`).
 *
 * Input rules (server and console alike): `serialNum` required (602), `startTime` required (615) and
 * a time (ISO-8601 or epoch seconds / milliseconds; else 400); a start in the future, or more than
 * `DIAGNOSIS_MAX_DAYS` back, answers 715 on `startTime`.
 */
import { z } from 'zod';
import { answers, emptyAs, requiredText } from './rules.js';
import { int, isoTime } from './api.js';

/** Refresh period of the Diagnosis screen (requirements §9: 3 seconds). */
export const DIAGNOSIS_REFRESH_MS = 3_000;
/** How far back a diagnosis may start (the one-day range of requirements §5 "Time ranges"). */
export const DIAGNOSIS_MAX_DAYS = 1;
/** Meter readings read per answer at most (newest first): bounds the work of a refresh. */
export const DIAGNOSIS_MAX_READINGS = 3_000;
/** Points of a connector's series at most (newest). */
export const DIAGNOSIS_MAX_POINTS = 120;

/** ISO or epoch (10 / 13 digits) text → Date; null when it is not a time. */
export function diagnosisTime(v: string): Date | null {
  const d = /^\d{10}$/.test(v) ? new Date(Number(v) * 1000) : /^\d{13}$/.test(v) ? new Date(Number(v)) : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The query of `GET /sp/diagnosis`. */
export const diagnosisQuery = z.object({
  serialNum: requiredText(602, 64),
  startTime: z
    .string({ error: emptyAs(615) })
    .trim()
    .min(1, { error: answers(615), abort: true })
    .max(40)
    .refine((v) => diagnosisTime(v) !== null, { error: 'validation.format' }),
});
export type DiagnosisQuery = z.infer<typeof diagnosisQuery>;

/** The latest value of one measurand (and phase) on a connector. */
export const diagnosisReading = z.object({
  measurand: z.string(),
  phase: z.string().nullable(),
  value: z.number(),
  unit: z.string().nullable(),
  timeStamp: isoTime,
});
export type DiagnosisReading = z.infer<typeof diagnosisReading>;

/** One sampling time of a connector: the figures the charts draw (null when not sent). */
export const diagnosisPoint = z.object({
  timeStamp: isoTime,
  powerKw: z.number().nullable(),
  currentL1: z.number().nullable(),
  currentL2: z.number().nullable(),
  currentL3: z.number().nullable(),
  voltage: z.number().nullable(),
  soc: z.number().nullable(),
  temperature: z.number().nullable(),
  energyKwh: z.number().nullable(),
});
export type DiagnosisPoint = z.infer<typeof diagnosisPoint>;

export const diagnosisConnector = z.object({
  connectorId: int,
  status: z.string().nullable(),
  errorCode: z.string().nullable(),
  statusTimeStamp: isoTime.nullable(),
  readings: z.array(diagnosisReading),
  series: z.array(diagnosisPoint),
});
export type DiagnosisConnector = z.infer<typeof diagnosisConnector>;

/** A StatusNotification the charger sent (from the charger log). */
export const diagnosisStatusChange = z.object({
  connectorId: int,
  status: z.string(),
  errorCode: z.string(),
  info: z.string().nullable(),
  vendorErrorCode: z.string().nullable(),
  timeStamp: isoTime,
});
export type DiagnosisStatusChange = z.infer<typeof diagnosisStatusChange>;

/** An event of the charger that is still HAPPENING. */
export const diagnosisEvent = z.object({
  id: int,
  eventType: z.string(),
  connectorId: int.nullable(),
  occurTimeStamp: isoTime,
});
export type DiagnosisEvent = z.infer<typeof diagnosisEvent>;

export const diagnosisRecord = z.object({
  serialNum: z.string(),
  companyCode: z.string(),
  stationName: z.string().nullable(),
  online: z.boolean(),
  lastSeenTimeStamp: isoTime.nullable(),
  runStatus: z.string().nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  /** The server's time of this answer. */
  asOf: isoTime,
  connectors: z.array(diagnosisConnector),
  statusChanges: z.array(diagnosisStatusChange),
  openEvents: z.array(diagnosisEvent),
});
export type DiagnosisRecord = z.infer<typeof diagnosisRecord>;
