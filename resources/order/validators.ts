/**
 * Order filter validators (requirements §5 "Time ranges": end not before start; neither after today).
 * They return translation keys, never text. Values are what the date inputs hold (ISO or
 * `YYYY-MM-DD`).
 */
import dayjs from 'dayjs';

const day = (v: unknown) => (v ? dayjs(String(v)) : null);

/** `app.validation.after_today` when `value` is a day after today. */
export function notAfterToday(value: unknown, _all?: unknown, now: Date = new Date()): string | undefined {
  const d = day(value);
  return d && d.isValid() && d.startOf('day').isAfter(dayjs(now).startOf('day')) ? 'app.validation.after_today' : undefined;
}

/** `app.validation.end_before_start` when the end day is before the start day of `all.startTime`. */
export function endNotBeforeStart(value: unknown, all?: { startTime?: unknown }): string | undefined {
  const end = day(value);
  const start = day(all?.startTime);
  if (!end || !start || !end.isValid() || !start.isValid()) return undefined;
  return end.startOf('day').isBefore(start.startOf('day')) ? 'app.validation.end_before_start' : undefined;
}

/** A day input's value → the ISO instant of the local start of that day. */
export const startOfDayIso = (v: string) => (v ? dayjs(v).startOf('day').toISOString() : v);
/** A day input's value → the ISO instant of the local end of that day (inclusive ranges). */
export const endOfDayIso = (v: string) => (v ? dayjs(v).endOf('day').toISOString() : v);
