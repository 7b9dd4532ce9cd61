/**
 * Pure rules of rate (pricing) templates (requirements §5 "Pricing", §8, §9), shared by the server
 * (authoritative) and the console's editor (tells what is wrong before saving).
 *
 * Every rule answers a catalogue code, never text:
 * - 342 a free template has rates; 343 a charged template has none;
 * - 647 more than 12 rows; 648 the same electricity fee on more than 3 rows;
 * - 317 two rows overlap; 703 the rows leave a gap, do not start at 00:00 / end at 24:00, or a
 *   row is empty or inverted (e.g. 22:00–02:00: a window never wraps midnight, split it instead);
 * - 615 a time is missing or not `HH:mm`;
 * - 605 no tax row / a tax name is empty; 649 a tax (or service tax) percentage below 0;
 *   400 more taxes than allowed (5 in the template popup, 4 on the station screen).
 * Times are local wall-clock `HH:mm`, start inclusive, end exclusive; `24:00` is allowed as an end.
 */
import Decimal from 'decimal.js';
import type { ErrorCode } from './errors.js';

/** Rate rows per template (requirements §9). */
export const MAX_RATE_ROWS = 12;
/** Rows that may share one electricity fee (requirements §9). */
export const MAX_SAME_RATE = 3;
/** Tax rows in the template popup (requirements §5). */
export const MAX_TAXES = 5;
/** Tax rows on the station profile screen (requirements §5). */
export const MAX_TAXES_STATION = 4;
/** Minutes in a day: the value of `24:00`. */
export const DAY_MINUTES = 1440;

export const RATE_TEMPLATE_TYPES = ['FREE', 'CHARGED'] as const;
export type RateTemplateType = (typeof RATE_TEMPLATE_TYPES)[number];

/** Where a template is edited: the popup (5 taxes) or the station profile screen (4 taxes). */
export type RateTemplateContext = 'template' | 'station';

/** The most tax rows a template may have where it is edited (requirements §5): 5, or 4 on the station screen. */
export function maxTaxes(context: RateTemplateContext = 'template'): number {
  return context === 'station' ? MAX_TAXES_STATION : MAX_TAXES;
}

/** One time-of-use row. */
export interface RateRow {
  id?: number;
  /** Local `HH:mm`, 00:00–23:59. */
  startTime: string;
  /** Local `HH:mm`, 00:01–24:00. */
  endTime: string;
  /** Electricity fee per kWh, decimal string. */
  electricityFeePerKwh: string;
}

export interface TaxInput {
  taxName: string;
  /** Percentage, decimal string ("19" = 19 %). */
  taxPercentage: string;
}

/** The parts of a template the rules look at. */
export interface RateTemplateRules {
  type: RateTemplateType;
  taxes: readonly TaxInput[];
  serviceTax?: string | null;
  details: readonly RateRow[];
}

/** A rule failure: the catalogue code and the field (path) it is about. */
export interface RuleViolation {
  code: ErrorCode;
  field: string;
  /** Index of the offending row, when one row is to blame. */
  index?: number;
  /** What the message names (317: `window`, the other window `HH:mm–HH:mm`, and its `end`). */
  values?: Readonly<Record<string, string>>;
}

/** Minutes after midnight of `HH:mm` (`24:00` → 1440), or null when malformed. */
export function parseTime(hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59) return null;
  if (h === 24 && min === 0) return DAY_MINUTES;
  if (h > 23) return null;
  return h * 60 + min;
}

/** `HH:mm` of a minute of the day (1440 → `24:00`). */
export function formatTime(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A decimal string normalised for comparison ("0.50" and "0.5" are the same fee). */
function feeKey(fee: string): string {
  try {
    return new Decimal(fee).toString();
  } catch {
    return fee;
  }
}

/**
 * The time-of-use rows against requirements §5: count (647), coverage of 00:00–24:00 with no gap (703)
 * and no overlap (317), at most 3 rows per fee (648). Does not look at the template type.
 * @returns the first violation, or null when the rows are valid.
 */
export function checkRateRows(details: readonly RateRow[]): RuleViolation | null {
  if (details.length > MAX_RATE_ROWS) return { code: 647, field: 'details' };
  const rows: { start: number; end: number; index: number }[] = [];
  for (let i = 0; i < details.length; i++) {
    const start = parseTime(details[i].startTime);
    const end = parseTime(details[i].endTime);
    if (start === null || start >= DAY_MINUTES) return { code: 615, field: `details.${i}.startTime`, index: i };
    if (end === null || end === 0) return { code: 615, field: `details.${i}.endTime`, index: i };
    if (end <= start) return { code: 703, field: `details.${i}.endTime`, index: i };
    rows.push({ start, end, index: i });
  }
  if (rows.length > 0) {
    const sorted = [...rows].sort((a, b) => a.start - b.start || a.end - b.end);
    for (let k = 1; k < sorted.length; k++) {
      const other = sorted[k - 1];
      if (sorted[k].start < other.end) {
        const values = { window: `${formatTime(other.start)}–${formatTime(other.end)}`, end: formatTime(other.end) };
        return { code: 317, field: `details.${sorted[k].index}.startTime`, index: sorted[k].index, values };
      }
    }
    if (sorted[0].start !== 0) return { code: 703, field: `details.${sorted[0].index}.startTime`, index: sorted[0].index };
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k].start > sorted[k - 1].end) return { code: 703, field: `details.${sorted[k].index}.startTime`, index: sorted[k].index };
    }
    const last = sorted[sorted.length - 1];
    if (last.end !== DAY_MINUTES) return { code: 703, field: `details.${last.index}.endTime`, index: last.index };
  }
  const uses = new Map<string, number>();
  for (let i = 0; i < details.length; i++) {
    const key = feeKey(details[i].electricityFeePerKwh);
    const n = (uses.get(key) ?? 0) + 1;
    uses.set(key, n);
    if (n > MAX_SAME_RATE) return { code: 648, field: `details.${i}.electricityFeePerKwh`, index: i };
  }
  return null;
}

/**
 * Tax rows: at least one (605), at most 5 (4 on the station screen; 400), names not empty (605),
 * percentages ≥ 0 (649); the service tax ≥ 0 as well (649).
 */
export function checkTaxes(taxes: readonly TaxInput[], context: RateTemplateContext = 'template', serviceTax?: string | null): RuleViolation | null {
  if (taxes.length === 0) return { code: 605, field: 'taxes' };
  if (taxes.length > maxTaxes(context)) return { code: 400, field: 'taxes' };
  for (let i = 0; i < taxes.length; i++) {
    if (!taxes[i].taxName?.trim()) return { code: 605, field: `taxes.${i}.taxName`, index: i };
    if (isNegative(taxes[i].taxPercentage)) return { code: 649, field: `taxes.${i}.taxPercentage`, index: i };
  }
  if (serviceTax !== undefined && serviceTax !== null && isNegative(serviceTax)) return { code: 649, field: 'serviceTax' };
  return null;
}

function isNegative(v: string): boolean {
  try {
    return new Decimal(v).isNegative() && !new Decimal(v).isZero();
  } catch {
    return false;
  }
}

/**
 * All rules of a template, in the order the console shows them: type vs rows (342 / 343), rows
 * (647, 615, 703, 317, 648), taxes (605, 400, 649).
 */
export function checkRateTemplate(t: RateTemplateRules, context: RateTemplateContext = 'template'): RuleViolation | null {
  if (t.type === 'FREE' && t.details.length > 0) return { code: 342, field: 'details' };
  if (t.type === 'CHARGED' && t.details.length === 0) return { code: 343, field: 'details' };
  return checkRateRows(t.details) ?? checkTaxes(t.taxes, context, t.serviceTax);
}

/**
 * The rows after deleting row `index` (requirements §5: the window ending at 24:00 cannot be deleted,
 * 812): the next row (in time) takes over the deleted window, so the day stays covered.
 * @returns the new rows, or the violation (812; 805 when there is no such row).
 */
export function deleteRateRow<T extends RateRow>(details: readonly T[], index: number): { details: T[] } | { violation: RuleViolation } {
  const row = details[index];
  if (!row) return { violation: { code: 805, field: 'details' } };
  if (row.endTime === '24:00') return { violation: { code: 812, field: `details.${index}.endTime`, index } };
  const next = details.findIndex((d) => d.startTime === row.endTime);
  const out = details.map((d) => ({ ...d }));
  if (next >= 0) out[next].startTime = row.startTime;
  out.splice(index, 1);
  return { details: out };
}

/**
 * The row applying at a local minute of the day (billing): `localTime` is `HH:mm` or minutes
 * after midnight (0–1439, fractions allowed). Start inclusive, end exclusive.
 * @returns the row, or undefined when none covers it (free template, or invalid rows).
 */
export function rateWindowAt<T extends RateRow>(template: { details: readonly T[] }, localTime: string | number): T | undefined {
  const minute = typeof localTime === 'number' ? localTime : parseTime(localTime);
  if (minute === null || minute < 0 || minute >= DAY_MINUTES) return undefined;
  return template.details.find((d) => {
    const s = parseTime(d.startTime);
    const e = parseTime(d.endTime);
    return s !== null && e !== null && minute >= s && minute < e;
  });
}
