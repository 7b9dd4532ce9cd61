/**
 * Prices of the demo orders, consistent with the demo "Time of use" rate template that
 * fake-db/rate-templates.ts assigns to every station: electricity at 80 % of the company's demo
 * price from 00:00 to 07:00, 100 % from 07:00 to 22:00 and 90 % from 22:00 to 24:00 (station
 * local time), each window price rounded to cents; a service fee per kWh; tax on the cost.
 * Energy is spread evenly over the charging time (not over the idle tail).
 */
import Decimal from 'decimal.js';

/** Time-of-use windows (minutes of the local day) and their factor of the base price. */
export const DEMO_TOU_WINDOWS = [
  { start: '00:00', end: '07:00', from: 0, to: 7 * 60, factor: '0.8' },
  { start: '07:00', end: '22:00', from: 7 * 60, to: 22 * 60, factor: '1' },
  { start: '22:00', end: '24:00', from: 22 * 60, to: 24 * 60, factor: '0.9' },
] as const;

export interface DemoPrice {
  electricityPerKwh: string;
  servicePerKwh: string;
  taxName: string;
  /** Fraction, e.g. "0.19". */
  taxRate: string;
}

export interface DemoAmounts {
  electricityFee: string;
  serviceFee: string;
  taxAmount: string;
  cost: string;
  totalAmount: string;
  breakdown: unknown;
}

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Minutes east of UTC of `tz` at `at`. */
export function utcOffsetMinutes(at: Date, tz: string): number {
  let f = offsetFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    offsetFormats.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * Bills one session.
 * @param energyWh energy delivered (Wh)
 * @param startMs charger start time (epoch ms); @param chargeMs time spent delivering energy (ms)
 * @param tz the station's IANA zone
 */
export function priceDemoSession(energyWh: number, startMs: number, chargeMs: number, tz: string, price: DemoPrice): DemoAmounts {
  const energy = new Decimal(energyWh).div(1000);
  const base = new Decimal(price.electricityPerKwh);
  const offset = utcOffsetMinutes(new Date(startMs), tz);
  const minutes = new Map<number, number>();
  let t = (((startMs / 60_000 + offset) % 1440) + 1440) % 1440;
  let left = Math.max(chargeMs / 60_000, 1e-9);
  const total = left;
  while (left > 1e-9) {
    const i = DEMO_TOU_WINDOWS.findIndex((w) => t >= w.from && t < w.to);
    const seg = Math.min(left, DEMO_TOU_WINDOWS[i].to - t);
    minutes.set(i, (minutes.get(i) ?? 0) + seg);
    left -= seg;
    t = (t + seg) % 1440;
  }
  // Energy per window, rounded to Wh; the last window takes the remainder so the parts add up.
  const used = [...minutes.entries()].sort(([a], [b]) => a - b);
  let rest = energy;
  const segments = used.map(([i, m], k) => {
    const w = DEMO_TOU_WINDOWS[i];
    const kwh = k === used.length - 1 ? rest : energy.mul(m / total).toDecimalPlaces(3);
    rest = rest.sub(kwh);
    const unit = cents(base.mul(w.factor));
    return { start: w.start, end: w.end, energyKwh: kwh.toFixed(3), electricityFeePerKwh: unit.toFixed(2), amount: cents(kwh.mul(unit)).toFixed(2) };
  });
  const electricityFee = segments.reduce((a, s) => a.add(s.amount), new Decimal(0));
  const serviceFee = cents(energy.mul(price.servicePerKwh));
  const cost = electricityFee.add(serviceFee);
  const taxAmount = cents(cost.mul(price.taxRate));
  return {
    electricityFee: electricityFee.toFixed(2),
    serviceFee: serviceFee.toFixed(2),
    taxAmount: taxAmount.toFixed(2),
    cost: cost.toFixed(2),
    totalAmount: cost.add(taxAmount).toFixed(2),
    breakdown: {
      rateTemplate: 'Time of use',
      energyKwh: energy.toFixed(3),
      segments,
      serviceFeePerKwh: new Decimal(price.servicePerKwh).toFixed(2),
      taxName: price.taxName,
      taxPercentage: new Decimal(price.taxRate).mul(100).toString(),
    },
  };
}
