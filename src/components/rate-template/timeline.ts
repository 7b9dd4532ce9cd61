/**
 * Pure helpers of the rate-template editor (requirements §5 "Pricing"): the 24-hour timeline (windows,
 * gaps and overlaps), the colour of a price, row editing (add, split, remove) and the rule check
 * of `domain/rate-template.ts` turned into the catalogue message of the user's language, so the
 * editor says what is wrong before saving with the same text the server would answer.
 * Times are local `HH:mm` (start inclusive, end exclusive, `24:00` allowed as an end).
 */
import Decimal from 'decimal.js';
import { catalogueMessage } from '../../../domain/errors';
import {
  checkRateTemplate,
  DAY_MINUTES,
  deleteRateRow,
  formatTime,
  MAX_RATE_ROWS,
  parseTime,
  type RateRow,
  type RateTemplateContext,
  type RateTemplateRules,
  type RuleViolation,
} from '../../../domain/rate-template';

/** One drawn window of the timeline (minutes after midnight). */
export interface TimelineWindow {
  index: number;
  start: number;
  end: number;
  fee: string;
}

/** A stretch of the day that no row covers (gap) or that two or more rows cover (overlap). */
export interface TimelineProblem {
  kind: 'gap' | 'overlap';
  start: number;
  end: number;
}

export interface Timeline {
  windows: TimelineWindow[];
  problems: TimelineProblem[];
}

/**
 * The windows of the valid rows (malformed or inverted rows are left out: the rule check names
 * them) and the gaps and overlaps over 00:00–24:00, merged into maximal stretches.
 */
export function buildTimeline(details: readonly RateRow[]): Timeline {
  const windows: TimelineWindow[] = [];
  details.forEach((d, index) => {
    const start = parseTime(d.startTime);
    const end = parseTime(d.endTime);
    if (start === null || end === null || end <= start || start >= DAY_MINUTES) return;
    windows.push({ index, start, end, fee: d.electricityFeePerKwh });
  });
  // Coverage count on each elementary interval between boundaries.
  const cuts = new Set<number>([0, DAY_MINUTES]);
  for (const w of windows) {
    cuts.add(w.start);
    cuts.add(w.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const problems: TimelineProblem[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const a = points[k];
    const b = points[k + 1];
    const n = windows.filter((w) => w.start <= a && w.end >= b).length;
    const kind = n === 0 ? 'gap' : n > 1 ? 'overlap' : null;
    if (!kind) continue;
    const last = problems[problems.length - 1];
    if (last && last.kind === kind && last.end === a) last.end = b;
    else problems.push({ kind, start: a, end: b });
  }
  return { windows, problems };
}

/** Ascending distinct fees of the rows (normalised, "0.50" = "0.5"); unreadable fees left out. */
export function distinctFees(details: readonly RateRow[]): string[] {
  const set = new Map<string, Decimal>();
  for (const d of details) {
    try {
      const v = new Decimal(d.electricityFeePerKwh);
      set.set(v.toString(), v);
    } catch {
      /* not a number yet: not coloured */
    }
  }
  return [...set.values()].sort((a, b) => a.comparedTo(b)).map((v) => v.toString());
}

/**
 * The colour of a fee among `fees` (ascending): cheapest blue-green through to amber for the
 * dearest; red stays reserved for gaps and overlaps. Grey for an unreadable fee.
 */
export function feeColor(fee: string, fees: readonly string[]): string {
  let key: string;
  try {
    key = new Decimal(fee).toString();
  } catch {
    return '#9e9e9e';
  }
  const i = fees.indexOf(key);
  if (i < 0) return '#9e9e9e';
  const t = fees.length <= 1 ? 0 : i / (fees.length - 1);
  const hue = Math.round(190 - t * 155);
  return `hsl(${hue}, 70%, 45%)`;
}

/** The rows sorted by start time (unreadable starts last), keeping each row's other fields. */
export function sortRows<T extends RateRow>(details: readonly T[]): T[] {
  const key = (d: T) => parseTime(d.startTime) ?? DAY_MINUTES + 1;
  return [...details].sort((a, b) => key(a) - key(b));
}

/**
 * Splits row `index` at the middle of its window (rounded down to a quarter of an hour when
 * possible): both halves keep the fee. Answers the rows unchanged when the window is shorter
 * than two minutes, malformed, or when the table already holds 12 rows (647).
 */
export function splitRow<T extends RateRow>(details: readonly T[], index: number): T[] {
  const row = details[index];
  if (!row || details.length >= MAX_RATE_ROWS) return [...details];
  const s = parseTime(row.startTime);
  const e = parseTime(row.endTime);
  if (s === null || e === null || e - s < 2) return [...details];
  let mid = s + Math.floor((e - s) / 2);
  const quarter = Math.floor(mid / 15) * 15;
  if (quarter > s) mid = quarter;
  const first = { ...row, endTime: formatTime(mid) };
  const second = { ...row, id: undefined, startTime: formatTime(mid) } as T;
  const out = [...details];
  out.splice(index, 1, first, second);
  return out;
}

/**
 * Adds a row: the whole day when there is none; else the first gap of the day when there is
 * one; else the longest window is split. Unchanged at 12 rows (647).
 */
export function addRow<T extends RateRow>(details: readonly T[], fee = '0'): T[] {
  if (details.length >= MAX_RATE_ROWS) return [...details];
  if (details.length === 0) return [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: fee } as T];
  const gap = buildTimeline(details).problems.find((p) => p.kind === 'gap');
  if (gap) return sortRows([...details, { startTime: formatTime(gap.start), endTime: formatTime(gap.end), electricityFeePerKwh: fee } as T]);
  const { windows } = buildTimeline(details);
  if (!windows.length) return [...details];
  const longest = windows.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
  return splitRow(details, longest.index);
}

/**
 * Removes row `index` (the following window takes over its time). The row ending at 24:00
 * cannot be removed: answers the violation 812 instead.
 */
export function removeRow<T extends RateRow>(details: readonly T[], index: number): { details: T[] } | { violation: RuleViolation } {
  return deleteRateRow(details, index);
}

/** A rule failure ready to show: code, field path, offending row and the catalogue text. */
export interface EditorProblem extends RuleViolation {
  message: string;
}

/**
 * The first rule the template breaks (domain/rate-template.ts `checkRateTemplate`, the server's
 * own check) with its catalogue message in `lang`; null when the template passes.
 */
export function templateProblem(t: RateTemplateRules, lang: 'en' | 'zh', context: RateTemplateContext = 'template'): EditorProblem | null {
  const v = checkRateTemplate(t, context);
  return v ? { ...v, message: catalogueMessage(v.code, lang, v.values) } : null;
}

/** `HH:mm` of minutes (re-exported for the timeline's labels). */
export { formatTime, DAY_MINUTES, MAX_RATE_ROWS };
