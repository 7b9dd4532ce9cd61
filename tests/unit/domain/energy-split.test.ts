/**
 * The running energy split (domain/billing.ts `EnergySplit`) prices a session exactly like the
 * full history: random sessions over random time-of-use templates in zones with daylight saving
 * and half-hour offsets, crossing window bounds, midnights and DST changes, with regressions,
 * ties, readings outside the session and messages of several readings. Whenever the split is kept
 * (and priceSplit accepts it) the figures and the breakdown equal priceSession's; for readings
 * arriving in time order inside the session it is always kept.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  extendSplit,
  priceSession,
  priceSplit,
  splitDetails,
  startSplit,
  takenBySplit,
  type EnergySplit,
  type MeterSample,
  type Tariff,
} from '../../../domain/billing.js';

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns'];
/** Starts near DST changes and an ordinary day (UTC). */
const BASES = [Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 7, 20), Date.UTC(2026, 9, 24, 18), Date.UTC(2026, 3, 4, 10), Date.UTC(2026, 5, 15)];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const tariffArb: fc.Arbitrary<Tariff> = fc
  .record({
    cuts: fc.uniqueArray(fc.integer({ min: 1, max: 1439 }), { maxLength: 6 }),
    fees: fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 7, maxLength: 7 }),
    service: fc.integer({ min: 0, max: 99 }),
    vat: fc.integer({ min: 0, max: 25 }),
    free: fc.boolean(),
    currency: fc.constantFrom('EUR', 'JPY', 'USD'),
  })
  .map(({ cuts, fees, service, vat, free, currency }) => {
    const bounds = [0, ...[...cuts].sort((a, b) => a - b), 1440];
    return {
      type: free ? 'FREE' : 'CHARGED',
      currency,
      serviceFeePerKwh: `0.${String(service).padStart(2, '0')}`,
      serviceTax: '5',
      taxes: [{ taxName: 'VAT', taxPercentage: String(vat) }],
      details: bounds
        .slice(1)
        .map((end, i) => ({ startTime: hhmm(bounds[i]), endTime: hhmm(end), electricityFeePerKwh: `0.${String(fees[i]).padStart(3, '0')}` })),
    } satisfies Tariff;
  });

interface Session {
  tariff: Tariff;
  zone: string;
  start: MeterSample;
  stop: MeterSample;
  messages: MeterSample[][];
}

/** A session on the charger's clock: readings (in arrival order) grouped into MeterValues messages. */
function sessionArb(inOrder: boolean): fc.Arbitrary<Session> {
  return fc
    .record({
      tariff: tariffArb,
      zone: fc.constantFrom(...ZONES),
      base: fc.constantFrom(...BASES),
      shift: fc.integer({ min: 0, max: 2 * 86_400_000 }),
      length: fc.integer({ min: 0, max: 3 * 86_400_000 }),
      startWh: fc.integer({ min: 0, max: 1_000_000 }),
      steps: fc.array(
        fc.record({
          dt: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4 * 3_600_000 })),
          dwh: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -3_000, max: -1 })),
          kwh: fc.boolean(),
          group: fc.integer({ min: 1, max: 3 }),
          // Out of the session: before its start, above its stop, or after it.
          stray: inOrder ? fc.constant(0) : fc.integer({ min: 0, max: 12 }),
        }),
        { maxLength: 60 },
      ),
      shuffle: inOrder ? fc.constant<number[]>([]) : fc.array(fc.nat(), { maxLength: 60 }),
      stopExtra: fc.integer({ min: 0, max: 5_000 }),
    })
    .map(({ tariff, zone, base, shift, length, startWh, steps, shuffle, stopExtra }) => {
      const from = base + shift;
      let at = from + 1;
      let wh = startWh;
      let high = startWh;
      const readings: MeterSample[] = [];
      for (const s of steps) {
        at = Math.min(from + Math.max(length, 1) - 1, at + s.dt);
        wh = Math.max(0, wh + s.dwh);
        // Fractional Wh (a kWh text with many decimals becomes such a decimal string before pricing).
        const value = s.kwh ? wh + 0.25 : wh;
        high = Math.max(high, value);
        let r: MeterSample = { at: new Date(at), wh: s.kwh ? String(value) : value };
        if (s.stray === 1) r = { at: new Date(from - 1000), wh };
        if (s.stray === 2) r = { at: r.at, wh: startWh - 1 };
        if (s.stray === 3) r = { at: new Date(from + length + 1000), wh };
        readings.push(r);
      }
      for (let i = 0; i < shuffle.length && readings.length > 1; i++) {
        const a = i % readings.length;
        const b = shuffle[i] % readings.length;
        [readings[a], readings[b]] = [readings[b], readings[a]];
      }
      const messages: MeterSample[][] = [];
      for (let i = 0, g = 0; i < readings.length; g++) {
        const size = steps[g % steps.length].group;
        messages.push(readings.slice(i, i + size));
        i += size;
      }
      const stopWh = inOrder ? high + stopExtra : startWh + stopExtra * 20;
      return { tariff, zone, start: { at: new Date(from), wh: String(startWh) }, stop: { at: new Date(from + length), wh: String(stopWh) }, messages };
    });
}

/** What the full-history pricing is given: start, the readings inside the session in arrival order (stable by time), stop. */
function fullHistory(s: Session): MeterSample[] {
  const inside = s.messages
    .flat()
    .filter((r) => r.at > s.start.at && r.at < s.stop.at && Number(r.wh) >= Number(s.start.wh) && Number(r.wh) <= Number(s.stop.wh));
  return [s.start, ...inside, s.stop];
}

/** The split as MeterValues keep it, message by message; null once it could not be kept. */
function running(s: Session): EnergySplit | null {
  let split: EnergySplit | null = startSplit(s.start);
  for (const m of s.messages) {
    if (!split) return null;
    const taken = takenBySplit(split, m);
    if (taken.length) split = extendSplit(split, taken, splitDetails(s.tariff), s.zone);
  }
  return split;
}

describe('the running energy split', () => {
  it('prices sessions whose readings arrive in time order exactly like the full history', () => {
    fc.assert(
      fc.property(sessionArb(true), (s) => {
        const split = running(s);
        expect(split).not.toBeNull();
        const fast = priceSplit(s.tariff, split!, s.start, s.stop, s.zone);
        expect(fast).not.toBeNull();
        expect(fast).toEqual(priceSession(s.tariff, fullHistory(s), s.zone));
      }),
      { numRuns: 400 },
    );
  });

  it('never gives other figures than the full history, whatever the readings (or declines)', () => {
    let kept = 0;
    fc.assert(
      fc.property(sessionArb(false), (s) => {
        const split = running(s);
        const fast = split && priceSplit(s.tariff, split, s.start, s.stop, s.zone);
        if (!fast) return;
        kept++;
        expect(fast).toEqual(priceSession(s.tariff, fullHistory(s), s.zone));
      }),
      { numRuns: 400 },
    );
    expect(kept).toBeGreaterThan(20);
  });

  it('declines a split made with other windows, and one holding readings the stop rules out', () => {
    const tariff: Tariff = {
      type: 'CHARGED',
      currency: 'EUR',
      serviceFeePerKwh: '0',
      serviceTax: '0',
      taxes: [],
      details: [
        { startTime: '00:00', endTime: '12:00', electricityFeePerKwh: '0.1' },
        { startTime: '12:00', endTime: '24:00', electricityFeePerKwh: '0.2' },
      ],
    };
    const start = { at: new Date('2026-03-02T10:00:00Z'), wh: '0' };
    const split = extendSplit(startSplit(start), [{ at: new Date('2026-03-02T13:00:00Z'), wh: '3000' }], tariff.details, 'UTC')!;
    expect(split.kwh).toEqual(['2', '1']);
    const stop = { at: new Date('2026-03-02T14:00:00Z'), wh: '4000' };
    expect(priceSplit(tariff, split, start, stop, 'UTC')?.electricityFee).toBe('0.60'); // 2 kWh × 0.1 + 1 kWh × 0.2, then 1 kWh × 0.2
    expect(priceSplit(tariff, split, start, stop, 'Europe/Berlin')).toBeNull();
    expect(priceSplit({ ...tariff, details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '1' }] }, split, start, stop, 'UTC')).toBeNull();
    expect(priceSplit(tariff, split, start, { ...stop, wh: '2000' }, 'UTC')).toBeNull();
    expect(priceSplit(tariff, split, start, { ...stop, at: new Date('2026-03-02T13:00:00Z') }, 'UTC')).toBeNull();
    expect(extendSplit(split, [{ at: new Date('2026-03-02T12:30:00Z'), wh: '3500' }], tariff.details, 'UTC')).toBeNull();
  });
});
