/**
 * Order filter validators (requirements §5 "Time ranges": end not before start; neither after today).
 * They return translation keys, never text. Values are what the date inputs hold (ISO or
 * `YYYY-MM-DD`).
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { isDayTime } from '../../src/components/DayField';

dayjs.extend(customParseFormat);

const day = (v: unknown) => (v ? dayjs(String(v)) : null);

/** `app.validation.after_today` when `value` is a day after today. */
export function notAfterToday(value: unknown, _all?: unknown, now: Date = new Date()): string | undefined {
  const d = day(value);
  return d?.isValid() && d.startOf('day').isAfter(dayjs(now).startOf('day')) ? 'app.validation.after_today' : undefined;
}

/** A day input's value → the ISO instant of the local start of that day, or of the minute typed (`YYYY-MM-DD HH:mm`). */
export const startOfDayIso = (v: string) => {
  if (!v) return v;
  return isDayTime(v) ? dayjs(v, 'YYYY-MM-DD HH:mm').startOf('minute').toISOString() : dayjs(v).startOf('day').toISOString();
};
/** A day input's value → the ISO instant of the local end of that day, or of the minute typed (inclusive ranges). */
export const endOfDayIso = (v: string) => {
  if (!v) return v;
  return isDayTime(v) ? dayjs(v, 'YYYY-MM-DD HH:mm').endOf('minute').toISOString() : dayjs(v).endOf('day').toISOString();
};

/**
 * `app.validation.end_before_start` when the end is before `all.startTime`, compared as instants
 * (the filter holds a day's start or end, or a typed time's minute).
 */
export function endNotBeforeStart(value: unknown, all?: { startTime?: unknown }): string | undefined {
  const end = value ? dayjs(String(value)) : null;
  const start = all?.startTime ? dayjs(String(all.startTime)) : null;
  if (!end || !start || !end.isValid() || !start.isValid()) return undefined;
  return end.isBefore(start) ? 'app.validation.end_before_start' : undefined;
}
