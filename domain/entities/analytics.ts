/**
 * Analytics (`/AnalyTics/AnalyTics`, `GET /sp/analytics`; requirements §14, §2 "Analytics", §5
 * "Analytics search box cannot be empty", §9 ranges): a required search (station name, charger SN
 * or operator), one of three periods, and per bucket energy, revenue, sessions, utilisation, peak
 * power and faults, with the totals of the period before.
 */
import { z } from 'zod';
import { decimal, int, isoTime } from './api.js';
import { moneyByCurrency } from './statistics.js';

export const ANALYTICS_PERIODS = ['24h', '30d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_SEARCH_TYPES = ['station', 'charger', 'operator'] as const;
export type AnalyticsSearchType = (typeof ANALYTICS_SEARCH_TYPES)[number];

/** The query; an empty (or blank) `search` is refused with 621 (requirements §5). */
export const analyticsQuery = z.object({
  searchType: z.enum(ANALYTICS_SEARCH_TYPES).default('station'),
  search: z.string().max(64).optional(),
  period: z.enum(ANALYTICS_PERIODS).default('24h'),
});

/** Figures of one bucket or one period. */
export const analyticsFigures = z.object({
  sessions: int,
  energyKwh: decimal,
  revenue: moneyByCurrency,
  /** Σ session time ÷ (chargers × bucket length), 0–1. */
  utilisation: z.number(),
  peakPowerKw: decimal,
  faults: int,
});
export type AnalyticsFigures = z.infer<typeof analyticsFigures>;

export const analyticsAnswer = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  searchType: z.enum(ANALYTICS_SEARCH_TYPES),
  search: z.string(),
  /** What the search matched: names (up to 10) and how many. */
  matched: z.object({ names: z.array(z.string()), count: int, chargers: int }),
  startTime: isoTime,
  endTime: isoTime,
  previousStartTime: isoTime,
  timeZone: z.string(),
  series: z.array(analyticsFigures.extend({ key: isoTime, label: z.string() })),
  totals: analyticsFigures,
  previous: analyticsFigures,
});
export type AnalyticsAnswer = z.infer<typeof analyticsAnswer>;
