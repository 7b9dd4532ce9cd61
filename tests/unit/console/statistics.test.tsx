import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { presetOf, presetRange, rangeError, rangeQuery } from '../../../src/pages/statistics/ranges';
import { currenciesOf, statisticsTable, type StatisticsData } from '../../../src/pages/statistics/statisticsTable';
import { sortInsights, utilisationPercent, type StationInsight } from '../../../src/pages/station-insights/insights';
import { sheetRows } from '../../../src/utils/spreadsheet';

const now = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, 15:30 local

describe('range presets (requirements §5)', () => {
  it('today, 7 days, 30 days and this year end today', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(presetRange('7d', now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetRange('year', now)).toEqual({ from: '2026-01-01', to: '2026-11-22' });
    expect(presetOf({ from: '2026-11-16', to: '2026-11-22' }, now)).toBe('7d');
    expect(presetOf({ from: '2026-11-15', to: '2026-11-22' }, now)).toBeNull();
  });

  it('custom ranges: end not before start, nothing after today, at most 366 days', () => {
    expect(rangeError({ from: '2026-11-10', to: '2026-11-09' }, now)).toBe('app.validation.end_before_start');
    expect(rangeError({ from: '2026-11-10', to: '2026-11-23' }, now)).toBe('app.validation.after_today');
    expect(rangeError({ from: '2026-11-23', to: '2026-11-23' }, now)).toBe('app.validation.after_today');
    expect(rangeError({ from: '', to: '2026-11-22' }, now)).toBe('app.range.required');
    expect(rangeError({ from: '2025-11-21', to: '2026-11-22' }, now)).toBe('app.range.too_long');
    expect(rangeError({ from: '2025-11-22', to: '2026-11-22' }, now)).toBeUndefined();
    expect(rangeError({ from: '2026-11-22', to: '2026-11-22' }, now)).toBeUndefined();
  });

  it('sends the start of the first day and the end of the last (now for today)', () => {
    const past = rangeQuery({ from: '2026-11-01', to: '2026-11-02' }, now);
    expect(past.startTime).toBe(dayjs('2026-11-01').startOf('day').toISOString());
    expect(past.endTime).toBe(dayjs('2026-11-02').endOf('day').toISOString());
    expect(rangeQuery({ from: '2026-11-20', to: '2026-11-22' }, now).endTime).toBe(now.toISOString());
  });
});

describe('statistics table and its export rows', () => {
  const data: StatisticsData = {
    startTime: '2026-11-01T00:00:00.000Z',
    endTime: '2026-11-03T00:00:00.000Z',
    timeZone: 'UTC',
    groupBy: 'station',
    series: [
      { key: '1', label: '=Central', orders: 2, energyKwh: '15.500', revenue: [{ currency: 'EUR', amount: '7.75' }] },
      { key: '2', label: 'Pier', orders: 1, energyKwh: '7.000', revenue: [{ currency: 'HKD', amount: '21.00' }] },
    ],
    totals: {
      orders: 3,
      energyKwh: '22.500',
      revenue: [
        { currency: 'HKD', amount: '21.00' },
        { currency: 'EUR', amount: '7.75' },
      ],
    },
  };
  const t = ((k: string) => k) as never;

  it('has one revenue column per currency and a totals row', () => {
    expect(currenciesOf(data)).toEqual(['EUR', 'HKD']);
    const table = statisticsTable(data, t);
    expect(table.header).toEqual([
      'app.statistics.group.station',
      'app.statistics.orders',
      'app.statistics.energy_kwh',
      'app.statistics.revenue (EUR)',
      'app.statistics.revenue (HKD)',
    ]);
    expect(table.rows).toEqual([
      ['=Central', 2, 15.5, 7.75, 0],
      ['Pier', 1, 7, 0, 21],
    ]);
    expect(table.totals).toEqual(['app.statistics.total', 3, 22.5, 7.75, 21]);
  });

  it('neutralises a station name that looks like a formula in the sheet', () => {
    const table = statisticsTable(data, t);
    const sheet = sheetRows(table.header, [...table.rows, table.totals]);
    expect(sheet[1][0]).toBe("'=Central");
    expect(sheet[1][2]).toBe(15.5);
    expect(sheet[3]).toEqual(['app.statistics.total', 3, 22.5, 7.75, 21]);
  });
});

describe('station insights sorting', () => {
  const row = (stationName: string, utilisation: number, energyKwh: string): StationInsight => ({
    stationId: stationName.length,
    stationName,
    companyCode: 'A',
    currency: 'EUR',
    chargers: 1,
    sessions: 1,
    energyKwh,
    revenue: '0.00',
    avgSessionMinutes: 1,
    avgEnergyKwh: '1.000',
    utilisation,
  });
  const rows = [row('B', 0.1, '9.000'), row('A', 0.25, '10.500'), row('C', 0.1, '100.000')];
  it('sorts numbers numerically and ties by name', () => {
    expect(sortInsights(rows, 'utilisation', 'desc').map((r) => r.stationName)).toEqual(['A', 'B', 'C']);
    expect(sortInsights(rows, 'energyKwh', 'asc').map((r) => r.stationName)).toEqual(['B', 'A', 'C']);
    expect(sortInsights(rows, 'stationName', 'desc').map((r) => r.stationName)).toEqual(['C', 'B', 'A']);
    expect(utilisationPercent(0.12345)).toBe(12.3);
  });
});
