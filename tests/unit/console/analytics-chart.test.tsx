// @vitest-environment jsdom
/**
 * Analytics (requirements §14, issue #26 item 11): every unit has its own y-axis, labelled with the
 * unit (revenue in its currency, peak power in kW, utilisation in %), so that peak power no longer
 * lies flat under revenue; and the previous period's figures read with the same precision and
 * unit as the current ones, in English and Chinese.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { AnalyticsFigures } from '../../../domain/entities/analytics';
import { messages, type Locale } from '../../../src/i18n/index';
import { FigureCard, revenueSeries, shown } from '../../../src/pages/analytics/Analytics';
import { AnalyticsChart, axesOf } from '../../../src/pages/analytics/AnalyticsChart';

beforeAll(() => {
  // recharts measures with ResizeObserver; jsdom has none.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

/** The analytics messages of `locale`. */
function tOf(locale: Locale): (k: string) => string {
  const tree = (messages[locale] as unknown as { app: { analytics: Record<string, unknown> } }).app.analytics;
  return (k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], tree) as string;
}

const totals: AnalyticsFigures = {
  energyKwh: '39318.323',
  revenue: [{ currency: 'EUR', amount: '22857.69' }],
  sessions: 1271,
  utilisation: 0.149,
  peakPowerKw: '1119.836',
  faults: 3,
};
const previous: AnalyticsFigures = {
  energyKwh: '31000.5',
  revenue: [{ currency: 'EUR', amount: '21000.5' }],
  sessions: 1100,
  utilisation: 0.12,
  peakPowerKw: '980.25',
  faults: 1,
};
// A year by month: revenue in thousands, peak power in tens of kW.
const buckets = Array.from({ length: 12 }, (_, i) => ({
  label: `2026-${String(i + 1).padStart(2, '0')}`,
  revenue: 1500 + i * 100,
  utilisation: 12 + i,
  peakPowerKw: 40 + i,
}));

describe.each(['en', 'zh'] as const)('analytics in %s', (locale) => {
  const t = tOf(locale);

  it('draws revenue, utilisation and peak power on one axis per unit, each labelled with its unit', () => {
    const series = revenueSeries(t, 'EUR');
    expect(axesOf(series)).toEqual(['money', 'percent', 'kW']);
    const { container } = render(<AnalyticsChart data={buckets} series={series} currency="EUR" countLabel={t('metrics.sessions')} width={800} height={240} />);
    const axes = container.querySelectorAll('.recharts-yAxis');
    expect(axes.length).toBe(3);
    const labels = [...container.querySelectorAll('.recharts-label')].map((l) => l.textContent);
    expect(labels).toEqual(expect.arrayContaining(['EUR', '%', 'kW']));
  });

  it('shows the previous period with the same precision and unit as the current one', () => {
    for (const metric of ['revenue', 'energyKwh', 'peakPowerKw', 'utilisation', 'sessions'] as const) {
      render(<FigureCard answer={{ totals, previous }} metric={metric} locale={locale} label={t(`metrics.${metric}`)} previousLabel={t('previous')} />);
      expect(screen.getByTestId(`analytics-${metric}`).textContent).toBe(shown(totals, metric, locale));
      expect(screen.getByTestId(`analytics-${metric}-previous`).textContent).toBe(shown(previous, metric, locale));
      cleanup();
    }
    render(<FigureCard answer={{ totals, previous }} metric="revenue" locale={locale} label={t('metrics.revenue')} previousLabel={t('previous')} />);
    expect(screen.getByTestId('analytics-revenue-previous').textContent).toBe('21,000.50 EUR');
    cleanup();
    render(<FigureCard answer={{ totals, previous }} metric="energyKwh" locale={locale} label={t('metrics.energyKwh')} previousLabel={t('previous')} />);
    expect(screen.getByTestId('analytics-energyKwh-previous').textContent).toBe('31,000.500');
  });
});
