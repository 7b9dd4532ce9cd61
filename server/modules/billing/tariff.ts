/**
 * Loads the tariff (rate template with its time-of-use rows and taxes) that prices a station's
 * sessions, in the shape of `domain/billing.ts`. A station without an activated template of its
 * own company has no tariff (its sessions cost nothing and say so in the breakdown).
 */
import { and, eq, sql } from 'drizzle-orm';
import { jsonOf, type Db } from '../../db/client.js';
import { rateDetail, rateTax, rateTemplate, station } from '../../db/schema.js';
import type { Tariff } from '../../../domain/billing.js';

export interface StationTariff {
  templateId: number;
  modelName: string;
  timeZone: string;
  tariff: Tariff;
}

/**
 * The tariff of `stationId`, or undefined when the station has no usable template: one query
 * (the station, its template, and the template's time-of-use rows and taxes as json arrays, fees
 * and percentages as exact decimal text), one round trip inside a Stop's transaction.
 */
export async function tariffOfStation(db: Db, stationId: number | null): Promise<StationTariff | undefined> {
  if (stationId === null) return undefined;
  const [row] = await db
    .select({
      timeZone: station.timeZone,
      tpl: rateTemplate,
      // [startTime, endTime, electricityFeePerKwh] by start time.
      details: sql<
        [string, string, string][]
      >`coalesce((select json_agg(json_build_array(d.start_time, d.end_time, d.electricity_fee_per_kwh::text) order by d.start_time)
        from ${rateDetail} d where d.template_id = ${rateTemplate.id}), '[]'::json)`,
      // [taxName, taxPercentage] by position, then id.
      taxes: sql<[string, string][]>`coalesce((select json_agg(json_build_array(x.tax_name, x.tax_percentage::text) order by x.position, x.id)
        from ${rateTax} x where x.template_id = ${rateTemplate.id}), '[]'::json)`,
    })
    .from(station)
    .innerJoin(rateTemplate, and(eq(rateTemplate.id, station.rateTemplateId), eq(rateTemplate.companyCode, station.companyCode)))
    .where(eq(station.id, stationId));
  if (!row?.tpl.activated) return undefined;
  const details = jsonOf(row.details);
  const taxes = jsonOf(row.taxes);
  return {
    templateId: row.tpl.id,
    modelName: row.tpl.modelName,
    timeZone: row.timeZone,
    tariff: {
      type: row.tpl.type === 'FREE' ? 'FREE' : 'CHARGED',
      currency: row.tpl.currency,
      serviceFeePerKwh: row.tpl.serviceFeePerKwh,
      serviceTax: row.tpl.serviceTax,
      taxes: taxes.map(([taxName, taxPercentage]) => ({ taxName, taxPercentage })),
      details: details.map(([startTime, endTime, electricityFeePerKwh]) => ({ startTime, endTime, electricityFeePerKwh })),
    },
  };
}

/** How long {@link recentTariffOfStation} reuses a station's tariff (ms). */
export const TARIFF_TTL_MS = 30_000;

const recent = new WeakMap<Db, Map<number, { until: number; tariff: Promise<StationTariff | undefined> }>>();

/**
 * The tariff of `stationId` as read at most {@link TARIFF_TTL_MS} ago (per database handle): for
 * work repeated on every meter value (the running energy split, the balance guard's projection),
 * never for an order's price, which reads {@link tariffOfStation} in its own transaction.
 */
export function recentTariffOfStation(db: Db, stationId: number | null): Promise<StationTariff | undefined> {
  if (stationId === null) return Promise.resolve(undefined);
  let m = recent.get(db);
  if (!m) recent.set(db, (m = new Map()));
  const hit = m.get(stationId);
  if (hit && hit.until > Date.now()) return hit.tariff;
  const byStation = m;
  const tariff = tariffOfStation(db, stationId).catch((err: unknown) => {
    byStation.delete(stationId);
    throw err;
  });
  m.set(stationId, { until: Date.now() + TARIFF_TTL_MS, tariff });
  return tariff;
}
