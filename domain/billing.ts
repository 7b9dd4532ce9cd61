/**
 * Billing of a charging session (issue "Charging operations", item 1; requirements §3 "Pricing (rate)
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
import { roundMoney } from './money.js';

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

/**
 * A cumulative energy register reading (Energy.Active.Import.Register) in Wh at an instant. The
 * reading is a decimal string as the charger sent it (a number is accepted for whole Wh).
 */
export interface MeterSample {
  at: Date;
  wh: string | number;
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
    exact: { energyKwh: string; electricityFee: string; serviceFee: string; taxAmount: string; cost: string; totalAmount: string };
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

const DAY_MS = 86_400_000;
/** Longest stretch over which a zone's UTC offset is assumed to change at most once (DST rules). */
const OFFSET_PROBE_MS = 14 * DAY_MS;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** UTC offset (ms, local − UTC) of `timeZone` at instant `t` from Intl (formatters cached). */
function intlOffsetMs(timeZone: string, t: number): number {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(t)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return local - Math.floor(t / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/** Zone hours remembered in all before the memo is cleared (a few MB at most, whatever the zones). */
const MAX_MEMO_HOURS = 50_000;
/** Per zone: UTC hour number → the zone's offset over that whole hour, or NaN when it changes within it. */
const hourOffsets = new Map<string, Map<number, number>>();
let memoHours = 0;

/**
 * UTC offset (ms, local − UTC) of `timeZone` at instant `t`. Each UTC hour of a zone is read from
 * Intl once, at its first and last second: the same offset at both (zones never change their
 * offset twice within an hour) holds for the whole hour; an hour with a transition is read at `t`
 * itself. Pricing a running session asks this for every pair of meter readings, most of them in
 * an hour already seen (requirements R12.32). At most MAX_MEMO_HOURS hours are remembered in all.
 */
export function zoneOffsetMs(timeZone: string, t: number): number {
  const hour = Math.floor(t / HOUR_MS);
  let memo = hourOffsets.get(timeZone);
  if (!memo) hourOffsets.set(timeZone, (memo = new Map()));
  let offset = memo.get(hour);
  if (offset === undefined) {
    const first = intlOffsetMs(timeZone, hour * HOUR_MS);
    offset = first === intlOffsetMs(timeZone, hour * HOUR_MS + HOUR_MS - 1000) ? first : Number.NaN;
    if (memoHours >= MAX_MEMO_HOURS) {
      for (const m of hourOffsets.values()) m.clear();
      memoHours = 0;
    }
    memo.set(hour, offset);
    memoHours++;
  }
  return Number.isNaN(offset) ? intlOffsetMs(timeZone, t) : offset;
}

/** A stretch [from, to) of instants over which the zone's UTC offset is `offset` ms. */
export interface OffsetSegment {
  from: number;
  to: number;
  offset: number;
}

/**
 * Cuts [t0, t1) into stretches of constant UTC offset: the offset is probed every 14 days and at
 * the ends, and a change is located by bisection (≈ 31 Intl calls per DST transition). Cost is
 * O(span / 14 days + transitions), never a walk over days.
 */
export function offsetSegments(t0: number, t1: number, timeZone: string): OffsetSegment[] {
  const out: OffsetSegment[] = [];
  let from = t0;
  let offset = zoneOffsetMs(timeZone, t0);
  while (from < t1) {
    const probe = Math.min(t1, from + OFFSET_PROBE_MS);
    const probeOffset = zoneOffsetMs(timeZone, probe === t1 ? t1 - 1 : probe);
    if (probeOffset === offset) {
      if (probe === t1) break;
      from = probe;
      continue;
    }
    // The offset changes in (from, probe]: find the first instant with the new offset.
    let lo = from;
    let hi = probe === t1 ? t1 - 1 : probe;
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (zoneOffsetMs(timeZone, mid) === offset) lo = mid;
      else hi = mid;
    }
    out.push({ from: out.length ? out[out.length - 1].to : t0, to: hi, offset });
    from = hi;
    offset = zoneOffsetMs(timeZone, hi);
  }
  out.push({ from: out.length ? out[out.length - 1].to : t0, to: t1, offset });
  return out;
}

/** Measure of {y ∈ [0, x) : y mod DAY ∈ [ws, we)} for a daily window [ws, we) (ms of day). */
function dailyMeasure(x: number, ws: number, we: number): number {
  const days = Math.floor(x / DAY_MS);
  const rest = x - days * DAY_MS;
  return days * (we - ws) + Math.min(Math.max(rest - ws, 0), we - ws);
}

/** The parts of `segments` (ordered, contiguous) that lie in [t0, t1). */
function clipSegments(segments: readonly OffsetSegment[], t0: number, t1: number): OffsetSegment[] {
  const out: OffsetSegment[] = [];
  for (const s of segments) {
    if (s.to <= t0) continue;
    if (s.from >= t1) break;
    out.push({ from: Math.max(s.from, t0), to: Math.min(s.to, t1), offset: s.offset });
  }
  return out;
}

/**
 * Milliseconds of [t0, t1) spent in each window (local time of `timeZone`), computed
 * arithmetically per stretch of constant offset: O(windows × offset stretches), whatever the span.
 * Time outside every window (a template that does not cover the day) counts for window 0.
 * `segments`, when given, are the zone's offset stretches over a span covering [t0, t1)
 * (from {@link offsetSegments}), so a session's readings share one time-zone walk.
 */
export function windowOverlaps(t0: number, t1: number, details: readonly RateWindow[], timeZone: string, segments?: readonly OffsetSegment[]): number[] {
  const out = details.map(() => 0);
  if (t1 <= t0 || details.length === 0) return out;
  const bounds = details.map((w) => [minutesOf(w.startTime) * 60_000, minutesOf(w.endTime) * 60_000] as const);
  let covered = 0;
  const covering = segments?.length && segments[0].from <= t0 && segments[segments.length - 1].to >= t1;
  for (const seg of covering ? clipSegments(segments, t0, t1) : offsetSegments(t0, t1, timeZone)) {
    const a = seg.from + seg.offset;
    const b = seg.to + seg.offset;
    bounds.forEach(([ws, we], i) => {
      if (we <= ws) return;
      const m = dailyMeasure(b, ws, we) - dailyMeasure(a, ws, we);
      out[i] += m;
      covered += m;
    });
  }
  out[0] += t1 - t0 - covered;
  return out;
}

/** A decimal from a meter reading (string or number), never through binary arithmetic. */
function dec(v: Decimal.Value): Dec {
  return new D(v);
}

/**
 * The energy increments of a session in Wh, between consecutive readings in time order. A reading
 * lower than the highest one before it adds nothing (and the next increment counts from that
 * highest one), so Σ increments = highest reading − first reading = meterStop − meterStart when
 * the readings are bracketed by the start and stop registers.
 */
export function energyIncrements(samples: readonly MeterSample[]): { from: number; to: number; wh: Dec }[] {
  const sorted = [...samples].sort((a, b) => a.at.getTime() - b.at.getTime());
  const out: { from: number; to: number; wh: Dec }[] = [];
  if (!sorted.length) return out;
  let high = dec(sorted[0].wh);
  for (let i = 1; i < sorted.length; i++) {
    const wh = dec(sorted[i].wh);
    if (wh.gt(high)) {
      out.push({ from: sorted[i - 1].at.getTime(), to: sorted[i].at.getTime(), wh: wh.minus(high) });
      high = wh;
    }
  }
  return out;
}

/** One energy increment of a session: `wh` (Wh) gained over [from, to) (ms). */
interface Increment {
  from: number;
  to: number;
  wh: Dec;
}

/**
 * Adds one increment to `perWindow` (kWh per window, in place), shared in proportion to the time
 * its interval spends in each window (12 decimals of kWh, the last window with time taking the
 * remainder). An increment whose interval has no length goes to the window of its instant.
 */
function addIncrement(perWindow: Dec[], inc: Increment, details: readonly RateWindow[], timeZone: string, segments?: readonly OffsetSegment[]): void {
  const kwh = inc.wh.div(1000);
  const overlaps =
    inc.to > inc.from ? windowOverlaps(inc.from, inc.to, details, timeZone, segments) : windowOverlaps(inc.from, inc.from + 1, details, timeZone, segments);
  const span = overlaps.reduce((s, m) => s + m, 0);
  const lastIdx = overlaps.reduce((last, m, i) => (m > 0 ? i : last), 0);
  let given = new D(0);
  overlaps.forEach((m, i) => {
    if (m <= 0) return;
    const part = i === lastIdx ? kwh.minus(given) : kwh.times(m).div(span).toDecimalPlaces(12);
    given = given.plus(part);
    perWindow[i] = perWindow[i].plus(part);
  });
}

/**
 * Splits session energy across the windows (exact decimals): each increment is shared in
 * proportion to the time its interval spends in each window (12 decimals of kWh, the last window
 * with time taking the remainder, so Σ window energies = session energy exactly). An increment
 * whose interval has no length goes to the window of its instant.
 * @returns kWh per window index (same order as `details`).
 */
export function splitEnergy(samples: readonly MeterSample[], details: readonly RateWindow[], timeZone: string): Dec[] {
  const perWindow = details.map(() => new D(0));
  if (details.length === 0) return perWindow;
  const increments = energyIncrements(samples);
  if (!increments.length) return perWindow;
  // One walk over the zone's offsets for the whole session (increments are in time order).
  const segments = offsetSegments(increments[0].from, Math.max(increments[increments.length - 1].to, increments[increments.length - 1].from + 1), timeZone);
  for (const inc of increments) addIncrement(perWindow, inc, details, timeZone, segments);
  return perWindow;
}

/**
 * A session's energy split kept up to date as its readings arrive (requirements §12 "the Stop costs
 * the same whatever the session's length"): what {@link splitEnergy} would compute from the
 * readings so far, without them. Stored with the open order (JSON); decimals are exact strings.
 */
export interface EnergySplit {
  /** {@link splitKey} of the windows and zone the energy was split with; null before any was split. */
  key: string | null;
  /** The session's start reading: its time (ms) and register (Wh). */
  fromAt: number;
  fromWh: string;
  /** The latest reading taken in (ms; `fromAt` while there is none) and the highest register so far (Wh). */
  lastAt: number;
  highWh: string;
  /** kWh per window index (same order as the windows of `key`); empty while `key` is null. */
  kwh: string[];
}

/** The windows a tariff splits energy over: none for a free template. */
export function splitDetails(tariff: Tariff): readonly RateWindow[] {
  return tariff.type === 'FREE' ? [] : tariff.details;
}

/** What an energy split depends on: the zone and each window's bounds (not the fees). */
export function splitKey(details: readonly RateWindow[], timeZone: string): string {
  return JSON.stringify([timeZone, details.map((w) => [w.startTime, w.endTime])]);
}

/** The split of a session that has only its start reading. */
export function startSplit(start: MeterSample): EnergySplit {
  const wh = dec(start.wh).toString();
  return { key: null, fromAt: start.at.getTime(), fromWh: wh, lastAt: start.at.getTime(), highWh: wh, kwh: [] };
}

/**
 * The readings a session's start does not rule out (after its start time, not below its start
 * register: the readings priceSession is given for a session on the charger's clock).
 */
export function takenBySplit(split: EnergySplit, readings: readonly MeterSample[]): MeterSample[] {
  const start = dec(split.fromWh);
  return readings.filter((s) => s.at.getTime() > split.fromAt && start.lte(dec(s.wh)));
}

/**
 * `split` with `samples` (readings in arrival order, already inside the session and at or above
 * its start register) taken in, split over `details` in `timeZone`; null when it cannot be kept
 * up to date: a reading earlier than the latest one taken in (arrival out of time order), or
 * windows / zone other than those the split was made with. A null split prices from the full
 * history instead (same figures, slower).
 */
export function extendSplit(split: EnergySplit, samples: readonly MeterSample[], details: readonly RateWindow[], timeZone: string): EnergySplit | null {
  const key = splitKey(details, timeZone);
  if (split.key !== null && split.key !== key) return null;
  const sorted = [...samples].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (sorted.length && sorted[0].at.getTime() < split.lastAt) return null;
  const perWindow = split.key === null ? details.map(() => new D(0)) : split.kwh.map((k) => new D(k));
  let lastAt = split.lastAt;
  let high = dec(split.highWh);
  for (const s of sorted) {
    const wh = dec(s.wh);
    const at = s.at.getTime();
    if (wh.gt(high)) {
      if (details.length) addIncrement(perWindow, { from: lastAt, to: at, wh: wh.minus(high) }, details, timeZone);
      high = wh;
    }
    lastAt = at;
  }
  return { key, fromAt: split.fromAt, fromWh: split.fromWh, lastAt, highWh: high.toString(), kwh: perWindow.map((k) => k.toString()) };
}

/**
 * Prices a session from its running split (see {@link EnergySplit}) and its stop reading: the same
 * figures as {@link priceSession} over [start, …readings taken in, stop], in time bounded by the
 * number of windows. Null when the split cannot stand for the readings priceSession would see: it
 * starts elsewhere than `start`, it holds a reading at or after the stop or above the stop
 * register, or the tariff's windows or zone are not those it was split with.
 */
export function priceSplit(tariff: Tariff, split: EnergySplit, start: MeterSample, stop: MeterSample, timeZone: string): SessionPrice | null {
  const details = splitDetails(tariff);
  if (split.fromAt !== start.at.getTime() || !dec(split.fromWh).eq(dec(start.wh))) return null;
  if (split.lastAt !== split.fromAt && split.lastAt >= stop.at.getTime()) return null;
  if (dec(split.highWh).gt(dec(stop.wh)) || stop.at.getTime() < split.fromAt) return null;
  const done = extendSplit(split, [stop], details, timeZone);
  if (!done) return null;
  const perWindow = done.kwh.length ? done.kwh.map((k) => new D(k)) : details.map(() => new D(0));
  return priceWindows(tariff, perWindow, dec(done.highWh).minus(dec(start.wh)).div(1000), timeZone);
}

/** Rounds to the currency's minor unit, half-up (the rule of domain/money.ts, re-exported for the pricing callers). */
export { roundMoney };

/**
 * Prices a session.
 * @param samples at least the start (meterStart at start time) and stop (meterStop at stop time)
 *   readings, plus any sampled Energy.Active.Import.Register values in between (Wh).
 * @param timeZone the station's IANA time zone.
 */
export function priceSession(tariff: Tariff, samples: readonly MeterSample[], timeZone: string): SessionPrice {
  const perWindow = splitEnergy(samples, splitDetails(tariff), timeZone);
  const totalKwh = energyIncrements(samples)
    .reduce((s, inc) => s.plus(inc.wh), new D(0))
    .div(1000);
  return priceWindows(tariff, perWindow, totalKwh, timeZone);
}

/**
 * The most one kWh can cost under `tariff` in any time-of-use window, taxes included (currency
 * units, exact, before rounding): (highest electricity fee + service fee) × (1 + Σ taxes / 100) +
 * service fee × service tax / 100. A session of E kWh totals at most E × this (its energy is shared
 * among the windows, never more than E in all), plus half a minor unit of rounding. Null when the
 * taxes add up below −100 % (no bound). Serves the balance guard's quick check (requirements §16).
 */
export function maxPricePerKwh(tariff: Tariff): Dec | null {
  if (tariff.type === 'FREE') return new D(0);
  const taxPct = tariff.taxes.reduce((s, t) => s.plus(t.taxPercentage || 0), new D(0));
  const factor = taxPct.div(100).plus(1);
  if (factor.isNegative()) return null;
  const maxFee = tariff.details.reduce((m, w) => D.max(m, w.electricityFeePerKwh), new D(tariff.details.length ? tariff.details[0].electricityFeePerKwh : 0));
  const service = new D(tariff.serviceFeePerKwh || 0);
  return maxFee
    .plus(service)
    .times(factor)
    .plus(service.times(tariff.serviceTax || 0).div(100));
}

/** The figures of a session from its kWh per window and its total kWh (exact decimals). */
function priceWindows(tariff: Tariff, perWindow: readonly Dec[], totalKwh: Dec, timeZone: string): SessionPrice {
  const free = tariff.type === 'FREE';
  const details = free ? [] : tariff.details;
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
  const tax = free
    ? zero
    : cost
        .times(taxPct)
        .div(100)
        .plus(service.times(tariff.serviceTax || 0).div(100));
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
        energyKwh: totalKwh.toString(),
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
