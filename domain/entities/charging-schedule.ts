/**
 * Smart-charging schedule (requirements §5 "Smart charging", §16 R16.4, R16.12): time windows with a
 * current limit (A) for one charger or for every charger of a station, sent as an OCPP 1.6 charging
 * profile (ChargePointMaxProfile, TxDefaultProfile or TxProfile) of kind Recurring (daily, the
 * station's local time), Absolute (once, from `validFrom` to `validTo`, each day's windows in the
 * station's local time) or Relative (the windows count from the start of the session). Rules, each
 * its own code: a name (614); a target charger (602) or station (603); at least one window; each
 * window's start and end time required (615); the end after the start (787); windows not
 * overlapping (788, naming both); each limit and the limit outside the windows required (614) and
 * within 0–500 A (791); Absolute needs `validFrom` and `validTo` (615), and any validity ends after
 * it starts, an Absolute one within 7 days (792); Relative is not for a ChargePointMaxProfile (794);
 * no limit above the station's total (789) or a home charger's maximum (790), checked by the server
 * with the target's limits (`overCapIssues`).
 */
import { z } from 'zod';
import { PROFILE_KINDS, PROFILE_PURPOSES } from '../smart-charging.js';
import { int, isoTime, atStation, companyListFilters, idFilter } from './api.js';
import { commandOutcome } from './home-charger.js';
import { answers, blankToNull, emptyAs, numberField, optionalId, patchOf, requiredEnum, requiredText, type FieldIssue } from './rules.js';

/** Highest current a schedule may set (A per phase). */
export const MAX_SCHEDULE_CURRENT_A = 500;
/** At most this many windows a day. */
export const MAX_WINDOWS = 12;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = () =>
  z
    .string({ error: emptyAs(615) })
    .trim()
    .min(1, { error: answers(615), abort: true })
    .regex(HHMM, { error: 'validation.format' });
const limit = () =>
  numberField(
    z
      .number({ error: emptyAs(614) })
      .min(0, { error: answers(791) })
      .max(MAX_SCHEDULE_CURRENT_A, { error: answers(791) }),
  );

/** Longest validity of an Absolute schedule (days): its windows are sent day by day. */
export const MAX_ABSOLUTE_DAYS = 7;

/** An optional instant (ISO-8601; blank → null), answered as ISO UTC. */
const instant = () =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(40)
      .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.format' })
      .transform((v) => new Date(v).toISOString())
      .nullish(),
  );

/** One window `[startTime, endTime)` with its limit (A). */
export const limitWindow = z.object({ startTime: time(), endTime: time(), limitA: limit() });

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const span = (w: { startTime: string; endTime: string }) => `${w.startTime}–${w.endTime}`;
const wellFormed = (w: { startTime?: unknown; endTime?: unknown }): w is { startTime: string; endTime: string } =>
  typeof w?.startTime === 'string' && typeof w.endTime === 'string' && HHMM.test(w.startTime) && HHMM.test(w.endTime);

/**
 * End after start (787 on `endTime`, naming the window), windows not overlapping (788 on the later
 * window's `startTime`, naming both windows, e.g. `18:00–22:00, 20:00–23:00`).
 */
function checkWindows(windows: readonly { startTime: string; endTime: string }[], ctx: z.RefinementCtx) {
  const valid = windows.map((w, i) => ({ ...w, i })).filter(wellFormed);
  for (const w of valid) {
    if (toMin(w.endTime) <= toMin(w.startTime))
      ctx.addIssue({ code: 'custom', path: ['windows', w.i, 'endTime'], message: answers(787), params: { values: { detail: span(w) } } });
  }
  const order = valid.filter((w) => toMin(w.endTime) > toMin(w.startTime)).sort((a, b) => toMin(a.startTime) - toMin(b.startTime));
  for (let k = 1; k < order.length; k++) {
    const before = order.slice(0, k).find((p) => toMin(order[k].startTime) < toMin(p.endTime));
    if (before)
      ctx.addIssue({
        code: 'custom',
        path: ['windows', order[k].i, 'startTime'],
        message: answers(788),
        params: { values: { detail: `${span(before)}, ${span(order[k])}` } },
      });
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
  /** Recurring (daily), Absolute (once, validFrom → validTo) or Relative (from the session's start). */
  kind: z.enum(PROFILE_KINDS).default('Recurring'),
  validFrom: instant(),
  validTo: instant(),
  windows: z
    .array(limitWindow, { error: emptyAs(614) })
    .min(1, { error: answers(614) })
    .max(MAX_WINDOWS),
  /** Limit outside the windows (A). */
  defaultLimitA: limit(),
});

/**
 * The validity of a profile (shared with the remote start's TxProfile): Absolute needs both ends
 * (615); the end after the start, an Absolute one within MAX_ABSOLUTE_DAYS (792 on `validTo`);
 * Relative not as a ChargePointMaxProfile (794 on `kind`).
 */
export function checkValidity(
  v: { kind?: string; purpose?: string; validFrom?: string | null; validTo?: string | null },
  ctx: z.RefinementCtx,
  at: PropertyKey[] = [],
) {
  if (v.kind === 'Absolute') {
    if (!v.validFrom) ctx.addIssue({ code: 'custom', path: [...at, 'validFrom'], message: answers(615) });
    if (!v.validTo) ctx.addIssue({ code: 'custom', path: [...at, 'validTo'], message: answers(615) });
  }
  if (v.validFrom && v.validTo) {
    const ms = Date.parse(v.validTo) - Date.parse(v.validFrom);
    if (ms <= 0 || (v.kind === 'Absolute' && ms > MAX_ABSOLUTE_DAYS * 86_400_000)) {
      ctx.addIssue({ code: 'custom', path: [...at, 'validTo'], message: answers(792), params: { values: { detail: `${v.validFrom} → ${v.validTo}` } } });
    }
  }
  if (v.kind === 'Relative' && v.purpose === 'ChargePointMaxProfile') ctx.addIssue({ code: 'custom', path: [...at, 'kind'], message: answers(794) });
}

function checkSchedule(
  v: {
    target?: string;
    chargerId?: number | null;
    stationId?: number | null;
    windows?: { startTime: string; endTime: string }[];
    kind?: string;
    purpose?: string;
    validFrom?: string | null;
    validTo?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.target === 'CHARGER' && !v.chargerId) ctx.addIssue({ code: 'custom', path: ['chargerId'], message: answers(602) });
  if (v.target === 'STATION' && !v.stationId) ctx.addIssue({ code: 'custom', path: ['stationId'], message: answers(603) });
  if (v.windows) checkWindows(v.windows, ctx);
  checkValidity(v, ctx);
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
  return [...(v.windows ?? []).flatMap((w, i) => (over(w?.limitA) ? [`windows.${i}.limitA`] : [])), ...(over(v.defaultLimitA) ? ['defaultLimitA'] : [])];
}

/**
 * The limits of a schedule above what its target allows, each with its own code: 789 when the
 * station's total (grid connection limit) is the lower cap, 790 when a home charger's maximum is;
 * `max` and `detail` (`40 A > 32 A`) name the cap. Shared by the server's check and the console's
 * form, so both mark the same fields with the same message (requirements R16.4).
 */
export function overCapIssues(
  v: { windows?: readonly { limitA?: unknown }[] | null; defaultLimitA?: unknown },
  l: { stationTotalA: number | null; homeMaxA: number | null },
): FieldIssue[] {
  const caps = [l.stationTotalA, l.homeMaxA].filter((x): x is number => x !== null);
  if (!caps.length) return [];
  const cap = Math.min(...caps);
  const code = l.stationTotalA === cap ? 789 : 790;
  const valueAt = (field: string) => (field === 'defaultLimitA' ? v.defaultLimitA : v.windows?.[Number(field.split('.')[1])]?.limitA);
  return limitsOverCap(v, cap).map((field) => ({ field, code, key: answers(code), values: { max: cap, detail: `${String(valueAt(field))} A > ${cap} A` } }));
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
  kind: z.enum(PROFILE_KINDS),
  validFrom: isoTime.nullable(),
  validTo: isoTime.nullable(),
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
  duration: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(86_400),
  /** The unit the charger answers in (OCPP ChargingRateUnitType): A (amperes) or W (watts). */
  chargingRateUnit: z.enum(['A', 'W']).default('A'),
});

/** Station load balancing (`GET`/`PUT /sp/station/{id}/load-balancing`). */
export const stationLoadFields = z.object({
  gridLimitA: numberField(
    z
      .number({ error: emptyAs(614) })
      .int()
      .min(1)
      .max(5000),
  ),
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
