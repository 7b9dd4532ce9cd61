/**
 * Loads the tariff (rate template with its time-of-use rows and taxes) that prices a station's
 * sessions, in the shape of `domain/billing.ts`. A station without an activated template of its
 * own company has no tariff (its sessions cost nothing and say so in the breakdown).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateDetail, rateTax, rateTemplate, station } from '../../db/schema.js';
import type { Tariff } from '../../../domain/billing.js';

export interface StationTariff {
  templateId: number;
  modelName: string;
  timeZone: string;
  tariff: Tariff;
}

/** The tariff of `stationId`, or undefined when the station has no usable template. */
export async function tariffOfStation(db: Db, stationId: number | null): Promise<StationTariff | undefined> {
  if (stationId === null) return undefined;
  const [row] = await db
    .select({ st: station, tpl: rateTemplate })
    .from(station)
    .innerJoin(rateTemplate, and(eq(rateTemplate.id, station.rateTemplateId), eq(rateTemplate.companyCode, station.companyCode)))
    .where(eq(station.id, stationId));
  if (!row || !row.tpl.activated) return undefined;
  const [details, taxes] = await Promise.all([
    db.select().from(rateDetail).where(eq(rateDetail.templateId, row.tpl.id)).orderBy(asc(rateDetail.startTime)),
    db.select().from(rateTax).where(eq(rateTax.templateId, row.tpl.id)).orderBy(asc(rateTax.position), asc(rateTax.id)),
  ]);
  return {
    templateId: row.tpl.id,
    modelName: row.tpl.modelName,
    timeZone: row.st.timeZone,
    tariff: {
      type: row.tpl.type === 'FREE' ? 'FREE' : 'CHARGED',
      currency: row.tpl.currency,
      serviceFeePerKwh: row.tpl.serviceFeePerKwh,
      serviceTax: row.tpl.serviceTax,
      taxes: taxes.map((t) => ({ taxName: t.taxName, taxPercentage: t.taxPercentage })),
      details: details.map((d) => ({ startTime: d.startTime, endTime: d.endTime, electricityFeePerKwh: d.electricityFeePerKwh })),
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
