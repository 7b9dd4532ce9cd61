/**
 * Times typed as `YYYY-MM-DD HH:mm` (or with `:ss`), the console's display format (requirements §9),
 * for the charger log's range and Diagnosis' time; checked with the one time-range rule
 * (domain/time-range.ts, code 715) before a request is sent.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { timeRangeError, type TimeRangeError } from '../../../domain/time-range';

dayjs.extend(customParseFormat);

/** The time of `text` (local), null when empty; undefined when it is not a complete time. */
export function parseTimeText(text: string): Date | null | undefined {
  const t = text.trim();
  if (!t) return null;
  for (const f of ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss']) {
    const d = dayjs(t, f, true);
    if (d.isValid()) return d.toDate();
  }
  return undefined;
}

/** `date` as the text the fields show (`YYYY-MM-DD HH:mm`). */
export const timeText = (date: Date) => dayjs(date).format('YYYY-MM-DD HH:mm');

/** What is wrong with a typed range: 'format' (a field is not a time) or the 715 rule's field. */
export function rangeTextError(start: string, end: string, now = new Date()): { field: 'startTime' | 'endTime'; kind: 'format' | 'range' } | null {
  const s = parseTimeText(start);
  const e = parseTimeText(end);
  if (s === undefined) return { field: 'startTime', kind: 'format' };
  if (e === undefined) return { field: 'endTime', kind: 'format' };
  const bad: TimeRangeError | null = timeRangeError(s, e, { now });
  return bad ? { field: bad.field, kind: 'range' } : null;
}
