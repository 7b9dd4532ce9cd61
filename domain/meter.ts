/**
 * Energy registers (OCPP 1.6 MeterValues, StartTransaction.meterStart, StopTransaction.meterStop):
 * the measurand that bills, how a sampled value becomes Wh, and the range a register may take.
 * One source for the server's transactions, pricing, order closing and the demo.
 *
 * Range (issue: absurd meter values): a register is a whole or decimal number of Wh in
 * [0, {@link MAX_REGISTER_WH}] — 100 GWh, far above any charger's lifetime count and low enough
 * that every energy (numeric(14,3) kWh) and amount (numeric(14,2)) derived from it can be stored.
 *
 * Current and power samples (issue: nonsense readings on the load-balancing page and in analytics
 * peak power): a Raw `Current.Import` or `Power.Active.Import` sample must be a plain decimal
 * number (no `0x10`, exponent, `Infinity` or blank) in [0, {@link MAX_CURRENT_A}] A or
 * [0, {@link MAX_POWER_W}] W (kW × 1000), see {@link sampleInRange}.
 */
import Decimal from 'decimal.js';

/** The measurand that is billed: the cumulative imported active energy. */
export const ENERGY_REGISTER = 'Energy.Active.Import.Register';

/** Highest plausible register reading, Wh (10^11 Wh = 100 GWh). */
export const MAX_REGISTER_WH = 100_000_000_000;

/** True when `wh` (Wh) is a finite register value in [0, MAX_REGISTER_WH]. */
export function registerInRange(wh: Decimal.Value): boolean {
  try {
    const d = new Decimal(wh);
    return d.isFinite() && d.gte(0) && d.lte(MAX_REGISTER_WH);
  } catch {
    return false;
  }
}

/**
 * A sampled register value in Wh as an exact decimal (`kWh` values × 1000, decimal arithmetic:
 * 0.07125 kWh → 71.25 Wh); null when the text is not a number.
 */
export function registerWh(v: { value: string; unit?: string | null }): Decimal | null {
  let d: Decimal;
  try {
    d = new Decimal(v.value.trim());
  } catch {
    return null;
  }
  if (!d.isFinite()) return null;
  return v.unit === 'kWh' ? d.times(1000) : d;
}

/** Energy in kWh with 3 decimals (the order's display figure) between two Wh readings; never negative. */
export function energyKwh(meterStartWh: Decimal.Value, meterStopWh: Decimal.Value): string {
  return Decimal.max(0, new Decimal(meterStopWh).minus(meterStartWh)).div(1000).toFixed(3);
}

/** Highest plausible Current.Import, A (the megawatt charging system's 3 000 A). */
export const MAX_CURRENT_A = 3_000;
/** Highest plausible Power.Active.Import, W (10 MW: above any single charger). */
export const MAX_POWER_W = 10_000_000;

/** Plain decimal text: digits, at most one point, an optional sign; nothing else. */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * True unless `v` is a Raw Current.Import (A) or Power.Active.Import (W, or kW) sample that is not a
 * plain decimal in [0, MAX_CURRENT_A] / [0, MAX_POWER_W]. Other measurands and SignedData samples
 * are not judged here (true). Costs one regex test per current or power sample.
 */
export function sampleInRange(v: { value: string; measurand?: string | null; unit?: string | null; format?: string | null }): boolean {
  const m = v.measurand;
  if ((m !== 'Current.Import' && m !== 'Power.Active.Import') || v.format === 'SignedData') return true;
  const text = v.value.trim();
  if (!PLAIN_DECIMAL.test(text)) return false;
  const n = Number(text);
  if (m === 'Current.Import') return n >= 0 && n <= MAX_CURRENT_A;
  return n >= 0 && (v.unit === 'kW' ? n * 1000 : n) <= MAX_POWER_W;
}
