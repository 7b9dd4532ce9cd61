/**
 * Date ranges of the Operations screens (requirements §5 "Time ranges": the end not before the start,
 * neither after today). Presets: today, the last 7 and 30 days (today included) and this year.
 * Days are the browser's local days; the API gets ISO instants (start of the first day, end of the
 * last day — or now when the last day is today, so nothing in the future is counted).
 */
import dayjs from 'dayjs';

export const PRESETS = ['today', '7d', '30d', 'year'] as const;
export type Preset = (typeof PRESETS)[number];

/** A range of local days, `YYYY-MM-DD` inclusive on both ends. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = 'YYYY-MM-DD';

/** The days of a preset relative to `now`. */
export function presetRange(preset: Preset, now: Date = new Date()): DayRange {
  const today = dayjs(now).startOf('day');
  switch (preset) {
    case 'today':
      return { from: today.format(DAY), to: today.format(DAY) };
    case '7d':
      return { from: today.subtract(6, 'day').format(DAY), to: today.format(DAY) };
    case '30d':
      return { from: today.subtract(29, 'day').format(DAY), to: today.format(DAY) };
    case 'year':
      return { from: today.startOf('year').format(DAY), to: today.format(DAY) };
  }
}

/** The preset a range equals (relative to `now`), or null for a custom range. */
export function presetOf(range: DayRange, now: Date = new Date()): Preset | null {
  return (
    PRESETS.find((p) => {
      const r = presetRange(p, now);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

/**
 * The rule a custom range breaks, as a translation key: a missing day (`app.range.required`), a
 * day after today (`app.validation.after_today`), the end before the start
 * (`app.validation.end_before_start`), longer than the API's 366 days (`app.range.too_long`).
 */
export function rangeError(range: Partial<DayRange>, now: Date = new Date()): string | undefined {
  const from = range.from ? dayjs(range.from) : null;
  const to = range.to ? dayjs(range.to) : null;
  if (!from || !to || !from.isValid() || !to.isValid()) return 'app.range.required';
  const today = dayjs(now).startOf('day');
  if (from.isAfter(today) || to.isAfter(today)) return 'app.validation.after_today';
  if (to.isBefore(from)) return 'app.validation.end_before_start';
  if (to.diff(from, 'day') + 1 > 366) return 'app.range.too_long';
  return undefined;
}

/** The API query of a valid range: `{ startTime, endTime }` as ISO instants. */
export function rangeQuery(range: DayRange, now: Date = new Date()): { startTime: string; endTime: string } {
  const start = dayjs(range.from).startOf('day');
  const lastDay = dayjs(range.to);
  const end = lastDay.isSame(dayjs(now), 'day') ? dayjs(now) : lastDay.endOf('day');
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}
