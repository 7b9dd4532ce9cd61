/**
 * Smart-charging schedule (requirements §5 "Smart charging", §16): daily time windows with a current
 * limit (A) for one charger or for every charger of a station, sent as an OCPP 1.6 charging profile
 * (ChargePointMaxProfile, TxDefaultProfile or TxProfile). Rules: a name (614); a target charger
 * (602) or station (603); at least one window; each window's start and end time required (615),
 * the end after the start and windows not overlapping (615); each limit and the limit outside the
 * windows required (614); no limit above the station's total (its grid connection limit, checked
 * by the server: 614).
 */
import { z } from 'zod';
import { PROFILE_PURPOSES } from '../smart-charging.js';
import { int, isoTime, atStation, companyListFilters, idFilter } from './api.js';
import { commandOutcome } from './home-charger.js';
import { answers, emptyAs, numberField, optionalId, patchOf, requiredEnum, requiredText } from './rules.js';

/** Highest current a schedule may set (A per phase). */
export const MAX_SCHEDULE_CURRENT_A = 500;
/** At most this many windows a day. */
export const MAX_WINDOWS = 12;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = () => z.string({ error: emptyAs(615) }).trim().min(1, { error: answers(615), abort: true }).regex(HHMM, { error: 'validation.format' });
const limit = () => numberField(z.number({ error: emptyAs(614) }).min(0).max(MAX_SCHEDULE_CURRENT_A));

/** One window `[startTime, endTime)` with its limit (A). */
export const limitWindow = z.object({ startTime: time(), endTime: time(), limitA: limit() });

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** End after start, windows not overlapping (615 on the later window's `startTime` / `endTime`). */
function checkWindows(windows: readonly { startTime: string; endTime: string }[], ctx: z.RefinementCtx) {
  windows.forEach((w, i) => {
    if (toMin(w.endTime) <= toMin(w.startTime)) ctx.addIssue({ code: 'custom', path: ['windows', i, 'endTime'], message: answers(615) });
  });
  const order = windows.map((w, i) => ({ ...w, i })).sort((a, b) => toMin(a.startTime) - toMin(b.startTime));
  for (let k = 1; k < order.length; k++) {
    if (toMin(order[k].startTime) < toMin(order[k - 1].endTime)) ctx.addIssue({ code: 'custom', path: ['windows', order[k].i, 'startTime'], message: answers(615) });
  }
}

export const SCHEDULE_TARGETS = ['CHARGER', 'STATION'] as const;

/** The fields of the schedule form. */
export const chargingScheduleFields = z.object({
  name: requiredText(614, 100),
  target: requiredEnum(SCHEDULE_TARGETS, 614),
  chargerId: optionalId(),
  stationId: optionalId(),
  /** 0 = the whole charger. */
  connectorId: numberField(z.number().int().min(0).max(99).default(0)),
  purpose: requiredEnum(PROFILE_PURPOSES, 614),
  stackLevel: numberField(z.number().int().min(0).max(20).default(1)),
  windows: z.array(limitWindow, { error: emptyAs(614) }).min(1, { error: answers(614) }).max(MAX_WINDOWS),
  /** Limit outside the windows (A). */
  defaultLimitA: limit(),
});

function checkSchedule(v: { target?: string; chargerId?: number | null; stationId?: number | null; windows?: { startTime: string; endTime: string }[] }, ctx: z.RefinementCtx) {
  if (v.target === 'CHARGER' && !v.chargerId) ctx.addIssue({ code: 'custom', path: ['chargerId'], message: answers(602) });
  if (v.target === 'STATION' && !v.stationId) ctx.addIssue({ code: 'custom', path: ['stationId'], message: answers(603) });
  if (v.windows) checkWindows(v.windows, ctx);
}

export const chargingScheduleCreate = chargingScheduleFields.superRefine(checkSchedule);

/**
 * The limits of a schedule above `capA` (the station's total, or a home charger's maximum), as
 * field paths (`windows.<i>.limitA`, `defaultLimitA`): each answers 614 (requirements §16 R16.4).
 * Shared by the server's check and the console's form, so both mark the same fields.
 */
export function limitsOverCap(v: { windows?: readonly { limitA?: unknown }[] | null; defaultLimitA?: unknown }, capA: number | null): string[] {
  if (capA === null) return [];
  const over = (x: unknown) => typeof x === 'number' && x > capA;
  return [
    ...(v.windows ?? []).flatMap((w, i) => (over(w?.limitA) ? [`windows.${i}.limitA`] : [])),
    ...(over(v.defaultLimitA) ? ['defaultLimitA'] : []),
  ];
}

/** `GET /sp/charging-schedule/limits`: where a schedule for a charger or a station would apply. */
export const scheduleLimitsQuery = z.object({
  chargerId: z.coerce.number().int().positive().optional(),
  stationId: z.coerce.number().int().positive().optional(),
});

/** The most a schedule there may set (A; null = no cap known) and the station's time zone. */
export const scheduleLimitsAnswer = z.object({
  /** The lower of the station's total and a home charger's maximum. */
  capA: z.number().nullable(),
  stationTotalA: z.number().nullable(),
  homeMaxA: z.number().nullable(),
  stationId: int.nullable(),
  timeZone: z.string().nullable(),
});
export type ScheduleLimits = z.infer<typeof scheduleLimitsAnswer>;
export const chargingScheduleUpdate = patchOf(chargingScheduleFields);
export const chargingScheduleWhole = chargingScheduleCreate;
export type ChargingScheduleInput = z.infer<typeof chargingScheduleCreate>;

/** A schedule as `GET /sp/charging-schedule` answers it. */
export const chargingScheduleRecord = z.object({
  id: int,
  companyCode: z.string(),
  name: z.string(),
  target: z.enum(SCHEDULE_TARGETS),
  chargerId: int.nullable(),
  chargerSn: z.string().nullable(),
  ...atStation,
  connectorId: int,
  purpose: z.enum(PROFILE_PURPOSES),
  stackLevel: int,
  windows: z.array(z.object({ startTime: z.string(), endTime: z.string(), limitA: z.number() })),
  defaultLimitA: z.number(),
  /** The station's total (grid connection limit, A), when it has one. */
  stationTotalA: int.nullable(),
  /** The station's time zone: the windows are its local times. */
  timeZone: z.string().nullable(),
  /** What each charger answered when the schedule was last sent. */
  lastSent: z.object({ at: isoTime, results: z.array(commandOutcome.extend({ chargerSn: z.string() })) }).nullable(),
  updatedAt: isoTime,
});
export type ChargingScheduleRecord = z.infer<typeof chargingScheduleRecord>;

/** `GET /sp/charging-schedule` filters. */
export const chargingScheduleFilters = z.object({
  ...companyListFilters,
  stationId: idFilter,
  chargerId: idFilter,
});

/** The answer of `GET /sp/charger/{id}/composite-schedule` (OCPP GetCompositeSchedule). */
export const compositeScheduleAnswer = z.object({
  chargerSn: z.string(),
  connectorId: int,
  status: z.string(),
  scheduleStart: isoTime.nullable(),
  duration: int.nullable(),
  chargingRateUnit: z.string().nullable(),
  periods: z.array(z.object({ startPeriod: int, limit: z.number(), numberPhases: int.optional() })),
});
export type CompositeScheduleAnswer = z.infer<typeof compositeScheduleAnswer>;

/** `GET /sp/charger/{id}/composite-schedule` query. */
export const compositeScheduleQuery = z.object({
  connectorId: z.coerce.number().int().min(0).max(99).default(0),
  duration: z.coerce.number().int().min(60).max(7 * 86_400).default(86_400),
});

/** Station load balancing (`GET`/`PUT /sp/station/{id}/load-balancing`). */
export const stationLoadFields = z.object({
  gridLimitA: numberField(z.number({ error: emptyAs(614) }).int().min(1).max(5000)),
  minCurrentA: numberField(z.number().int().min(0).max(80).default(6)),
  fallbackCurrentA: numberField(z.number().int().min(0).max(80).default(6)),
});

/** One charging connector of a balanced station: current allotted by the last TxProfile and current measured. */
export const connectorLoad = z.object({
  chargerId: int,
  chargerSn: z.string(),
  connectorId: int,
  transactionId: int,
  allottedA: z.number().nullable(),
  answer: z.string().nullable(),
  measuredA: z.number().nullable(),
  measuredAt: isoTime.nullable(),
});

export const stationLoadRecord = z.object({
  stationId: int,
  /** Null when load balancing is off (no grid limit set). */
  gridLimitA: int.nullable(),
  minCurrentA: int,
  fallbackCurrentA: int,
  connectors: z.array(connectorLoad),
});
export type StationLoadRecord = z.infer<typeof stationLoadRecord>;
