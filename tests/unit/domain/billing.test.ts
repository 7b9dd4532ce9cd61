import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { priceSession, splitEnergy, roundMoney, type Tariff, type MeterSample } from '../../../domain/billing.js';

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
const at = (iso: string, wh: number): MeterSample => ({ at: new Date(iso), wh });

describe('priceSession (hand-computed)', () => {
  const cases: Array<{ name: string; tariff: Tariff; samples: MeterSample[]; tz: string; expect: Record<string, string> }> = [
    {
      name: 'inside one window',
      tariff: tou, tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { energyKwh: '10.000', electricityFee: '4.00', serviceFee: '1.00', cost: '5.00', taxAmount: '0.95', totalAmount: '5.95' },
    },
    {
      name: 'across two windows, split by time',
      tariff: tou, tz: 'UTC',
      samples: [at('2026-03-02T17:00:00Z', 0), at('2026-03-02T19:00:00Z', 20_000)],
      expect: { energyKwh: '20.000', electricityFee: '7.00', serviceFee: '2.00', cost: '9.00', taxAmount: '1.71', totalAmount: '10.71' },
    },
    {
      name: 'across three windows with sampled readings',
      tariff: tou, tz: 'UTC',
      samples: [at('2026-03-02T07:00:00Z', 0), at('2026-03-02T08:00:00Z', 5_000), at('2026-03-02T18:00:00Z', 25_000), at('2026-03-02T19:00:00Z', 30_000)],
      expect: { energyKwh: '30.000', electricityFee: '10.50', serviceFee: '3.00', cost: '13.50', taxAmount: '2.57', totalAmount: '16.07' },
    },
    {
      name: 'across midnight in the station time zone',
      tariff: tou, tz: 'Asia/Hong_Kong',
      samples: [at('2026-01-01T15:00:00Z', 0), at('2026-01-01T17:00:00Z', 8_000)],
      expect: { energyKwh: '8.000', electricityFee: '2.00', serviceFee: '0.80', cost: '2.80', taxAmount: '0.53', totalAmount: '3.33' },
    },
    {
      name: 'zero energy',
      tariff: tou, tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 500), at('2026-03-02T10:05:00Z', 500)],
      expect: { energyKwh: '0.000', electricityFee: '0.00', serviceFee: '0.00', cost: '0.00', taxAmount: '0.00', totalAmount: '0.00' },
    },
    {
      name: 'free template',
      tariff: { ...tou, type: 'FREE', details: [] }, tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { energyKwh: '10.000', electricityFee: '0.00', serviceFee: '0.00', cost: '0.00', taxAmount: '0.00', totalAmount: '0.00' },
    },
    {
      name: 'three tax rows',
      tariff: { ...tou, taxes: [{ taxName: 'A', taxPercentage: '10' }, { taxName: 'B', taxPercentage: '5' }, { taxName: 'C', taxPercentage: '2.5' }] }, tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { electricityFee: '4.00', serviceFee: '1.00', cost: '5.00', taxAmount: '0.88', totalAmount: '5.88' },
    },
    {
      name: 'service tax on the service fee',
      tariff: { ...tou, taxes: [{ taxName: 'none', taxPercentage: '0' }], serviceTax: '10' }, tz: 'UTC',
      samples: [at('2026-03-02T10:00:00Z', 0), at('2026-03-02T11:00:00Z', 10_000)],
      expect: { cost: '5.00', taxAmount: '0.10', totalAmount: '5.10' },
    },
    {
      name: 'JPY has no minor unit',
      tariff: { ...tou, currency: 'JPY', serviceFeePerKwh: '10', taxes: [{ taxName: '消費税', taxPercentage: '10' }], details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '30' }] }, tz: 'Asia/Tokyo',
      samples: [at('2026-03-02T01:00:00Z', 0), at('2026-03-02T02:00:00Z', 1_234)],
      expect: { energyKwh: '1.234', electricityFee: '37', serviceFee: '12', cost: '49', taxAmount: '5', totalAmount: '54' },
    },
    {
      name: 'KRW has no minor unit',
      tariff: { ...tou, currency: 'KRW', serviceFeePerKwh: '50', taxes: [{ taxName: 'VAT', taxPercentage: '10' }], details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '255.5' }] }, tz: 'Asia/Seoul',
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

  it('ignores a reading lower than the previous one', () => {
    const p = priceSession(tou, [at('2026-03-02T10:00:00Z', 1000), at('2026-03-02T10:30:00Z', 900), at('2026-03-02T11:00:00Z', 2900)], 'UTC');
    expect(p.energyKwh).toBe('2.000');
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
    fc.assert(fc.property(
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
    ), { numRuns: 120 });
  }, 60_000);
});
