/**
 * Date helpers of requirements §9: the default display format `YYYY-MM-DD HH:mm:ss` (two-digit padding),
 * numeric timestamps (10 digits = seconds, 13 digits = milliseconds) and Chinese weekday names.
 */
import dayjs from 'dayjs';

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A value the API or a user may hand us as a point in time. */
export type TimeInput = string | number | Date | null | undefined;

/**
 * Milliseconds since the epoch for `value`, or null when it is empty or not a time.
 * Numbers (or digit-only strings) of 10 digits or fewer are seconds (×1000); longer ones
 * (13 digits) are milliseconds. Other strings are parsed as ISO-8601.
 */
export function toMillis(value: TimeInput): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    const digits = String(Math.trunc(Math.abs(n))).length;
    return digits <= 10 ? n * 1000 : n;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Formats `value` in the browser's zone (default `YYYY-MM-DD HH:mm:ss`); '' when empty or invalid. */
export function formatDateTime(value: TimeInput, format: string = DEFAULT_DATE_FORMAT): string {
  const ms = toMillis(value);
  return ms === null ? '' : dayjs(ms).format(format);
}

/** Formats only the day part (`YYYY-MM-DD`). */
export function formatDate(value: TimeInput): string {
  return formatDateTime(value, 'YYYY-MM-DD');
}

const ZH_WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

/** The Chinese weekday name (星期日 … 星期六) of `value`; '' when empty or invalid. */
export function weekdayZh(value: TimeInput): string {
  const ms = toMillis(value);
  return ms === null ? '' : ZH_WEEKDAYS[new Date(ms).getDay()];
}

/** Duration in seconds as `H:mm:ss` (hours not capped); '' when not a finite number. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`;
}

/**
 * How long ago `value` was relative to `now`, as a unit and count for an i18n message
 * (`app.time.ago.<unit>` with `smart_count`); null when empty or invalid.
 */
export function relativeTime(value: TimeInput, now: number = Date.now()): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; count: number } | null {
  const ms = toMillis(value);
  if (ms === null) return null;
  const diff = Math.max(0, Math.round((now - ms) / 1000));
  if (diff < 60) return { unit: 'seconds', count: diff };
  if (diff < 3600) return { unit: 'minutes', count: Math.floor(diff / 60) };
  if (diff < 86400) return { unit: 'hours', count: Math.floor(diff / 3600) };
  return { unit: 'days', count: Math.floor(diff / 86400) };
}
