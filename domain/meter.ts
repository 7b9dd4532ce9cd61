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

/** The fields of an OCPP 1.6 SampledValue that say what a number means (measurand absent: the energy register). */
export interface SampledReading {
  value: string;
  unit?: string | null;
  measurand?: string | null;
}

/**
 * OCPP 1.6's default unit of `measurand` when a sample has none: Wh for energy, varh for reactive
 * energy, W / var for power (power factor: none), A for current, V for voltage, Hz for frequency, Percent for SoC,
 * Celsius for temperature; a missing measurand is the energy register (Wh).
 */
export function defaultUnit(measurand?: string | null): string | null {
  const m = measurand ?? ENERGY_REGISTER;
  if (m.startsWith('Energy.Reactive.')) return 'varh';
  if (m.startsWith('Energy.')) return 'Wh';
  if (m.startsWith('Power.Reactive.')) return 'var';
  if (m === 'Power.Factor') return null;
  if (m.startsWith('Power.')) return 'W';
  if (m.startsWith('Current.')) return 'A';
  if (m === 'Voltage') return 'V';
  if (m === 'Frequency') return 'Hz';
  if (m === 'SoC') return 'Percent';
  if (m === 'Temperature') return 'Celsius';
  return null;
}

/** The unit `v` is stated in: its own, or OCPP's default for its measurand ({@link defaultUnit}). */
export function sampleUnit(v: Pick<SampledReading, 'unit' | 'measurand'>): string | null {
  return v.unit || defaultUnit(v.measurand);
}

/** Units shown as their thousand (Wh → kWh …): the shown unit. */
const KILO: Record<string, string> = { Wh: 'kWh', varh: 'kvarh', W: 'kW', var: 'kvar', VA: 'kVA' };

/** An exact decimal of `text`, or null when it is not a finite number. */
function decimalOf(text: string): Decimal | null {
  try {
    const d = new Decimal(text.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * The one rule for showing a sampled value (order meter chart, station monitoring, diagnosis,
 * exports): its number and unit in the unit the screens use. The unit is the sample's own or OCPP's
 * default ({@link sampleUnit}); Wh / varh / W / var / VA are shown as kWh / kvarh / kW / kvar / kVA
 * (÷ 1000, exact decimals), K and Fahrenheit as Celsius; every other unit as sent. Null when the
 * value is not a number.
 */
export function displayReading(v: SampledReading): { value: Decimal; unit: string | null } | null {
  const d = decimalOf(v.value);
  if (!d) return null;
  const unit = sampleUnit(v);
  if (unit && KILO[unit]) return { value: d.div(1000), unit: KILO[unit] };
  if (unit === 'K') return { value: d.minus(273.15), unit: 'Celsius' };
  if (unit === 'Fahrenheit') return { value: d.minus(32).times(5).div(9), unit: 'Celsius' };
  return { value: d, unit };
}

/**
 * A sampled register value in Wh as an exact decimal (`kWh` values × 1000, decimal arithmetic:
 * 0.07125 kWh → 71.25 Wh; no unit is OCPP's default Wh); null when the text is not a number.
 * The billing path: orders' energy and pricing read registers through this function only.
 */
export function registerWh(v: { value: string; unit?: string | null }): Decimal | null {
  const d = decimalOf(v.value);
  if (!d) return null;
  return sampleUnit({ unit: v.unit, measurand: ENERGY_REGISTER }) === 'kWh' ? d.times(1000) : d;
}

/** Energy between two registers in kWh as an exact decimal (never negative): (stop − start Wh) / 1000. */
export function energyKwhDecimal(meterStartWh: Decimal.Value, meterStopWh: Decimal.Value): Decimal {
  return Decimal.max(0, new Decimal(meterStopWh).minus(meterStartWh)).div(1000);
}

/** Energy in kWh with 3 decimals (the order's display figure) between two Wh readings; never negative. */
export function energyKwh(meterStartWh: Decimal.Value, meterStopWh: Decimal.Value): string {
  return energyKwhDecimal(meterStartWh, meterStopWh).toFixed(3);
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
