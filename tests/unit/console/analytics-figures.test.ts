/** The analytics page's figure cards: grouped thousands, currency digits, in both languages (requirements §9, §14). */
import { describe, expect, it } from 'vitest';
import type { AnalyticsFigures } from '../../../domain/entities/analytics';
import { shown } from '../../../src/pages/analytics/Analytics';

const figures: AnalyticsFigures = {
  energyKwh: '39318.323',
  revenue: [
    { currency: 'EUR', amount: '22857.69' },
    { currency: 'JPY', amount: '1200' },
  ],
  sessions: 1271,
  utilisation: 0.149,
  peakPowerKw: '1119.836',
  faults: 3,
};

describe('analytics figures', () => {
  it("groups thousands and keeps the units' decimals", () => {
    expect(shown(figures, 'energyKwh', 'en')).toBe('39,318.323');
    expect(shown(figures, 'revenue', 'en')).toBe('22,857.69 EUR · 1,200 JPY');
    expect(shown(figures, 'sessions', 'en')).toBe('1,271');
    expect(shown(figures, 'peakPowerKw', 'zh')).toBe('1,119.836');
    expect(shown(figures, 'utilisation', 'zh')).toBe('14.9 %');
    expect(shown(figures, 'faults', 'zh')).toBe('3');
  });

  it('shows no revenue as zero', () => {
    expect(shown({ ...figures, revenue: [] }, 'revenue', 'en')).toBe('0.00');
  });
});
