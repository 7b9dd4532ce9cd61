/**
 * Number helpers of requirements §9: abbreviations with the suffixes k, w, kw and m, and percentage
 * shares whose rounding remainders are distributed so they total exactly 100.
 *
 * Abbreviation thresholds (a product decision; the spec names only the suffixes):
 * - English: k = 10³ (thousand), m = 10⁶ (million).
 * - Chinese: k = 10³ (千), w = 10⁴ (万), kw = 10⁷ (千万) — counts from a thousand are abbreviated
 *   in both languages alike (2799 → 2.8k), the larger ones in the Chinese units.
 * Below the first threshold the number is shown as is; one decimal at most, trailing zero dropped.
 */
import { currencyDigits } from '../../domain/enums';

export type NumberLang = 'en' | 'zh';

const SUFFIXES: Record<NumberLang, Array<{ value: number; suffix: string }>> = {
  en: [
    { value: 1e6, suffix: 'm' },
    { value: 1e3, suffix: 'k' },
  ],
  zh: [
    { value: 1e7, suffix: 'kw' },
    { value: 1e4, suffix: 'w' },
    { value: 1e3, suffix: 'k' },
  ],
};

/** `12345` → `12.3k` (en) or `1.2w` (zh); negative numbers keep their sign. */
export function abbreviateNumber(n: number, lang: NumberLang = 'en', digits = 1): string {
  if (!Number.isFinite(n)) return '';
  const abs = Math.abs(n);
  for (const { value, suffix } of SUFFIXES[lang]) {
    if (abs >= value) {
      const scaled = Number((abs / value).toFixed(digits));
      return `${n < 0 ? '-' : ''}${scaled}${suffix}`;
    }
  }
  return String(Number(n.toFixed(digits)));
}

/**
 * Percentage shares of `values` at `precision` decimals, summing exactly to 100 (unless every
 * value is 0, then all shares are 0). Largest-remainder method: each share is floored, then the
 * missing units go to the largest remainders (ties to the earlier entry). Negative values count as 0.
 */
export function percentShares(values: readonly number[], precision = 0): number[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = clean.reduce((a, b) => a + b, 0);
  if (total === 0) return clean.map(() => 0);
  const unit = 10 ** precision;
  const target = 100 * unit;
  const raw = clean.map((v) => (v / total) * target);
  const floors = raw.map((r) => Math.floor(r + 1e-9));
  let missing = target - floors.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, rem: r - floors[i] })).sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (let k = 0; missing > 0 && k < order.length; k++, missing--) floors[order[k].i] += 1;
  return floors.map((f) => f / unit);
}

/** A decimal string or number with a fixed number of decimals ('' for empty input). */
export function fixed(value: string | number | null | undefined, digits: number): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(digits) : String(value);
}

/**
 * Money for display: a decimal string (or number) with the currency's minor digits (JPY, KRW and
 * NO_CURRENCY have none), grouped thousands, and the currency code after it.
 */
export function formatMoney(amount: string | number | null | undefined, currency?: string | null, locale = 'en'): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  const digits = currency ? currencyDigits(currency) : 2;
  const text = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
  return currency && currency !== 'NO_CURRENCY' ? `${text} ${currency}` : text;
}

/**
 * A figure with `digits` decimals and grouped thousands (`100238.5`, 3 → `100,238.500`); '' for
 * empty input, the input as is when it is not a number.
 */
export function formatDecimal(value: string | number | null | undefined, digits: number, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/**
 * Energy as a figure or a table cell, without its unit: kWh with 3 decimals (requirements §12) and
 * grouped thousands like money (`100238.5` → `100,238.500`); '' for empty input.
 */
export function formatEnergy(value: string | number | null | undefined, locale = 'en'): string {
  return formatDecimal(value, 3, locale);
}

/** Energy for display: kWh with 3 decimals (requirements §12). */
export function formatKwh(value: string | number | null | undefined): string {
  const s = fixed(value, 3);
  return s ? `${s} kWh` : '';
}
