/**
 * The points of the smart-charging step chart (requirements §16 R16.4), over one day of the
 * station's local time (x = minutes after local midnight, 0–1440):
 * - `planned`: the schedule being edited — the limit outside the windows, each window's limit from
 *   its start (the same periods the server sends, domain/smart-charging.ts `dailyPeriods`);
 * - `composite`: what the charger said it will do (GetCompositeSchedule, from now for 24 h),
 *   folded onto the day: at each time of day, the limit in force the next time that clock time
 *   comes round.
 * Malformed or unfinished rows of the form are left out, so the chart follows the typing.
 */
import { zoneOffsetMs } from '../../domain/billing';
import { dailyPeriods, type LimitWindow } from '../../domain/smart-charging';
import type { CompositeScheduleAnswer } from '../../domain/entities/charging-schedule';

export const DAY_MINUTES = 1440;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** One point of the chart: the limits (A) in force from minute `m` on. */
export interface StepPoint {
  m: number;
  planned?: number;
  composite?: number;
}

/** `HH:mm` → minutes, or null when not a time. */
export function minutesOfTime(t: unknown): number | null {
  if (typeof t !== 'string' || !HHMM.test(t.trim())) return null;
  const [h, m] = t.trim().split(':').map(Number);
  return h * 60 + m;
}

/** The form's windows that can be drawn (times valid, end after start, a numeric limit). */
export function drawableWindows(windows: readonly Partial<Record<keyof LimitWindow, unknown>>[] | null | undefined): LimitWindow[] {
  return (windows ?? []).flatMap((w) => {
    const a = minutesOfTime(w?.startTime);
    const b = minutesOfTime(w?.endTime);
    const limit = w?.limitA;
    if (a === null || b === null || b <= a || typeof limit !== 'number' || !Number.isFinite(limit)) return [];
    return [{ startTime: String(w.startTime).trim(), endTime: String(w.endTime).trim(), limitA: limit }];
  });
}

/** The planned steps `[minute, limit]` of a day, or [] without a default limit. */
export function plannedSteps(windows: readonly LimitWindow[], defaultLimitA: unknown): { m: number; limit: number }[] {
  if (typeof defaultLimitA !== 'number' || !Number.isFinite(defaultLimitA)) return [];
  return dailyPeriods(windows, defaultLimitA).map((p) => ({ m: p.startPeriod / 60, limit: p.limit }));
}

/** Local minute of the day (0–1439) of instant `t` (ms) in `timeZone`. */
export function localMinute(t: number, timeZone: string): number {
  const local = t + zoneOffsetMs(timeZone, t);
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

/** The composite limit at instant `t` (ms), or undefined outside the answered schedule. */
function compositeAt(c: CompositeScheduleAnswer, start: number, t: number): number | undefined {
  if (c.duration !== null && t >= start + c.duration * 1000) return undefined;
  let limit: number | undefined;
  for (const p of c.periods) if (start + p.startPeriod * 1000 <= t + 60_000) limit = p.limit;
  return limit ?? c.periods[0]?.limit;
}

/**
 * The composite schedule folded onto the local day: `[minute, limit]` at each change, evaluated
 * the next time each clock time comes after `now`.
 */
export function compositeSteps(c: CompositeScheduleAnswer, timeZone: string, now: number): { m: number; limit: number }[] {
  if (!c.periods.length) return [];
  const start = c.scheduleStart ? Date.parse(c.scheduleStart) : now;
  const nowMin = localMinute(now, timeZone);
  const instantOf = (m: number) => now + ((((m - nowMin) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES) * 60_000;
  const cuts = new Set<number>([0, nowMin]);
  for (const p of c.periods) cuts.add(localMinute(start + p.startPeriod * 1000, timeZone));
  return [...cuts]
    .sort((a, b) => a - b)
    .flatMap((m) => {
      const limit = compositeAt(c, start, instantOf(m));
      return limit === undefined ? [] : [{ m, limit }];
    });
}

/** Both series on the same minutes (each holds its last step), closed at 24:00. */
export function mergeSteps(planned: readonly { m: number; limit: number }[], composite: readonly { m: number; limit: number }[]): StepPoint[] {
  const at = (steps: readonly { m: number; limit: number }[], m: number) => {
    let v: number | undefined;
    for (const s of steps) if (s.m <= m) v = s.limit;
    return v;
  };
  const minutes = [...new Set([0, ...planned.map((s) => s.m), ...composite.map((s) => s.m), DAY_MINUTES])].sort((a, b) => a - b);
  if (!planned.length && !composite.length) return [];
  return minutes.map((m) => {
    const p = at(planned, Math.min(m, DAY_MINUTES - 1));
    const c = at(composite, Math.min(m, DAY_MINUTES - 1));
    return { m, ...(p !== undefined ? { planned: p } : {}), ...(c !== undefined ? { composite: c } : {}) };
  });
}

/** `HH:mm` of minute `m` (1440 → 24:00). */
export function timeOfMinute(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(Math.round(m % 60)).padStart(2, '0')}`;
}
