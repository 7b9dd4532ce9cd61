/**
 * The one time-range rule of the lists (requirements §5 "Time ranges", code 715 "Query time interval
 * error"), used by the server for every list that takes `startTime`/`endTime` (orders and their
 * exports, statistics, station insights, charger log, connection attempts) and by the console.
 *
 * A range is refused (715, naming the field) when:
 * - an end is given without a start (`startTime`);
 * - the start lies in the future (`startTime`);
 * - the end lies after today: later than 24 hours from now, the end of today in any time zone
 *   (`endTime`);
 * - the end is before the start (`endTime`);
 * - it spans more than `maxDays` days, where a list limits it (`endTime`).
 * No start and no end: the list's own default applies.
 */

/** 24 hours (ms): "today" ends at most this far from now, whatever the caller's time zone. */
const DAY_MS = 24 * 3_600_000;

/** A refused range: always 715, with the field to mark. */
export interface TimeRangeError {
  code: 715;
  field: 'startTime' | 'endTime';
}

/** The rule's outcome for `start`/`end` at `now`: null when the range is acceptable. */
export function timeRangeError(
  start: Date | undefined | null,
  end: Date | undefined | null,
  opts: { now?: Date; maxDays?: number } = {},
): TimeRangeError | null {
  const now = (opts.now ?? new Date()).getTime();
  if (end && !start) return { code: 715, field: 'startTime' };
  if (start && start.getTime() > now) return { code: 715, field: 'startTime' };
  if (end && end.getTime() > now + DAY_MS) return { code: 715, field: 'endTime' };
  if (start && end && end.getTime() < start.getTime()) return { code: 715, field: 'endTime' };
  if (start && end && opts.maxDays !== undefined && end.getTime() - start.getTime() > opts.maxDays * DAY_MS) return { code: 715, field: 'endTime' };
  return null;
}
