import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import {
  maxPricePerKwh,
  offsetSegments,
  priceSession,
  splitEnergy,
  roundMoney,
  windowOverlaps,
  zoneOffsetMs,
  type Tariff,
  type MeterSample,
} from '../../../domain/billing.js';

const tou: Tariff = {
  type: 'CHARGED',
  currency: 'EUR',
  serviceFeePerKwh: '0.10',
  serviceTax: '0',
  taxes: [{ taxName: 'VAT', taxPercentage: '19' }],
  details: [
    { startTime: '00:00', endTime: '08:00', electricityFeePerKwh: '0.20' },
    { startTime: '08:00', endTime: '18:00', electricityFeePerKwh: '0.40' },
    { startTime: '18:00', endTime: '24:00', electricityFeePerKwh: '0.30' },
  ],
};
const at = (iso: string, wh: number | string): MeterSample => ({ at: new Date(iso), wh });

describe('priceSession (hand-computed)', () => {
  const cases: Array<{ name: string; tariff: Tariff; samples: MeterSample[]; tz: string; expect: Record<string, string> }> = [
    {
      name: 'inside one window',
      tariff: tou,
      tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { energyKwh: '10.000', electricityFee: '4.00', serviceFee: '1.00', cost: '5.00', taxAmount: '0.95', totalAmount: '5.95' },
    },
    {
      name: 'across two windows, split by time',
      tariff: tou,
      tz: 'UTC',
      samples: [at('2026-03-02T17:00:00Z', 0), at('2026-03-02T19:00:00Z', 20_000)],
      expect: { energyKwh: '20.000', electricityFee: '7.00', serviceFee: '2.00', cost: '9.00', taxAmount: '1.71', totalAmount: '10.71' },
    },
    {
      name: 'across three windows with sampled readings',
      tariff: tou,
      tz: 'UTC',
      samples: [at('2026-03-02T07:00:00Z', 0), at('2026-03-02T08:00:00Z', 5_000), at('2026-03-02T18:00:00Z', 25_000), at('2026-03-02T19:00:00Z', 30_000)],
      expect: { energyKwh: '30.000', electricityFee: '10.50', serviceFee: '3.00', cost: '13.50', taxAmount: '2.57', totalAmount: '16.07' },
    },
    {
      name: 'across midnight in the station time zone',
      tariff: tou,
      tz: 'Asia/Hong_Kong',
      samples: [at('2026-01-01T15:00:00Z', 0), at('2026-01-01T17:00:00Z', 8_000)],
      expect: { energyKwh: '8.000', electricityFee: '2.00', serviceFee: '0.80', cost: '2.80', taxAmount: '0.53', totalAmount: '3.33' },
    },
    {
      name: 'zero energy',
      tariff: tou,
      tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 500), at('2026-03-02T10:05:00Z', 500)],
      expect: { energyKwh: '0.000', electricityFee: '0.00', serviceFee: '0.00', cost: '0.00', taxAmount: '0.00', totalAmount: '0.00' },
    },
    {
      name: 'free template',
      tariff: { ...tou, type: 'FREE', details: [] },
      tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { energyKwh: '10.000', electricityFee: '0.00', serviceFee: '0.00', cost: '0.00', taxAmount: '0.00', totalAmount: '0.00' },
    },
    {
      name: 'three tax rows',
      tariff: {
        ...tou,
        taxes: [
          { taxName: 'A', taxPercentage: '10' },
          { taxName: 'B', taxPercentage: '5' },
          { taxName: 'C', taxPercentage: '2.5' },
        ],
      },
      tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { electricityFee: '4.00', serviceFee: '1.00', cost: '5.00', taxAmount: '0.88', totalAmount: '5.88' },
    },
    {
      name: 'service tax on the service fee',
      tariff: { ...tou, taxes: [{ taxName: 'none', taxPercentage: '0' }], serviceTax: '10' },
      tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { cost: '5.00', taxAmount: '0.10', totalAmount: '5.10' },
    },
    {
      name: 'JPY has no minor unit',
      tariff: {
        ...tou,
        currency: 'JPY',
        serviceFeePerKwh: '10',
        taxes: [{ taxName: '消費税', taxPercentage: '10' }],
        details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '30' }],
      },
      tz: 'Asia/Tokyo',
      samples: [at('2026-03-02T01:00:00Z', 0), at('2026-03-02T02:00:00Z', 1_234)],
      expect: { energyKwh: '1.234', electricityFee: '37', serviceFee: '12', cost: '49', taxAmount: '5', totalAmount: '54' },
    },
    {
      name: 'KRW has no minor unit',
      tariff: {
        ...tou,
        currency: 'KRW',
        serviceFeePerKwh: '50',
        taxes: [{ taxName: 'VAT', taxPercentage: '10' }],
        details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '255.5' }],
      },
      tz: 'Asia/Seoul',
      samples: [at('2026-03-02T01:00:00Z', 0), at('2026-03-02T02:00:00Z', 3_000)],
      expect: { electricityFee: '767', serviceFee: '150', cost: '917', taxAmount: '92', totalAmount: '1008' },
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const p = priceSession(c.tariff, c.samples, c.tz);
      for (const [k, v] of Object.entries(c.expect)) expect(p[k as keyof typeof p], k).toBe(v);
    });
  }

  it('keeps the formulas and exact amounts in the breakdown', () => {
    const p = priceSession(tou, [at('2026-03-02T17:00:00Z', 0), at('2026-03-02T19:00:00Z', 20_000)], 'UTC');
    expect(p.breakdown.windows.map((w) => w.energyKwh)).toEqual(['0', '10', '10']);
    expect(p.breakdown.formulas.serviceFee).toBe('20.000 kWh × 0.10');
    expect(p.breakdown.exact.totalAmount).toBe('10.71');
  });

  it('a reading lower than the previous one adds nothing: energy is meterStop − meterStart', () => {
    const p = priceSession(tou, [at('2026-03-02T10:00:00Z', 1000), at('2026-03-02T10:30:00Z', 900), at('2026-03-02T11:00:00Z', 2900)], 'UTC');
    expect(p.energyKwh).toBe('1.900');
  });
});

describe('roundMoney', () => {
  it('rounds half up to the minor unit', () => {
    expect(roundMoney('2.565', 'EUR')).toBe('2.57');
    expect(roundMoney('2.564', 'EUR')).toBe('2.56');
    expect(roundMoney('49.5', 'JPY')).toBe('50');
  });
});

describe('splitEnergy property', () => {
  it('the window energies add up to the session energy', () => {
    const base = Date.UTC(2026, 2, 1);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 * 86_400_000 }), fc.integer({ min: 0, max: 80_000 })), { minLength: 2, maxLength: 12 }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Hong_Kong', 'America/New_York'),
        (points, tz) => {
          // cumulative register: sort by time, make readings non-decreasing
          const sorted = [...points].sort((a, b) => a[0] - b[0]);
          let wh = 0;
          const samples = sorted.map(([t, inc]) => ({ at: new Date(base + t), wh: (wh += inc) }));
          const parts = splitEnergy(samples, tou.details, tz);
          const sum = parts.reduce((s, p) => s.plus(p), new Decimal(0));
          const expected = new Decimal(samples[samples.length - 1].wh - samples[0].wh).div(1000);
          return sum.equals(expected);
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);
});

describe('decimal meter readings (fractional Wh)', () => {
  const flat = (fee: string): Tariff => ({
    type: 'CHARGED',
    currency: 'EUR',
    serviceFeePerKwh: '0',
    serviceTax: '0',
    taxes: [],
    details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: fee }],
  });
  it('71.25 Wh → 71.35 Wh → 221.25 Wh is 0.15 kWh exactly: 0.015 rounds to 0.02, not 0.01', () => {
    const p = priceSession(
      flat('0.1'),
      [at('2026-03-02T10:00:00Z', '71.25'), at('2026-03-02T10:01:00Z', '71.35'), at('2026-03-02T10:02:00Z', '221.25')],
      'UTC',
    );
    expect(p.breakdown.exact.energyKwh).toBe('0.15');
    expect(p.breakdown.exact.electricityFee).toBe('0.015');
    expect(p.totalAmount).toBe('0.02');
  });
  it('83.3 kWh at 0.35 is 29.16, not 29.15', () => {
    const p = priceSession(
      flat('0.35'),
      [at('2026-03-02T10:00:00Z', '71.25'), at('2026-03-02T10:01:00Z', '71.35'), at('2026-03-02T10:02:00Z', '83371.25')],
      'UTC',
    );
    expect(p.breakdown.exact.electricityFee).toBe('29.155');
    expect(p.totalAmount).toBe('29.16');
  });
  it('71.25 Wh is 0.07125 kWh exactly', () => {
    const p = priceSession(flat('1'), [at('2026-03-02T10:00:00Z', '0'), at('2026-03-02T10:01:00Z', '71.25')], 'UTC');
    expect(p.breakdown.exact.energyKwh).toBe('0.07125');
  });
});

describe('time-of-use windows over long spans (arithmetic, not a walk over days)', () => {
  it('a session from 1970 to 2126 is split with one stretch per DST period', () => {
    const t0 = Date.UTC(1970, 0, 1);
    const t1 = Date.UTC(2126, 0, 1);
    expect(offsetSegments(t0, t1, 'UTC')).toHaveLength(1);
    const overlaps = windowOverlaps(t0, t1, tou.details, 'UTC');
    const days = (t1 - t0) / 86_400_000;
    expect(overlaps).toEqual([days * 8 * 3_600_000, days * 10 * 3_600_000, days * 6 * 3_600_000]);
  });
  it('Berlin: the DST changes of a year cut the span into stretches of +1 h and +2 h', () => {
    const segs = offsetSegments(Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1), 'Europe/Berlin');
    expect(segs.map((s) => s.offset / 3_600_000)).toEqual([1, 2, 1]);
    expect(new Date(segs[1].from).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(segs[1].to).toISOString()).toBe('2026-10-25T01:00:00.000Z');
  });
  it('the spring-forward night has 23 local hours: the 00:00–08:00 window gets 7 of them', () => {
    const o = windowOverlaps(Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22), tou.details, 'Europe/Berlin');
    expect(o.map((m) => m / 3_600_000)).toEqual([7, 10, 6]);
  });
});

describe('billing properties', () => {
  it('billed energy = meterStop − meterStart and the electricity fee = Σ window fees', () => {
    const base = Date.UTC(2026, 2, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 * 86_400_000 }), fc.integer({ min: -5_000, max: 80_000 })), { minLength: 0, maxLength: 10 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Hong_Kong', 'America/New_York'),
        (startCentiWh, middle, addCentiWh, tz) => {
          // Readings in hundredths of a Wh, as decimal strings; middle readings may go back down.
          const cw = (n: number) => new Decimal(n).div(100).toString();
          const meterStart = cw(startCentiWh);
          const meterStop = cw(startCentiWh + addCentiWh);
          const samples: MeterSample[] = [{ at: new Date(base), wh: meterStart }];
          for (const [t, d] of middle) {
            const v = Math.min(Math.max(startCentiWh + d, startCentiWh), startCentiWh + addCentiWh);
            samples.push({ at: new Date(base + t), wh: cw(v) });
          }
          samples.push({ at: new Date(base + 3 * 86_400_000 + 1), wh: meterStop });
          const p = priceSession(tou, samples, tz);
          const expected = new Decimal(meterStop).minus(meterStart).div(1000);
          const windowKwh = p.breakdown.windows.reduce((s, w) => s.plus(w.energyKwh), new Decimal(0));
          const windowFees = p.breakdown.windows.reduce((s, w) => s.plus(w.fee), new Decimal(0));
          return new Decimal(p.breakdown.exact.energyKwh).equals(expected) && windowKwh.equals(expected) && windowFees.equals(p.breakdown.exact.electricityFee);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('zoneOffsetMs (each UTC hour read once)', () => {
  /** The offset straight from Intl at `t`, as the memo must answer it. */
  const formats = new Map<string, Intl.DateTimeFormat>();
  function intlOffset(timeZone: string, t: number): number {
    let f = formats.get(timeZone);
    if (!f)
      formats.set(
        timeZone,
        (f = new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        })),
      );
    const p: Record<string, number> = {};
    for (const part of f.formatToParts(t)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000;
  }
  const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];

  it('answers like Intl every minute across the DST changes of 2026, also after the hour was memoised', () => {
    // Around each zone's transitions: ±3 h of every Sunday in March, April, September–November 2026.
    for (const tz of zones) {
      for (const month of [2, 3, 8, 9, 10]) {
        for (let day = 1; day <= 31; day++) {
          const midnight = Date.UTC(2026, month, day);
          if (new Date(midnight).getUTCMonth() !== month || new Date(midnight).getUTCDay() !== 0) continue;
          for (let t = midnight - 6 * 3_600_000; t < midnight + 20 * 3_600_000; t += 60_000) {
            expect(zoneOffsetMs(tz, t), `${tz} at ${new Date(t).toISOString()}`).toBe(intlOffset(tz, t));
          }
          // The same instants again, now from the memo.
          for (let t = midnight - 6 * 3_600_000; t < midnight + 20 * 3_600_000; t += 60_000 * 7) {
            expect(zoneOffsetMs(tz, t)).toBe(intlOffset(tz, t));
          }
        }
      }
    }
  }, 60_000);

  it('stays right after its memo fills and is cleared (over 50 000 zone hours)', () => {
    const base = Date.UTC(2020, 0, 1);
    for (let h = 0; h < 60_000; h++) zoneOffsetMs('Europe/Berlin', base + h * 3_600_000 + 1_800_000);
    for (let h = 0; h < 60_000; h += 997) {
      const t = base + h * 3_600_000 + 1_800_000;
      expect(zoneOffsetMs('Europe/Berlin', t)).toBe(intlOffset('Europe/Berlin', t));
    }
  }, 60_000);

  it('answers like Intl at any instant from 1900 to 2100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (t, tz) => zoneOffsetMs(tz, t) === intlOffset(tz, t) && zoneOffsetMs(tz, t) === intlOffset(tz, t),
      ),
      { numRuns: 2000 },
    );
  }, 60_000);
});

describe("maxPricePerKwh (the balance guard's bound)", () => {
  it('no session of E kWh totals more than E × the bound (plus half a cent), whatever its windows, taxes and times', () => {
    const base = Date.UTC(2026, 2, 27);
    const fee = fc.integer({ min: 0, max: 9_999 }).map((n) => new Decimal(n).div(1000).toString());
    fc.assert(
      fc.property(
        fc.array(fee, { minLength: 1, maxLength: 4 }),
        fee,
        fc.array(
          fc.integer({ min: 0, max: 30_000 }).map((n) => new Decimal(n).div(1000).toString()),
          { maxLength: 3 },
        ),
        fc.integer({ min: 0, max: 25_000 }).map((n) => new Decimal(n).div(1000).toString()),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2 * 86_400_000 }), fc.integer({ min: 0, max: 60_000 })), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'Australia/Lord_Howe'),
        (fees, service, taxes, serviceTax, points, tz) => {
          // Windows of equal length covering the day, one per fee.
          const step = Math.floor(24 / fees.length);
          const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
          const tariff: Tariff = {
            type: 'CHARGED',
            currency: 'EUR',
            serviceFeePerKwh: service,
            serviceTax,
            taxes: taxes.map((taxPercentage, i) => ({ taxName: `T${i}`, taxPercentage })),
            details: fees.map((f, i) => ({ startTime: hh(i * step), endTime: i === fees.length - 1 ? '24:00' : hh((i + 1) * step), electricityFeePerKwh: f })),
          };
          let wh = 1_000;
          const samples: MeterSample[] = [
            { at: new Date(base), wh },
            ...[...points].sort((a, b) => a[0] - b[0]).map(([t, inc]) => ({ at: new Date(base + t), wh: (wh += inc) })),
          ];
          const p = priceSession(tariff, samples, tz);
          const kwh = new Decimal(wh - 1_000).div(1000);
          return new Decimal(p.totalAmount).lte(kwh.times(maxPricePerKwh(tariff)!.toString()).plus('0.005'));
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('is 0 for a free tariff and has no bound when taxes add up below −100 %', () => {
    expect(maxPricePerKwh({ ...tou, type: 'FREE' })!.toString()).toBe('0');
    expect(maxPricePerKwh({ ...tou, taxes: [{ taxName: 'odd', taxPercentage: '-150' }] })).toBeNull();
    // (0.40 + 0.10) × 1.19 + 0.10 × 0 = 0.595
    expect(maxPricePerKwh(tou)!.toString()).toBe('0.595');
  });
});
