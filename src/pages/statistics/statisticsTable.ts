/**
 * The statistics table (and its Excel sheet) from `GET /sp/statistics`: one row per bucket (day,
 * station or operator) with orders, energy (kWh, 3 decimals) and revenue per currency (one column
 * per currency present), plus a totals row. Pure, so the export is tested without a browser.
 */
import type { TranslateFunction } from 'react-admin';
import type { SheetCell as Cell } from '../../utils/spreadsheet';
import type { CurrencyAmount, StatisticsAnswer } from '../../../domain/entities/statistics';

export type GroupBy = 'day' | 'station' | 'company';

/** `GET /sp/statistics` (domain/entities/statistics.ts). */
export type StatisticsData = StatisticsAnswer;
type Amount = CurrencyAmount;

/** Currencies present in the series or totals, sorted. */
export function currenciesOf(data: StatisticsData): string[] {
  const set = new Set<string>();
  for (const b of data.series) for (const r of b.revenue) set.add(r.currency);
  for (const r of data.totals.revenue) set.add(r.currency);
  return [...set].sort();
}

const amountIn = (list: Amount[], currency: string) => Number(list.find((r) => r.currency === currency)?.amount ?? 0);

/** Header, bucket rows and the totals row of the table (numbers stay numbers). */
export function statisticsTable(data: StatisticsData, translate: TranslateFunction): { header: string[]; rows: Cell[][]; totals: Cell[] } {
  const currencies = currenciesOf(data);
  const header = [
    translate(`app.statistics.group.${data.groupBy}`),
    translate('app.statistics.orders'),
    translate('app.statistics.energy_kwh'),
    ...currencies.map((c) => `${translate('app.statistics.revenue')} (${c === 'NO_CURRENCY' ? '—' : c})`),
  ];
  const rows = data.series.map((b) => [b.label || b.key || '—', b.orders, Number(b.energyKwh), ...currencies.map((c) => amountIn(b.revenue, c))]);
  const totals = [
    translate('app.statistics.total'),
    data.totals.orders,
    Number(data.totals.energyKwh),
    ...currencies.map((c) => amountIn(data.totals.revenue, c)),
  ];
  return { header, rows, totals };
}
