/**
 * Analytics answers (requirements §2 "Statistics", "Station insights"): orders, energy (kWh) and revenue
 * per period, and per-station sessions, energy, revenue and utilisation over a time range.
 */
import { z } from 'zod';
import { decimal, int, isoTime } from './api.js';

/** Money per currency (no cross-currency sums). */
export const moneyByCurrency = z.array(z.object({ currency: z.string(), amount: decimal }));
/** One currency's amount (decimal string). */
export type CurrencyAmount = z.infer<typeof moneyByCurrency>[number];

/** `GET /sp/statistics`. */
export const statisticsAnswer = z.object({
  startTime: isoTime,
  endTime: isoTime,
  timeZone: z.string(),
  groupBy: z.string(),
  series: z.array(z.object({ key: z.string(), label: z.string(), orders: int, energyKwh: decimal, revenue: moneyByCurrency })),
  totals: z.object({ orders: int, energyKwh: decimal, revenue: moneyByCurrency }),
});
export type StatisticsAnswer = z.infer<typeof statisticsAnswer>;

/** One station of `GET /sp/station-insights`. */
export const stationInsight = z.object({
  stationId: int,
  stationName: z.string(),
  companyCode: z.string(),
  currency: z.string().nullable(),
  chargers: int,
  sessions: int,
  energyKwh: decimal,
  revenue: decimal,
  avgSessionMinutes: z.number(),
  avgEnergyKwh: decimal,
  /** Share of the range the chargers were in a session, 0–1. */
  utilisation: z.number(),
});

/** `GET /sp/station-insights`. */
export const stationInsightsAnswer = z.object({ startTime: isoTime, endTime: isoTime, records: z.array(stationInsight), total: int });
export type StationInsight = z.infer<typeof stationInsight>;
export type StationInsightsAnswer = z.infer<typeof stationInsightsAnswer>;
