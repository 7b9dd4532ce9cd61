/**
 * Billing of a charging session (issue "Charging operations", item 1; spec §3 "Pricing (rate)
 * template", "Order"). Pure functions on decimals (decimal.js), never binary floats:
 *
 * - The session's energy (Wh meter readings) is split across the time-of-use windows of the
 *   station's rate template, in the station's IANA time zone; a reading interval that crosses a
 *   window boundary (or midnight) is split in proportion to time, the last segment taking the
 *   remainder so that Σ window energies = session energy exactly.
 * - electricity fee = Σ window kWh × window fee per kWh; service fee = kWh × service fee per kWh.
 * - cost excluding VAT = electricity fee + service fee.
 * - tax = cost excluding VAT × Σ tax percentages / 100 + service fee × service tax / 100.
 * - total = cost excluding VAT + tax.
 * Every amount is kept exact in the breakdown; the order's figures are each rounded once, half-up,
 * to the currency's minor unit (JPY and KRW have none), and the total is the rounding of the exact
 * total (not the sum of rounded parts). Free templates cost nothing.
 */
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { currencyDigits } from './enums.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

/** One time-of-use row: local `HH:mm` start (inclusive) to end (exclusive; `24:00` allowed). */
export interface RateWindow {
  startTime: string;
  endTime: string;
  /** Electricity fee per kWh, decimal string. */
  electricityFeePerKwh: string;
}

export interface TaxRow {
  taxName: string;
  /** Percentage, decimal string (e.g. "19" for 19 %). */
  taxPercentage: string;
}

/** The parts of a rate template that billing needs. */
export interface Tariff {
  type: 'FREE' | 'CHARGED';
  currency: string;
  /** Service fee per kWh, decimal string. */
  serviceFeePerKwh: string;
  /** Service tax percentage applied to the service fee, decimal string. */
  serviceTax: string;
  taxes: TaxRow[];
  details: RateWindow[];
}

/** A cumulative energy register reading (Energy.Active.Import.Register) in Wh at an instant. */
export interface MeterSample {
  at: Date;
  wh: number;
}

export interface WindowEnergy {
  startTime: string;
  endTime: string;
  electricityFeePerKwh: string;
  /** Exact kWh as a decimal string. */
  energyKwh: string;
  /** Exact fee (kWh × fee) as a decimal string. */
  fee: string;
}

/** The figures of a priced order: decimal strings in `currency`, each rounded to its minor unit. */
export interface OrderAmounts {
  currency: string;
  electricityFee: string;
  serviceFee: string;
  taxAmount: string;
  /** Cost excluding VAT = electricity fee + service fee (rounded). */
  cost: string;
  totalAmount: string;
}

export interface SessionPrice extends OrderAmounts {
  energyKwh: string;
  breakdown: {
    windows: WindowEnergy[];
    serviceFeePerKwh: string;
    serviceTax: string;
    taxes: TaxRow[];
    exact: { electricityFee: string; serviceFee: string; taxAmount: string; cost: string; totalAmount: string };
    formulas: { electricityFee: string; serviceFee: string; taxAmount: string; totalAmount: string };
    timeZone: string;
    free: boolean;
  };
}

/** Minutes after local midnight of `HH:mm` (`24:00` → 1440). */
export function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`bad time ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Index of the window containing local minute `minute` (0–1439), or -1. */
export function windowIndexAt(details: readonly RateWindow[], minute: number): number {
  return details.findIndex((w) => minute >= minutesOf(w.startTime) && minute < minutesOf(w.endTime));
}

/** Local minute of day of an instant in `timeZone`. */
function localMinute(at: number, timeZone: string): number {
  const t = dayjs(at).tz(timeZone);
  return t.hour() * 60 + t.minute() + t.second() / 60;
}

/** Instants (ms) strictly between t0 and t1 where a window starts, in `timeZone`. */
function boundariesBetween(t0: number, t1: number, details: readonly RateWindow[], timeZone: string): number[] {
  const starts = [...new Set(details.map((w) => w.startTime))];
  const out: number[] = [];
  let day = dayjs(t0).tz(timeZone).startOf('day').subtract(1, 'day');
  const last = dayjs(t1).tz(timeZone).startOf('day').add(1, 'day');
  while (!day.isAfter(last)) {
    const date = day.format('YYYY-MM-DD');
    for (const s of starts) {
      const at = dayjs.tz(`${date} ${s}`, 'YYYY-MM-DD HH:mm', timeZone).valueOf();
      if (at > t0 && at < t1) out.push(at);
    }
    day = day.add(1, 'day');
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/**
 * Splits session energy across the windows (exact decimals).
 * Readings are sorted by time; a reading lower than the previous one adds no energy.
 * @returns kWh per window index (same order as `details`).
 */
export function splitEnergy(samples: readonly MeterSample[], details: readonly RateWindow[], timeZone: string): Dec[] {
  const perWindow = details.map(() => new D(0));
  const sorted = [...samples].sort((a, b) => a.at.getTime() - b.at.getTime());
  const assign = (at: number, kwh: Dec) => {
    const idx = windowIndexAt(details, Math.floor(localMinute(at, timeZone)));
    perWindow[idx >= 0 ? idx : 0] = perWindow[idx >= 0 ? idx : 0].plus(kwh);
  };
  for (let i = 1; i < sorted.length; i++) {
    const t0 = sorted[i - 1].at.getTime();
    const t1 = sorted[i].at.getTime();
    const deltaWh = sorted[i].wh - sorted[i - 1].wh;
    if (deltaWh <= 0 || details.length === 0) continue;
    const delta = new D(deltaWh).div(1000);
    if (t1 <= t0) { assign(t0, delta); continue; }
    const cuts = [t0, ...boundariesBetween(t0, t1, details, timeZone), t1];
    let given = new D(0);
    for (let k = 0; k < cuts.length - 1; k++) {
      const isLast = k === cuts.length - 2;
      // Fixed 12 decimals (nano-Wh) keep every later sum exact; the last segment takes the remainder.
      const part = isLast ? delta.minus(given) : delta.times(cuts[k + 1] - cuts[k]).div(t1 - t0).toDecimalPlaces(12);
      given = given.plus(part);
      assign(cuts[k], part);
    }
  }
  return perWindow;
}

/** Rounds to the currency's minor unit, half-up, as a fixed string. */
export function roundMoney(v: Dec | string | number, currency: string): string {
  return new D(v).toDecimalPlaces(currencyDigits(currency), Decimal.ROUND_HALF_UP).toFixed(currencyDigits(currency));
}

/**
 * Prices a session.
 * @param samples at least the start (meterStart at start time) and stop (meterStop at stop time)
 *   readings, plus any sampled Energy.Active.Import.Register values in between (Wh).
 * @param timeZone the station's IANA time zone.
 */
export function priceSession(tariff: Tariff, samples: readonly MeterSample[], timeZone: string): SessionPrice {
  const free = tariff.type === 'FREE';
  const details = free ? [] : tariff.details;
  const perWindow = splitEnergy(samples, details, timeZone);
  const sorted = [...samples].sort((a, b) => a.at.getTime() - b.at.getTime());
  let totalKwh = new D(0);
  for (let i = 1; i < sorted.length; i++) {
    const d = sorted[i].wh - sorted[i - 1].wh;
    if (d > 0) totalKwh = totalKwh.plus(new D(d).div(1000));
  }
  const windows: WindowEnergy[] = details.map((w, i) => ({
    startTime: w.startTime,
    endTime: w.endTime,
    electricityFeePerKwh: w.electricityFeePerKwh,
    energyKwh: perWindow[i].toString(),
    fee: perWindow[i].times(w.electricityFeePerKwh).toString(),
  }));
  const zero = new D(0);
  const electricity = free ? zero : windows.reduce((s, w) => s.plus(w.fee), new D(0));
  const service = free ? zero : totalKwh.times(tariff.serviceFeePerKwh || 0);
  const cost = electricity.plus(service);
  const taxPct = tariff.taxes.reduce((s, t) => s.plus(t.taxPercentage || 0), new D(0));
  const tax = free ? zero : cost.times(taxPct).div(100).plus(service.times(tariff.serviceTax || 0).div(100));
  const total = cost.plus(tax);
  const c = tariff.currency;
  return {
    currency: c,
    energyKwh: totalKwh.toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(3),
    electricityFee: roundMoney(electricity, c),
    serviceFee: roundMoney(service, c),
    taxAmount: roundMoney(tax, c),
    cost: roundMoney(cost, c),
    totalAmount: roundMoney(total, c),
    breakdown: {
      windows,
      serviceFeePerKwh: tariff.serviceFeePerKwh,
      serviceTax: tariff.serviceTax,
      taxes: tariff.taxes,
      exact: {
        electricityFee: electricity.toString(),
        serviceFee: service.toString(),
        taxAmount: tax.toString(),
        cost: cost.toString(),
        totalAmount: total.toString(),
      },
      formulas: {
        electricityFee: windows.map((w) => `${new D(w.energyKwh).toDecimalPlaces(3).toFixed(3)} kWh × ${w.electricityFeePerKwh}`).join(' + ') || '0',
        serviceFee: `${totalKwh.toDecimalPlaces(3).toFixed(3)} kWh × ${tariff.serviceFeePerKwh}`,
        taxAmount: `(${roundMoney(cost, c)}) × ${taxPct.toString()}% + ${roundMoney(service, c)} × ${tariff.serviceTax}%`,
        totalAmount: `${roundMoney(cost, c)} + ${roundMoney(tax, c)}`,
      },
      timeZone,
      free,
    },
  };
}
