/**
 * Station insight rows of `GET /sp/station-insights` (per station: chargers, sessions, energy kWh,
 * revenue in the station's currency, average session minutes and kWh, utilisation 0–1) and their
 * client-side sorting (every station of the range comes in one answer).
 */
import type { StationInsight, StationInsightsAnswer } from '../../../domain/entities/statistics';

export type { StationInsight } from '../../../domain/entities/statistics';
/** `GET /sp/station-insights` (domain/entities/statistics.ts). */
export type StationInsightsData = StationInsightsAnswer;

export type InsightKey = 'stationName' | 'chargers' | 'sessions' | 'energyKwh' | 'revenue' | 'avgSessionMinutes' | 'avgEnergyKwh' | 'utilisation';

/** Rows sorted by `key` (numbers numerically, names by locale), ties by station name. */
export function sortInsights(rows: readonly StationInsight[], key: InsightKey, order: 'asc' | 'desc'): StationInsight[] {
  const dir = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const d = key === 'stationName' ? a.stationName.localeCompare(b.stationName) : Number(a[key]) - Number(b[key]);
    return d !== 0 ? d * dir : a.stationName.localeCompare(b.stationName);
  });
}

/** Utilisation 0–1 as a percentage with one decimal (`12.5`). */
export const utilisationPercent = (u: number) => Math.round(u * 1000) / 10;
