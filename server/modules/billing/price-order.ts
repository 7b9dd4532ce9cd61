/**
 * Prices a finished order from its station's tariff (domain/billing.ts): the energy register
 * readings of the transaction (meterStart at the charger's start time, every sampled
 * Energy.Active.Import.Register, meterStop at the stop time) are split over the time-of-use
 * windows in the station's time zone. Without a tariff the order costs nothing and its breakdown
 * says `NO_TEMPLATE`.
 */
import { and, asc, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.js';
import { meterValue } from '../../db/schema.js';
import { priceSession, roundMoney, type MeterSample, type OrderAmounts } from '../../../domain/billing.js';
import { tariffOfStation } from './tariff.js';

export const ENERGY_REGISTER = 'Energy.Active.Import.Register';

export interface OrderToPrice {
  chargerId: number;
  stationId: number | null;
  transactionId: number;
  /** Company currency, used when there is no tariff. */
  currency: string;
  /** Meter register at start/stop, Wh. */
  meterStart: number;
  meterStop: number;
  chargerStartTime: Date;
  chargerStopTime: Date;
}

export interface OrderPrice extends OrderAmounts {
  breakdown: Record<string, unknown>;
}

/** Sampled energy readings of a transaction in Wh (kWh readings converted), time-ordered. */
export async function energySamples(db: Db, chargerId: number, transactionId: number): Promise<MeterSample[]> {
  const rows = await db
    .select({ at: meterValue.timestamp, value: meterValue.value, unit: meterValue.unit })
    .from(meterValue)
    .where(and(eq(meterValue.chargerId, chargerId), eq(meterValue.transactionId, transactionId), eq(meterValue.measurand, ENERGY_REGISTER)))
    .orderBy(asc(meterValue.timestamp));
  const out: MeterSample[] = [];
  for (const r of rows) {
    const v = Number(r.value);
    if (!Number.isFinite(v)) continue;
    out.push({ at: r.at, wh: r.unit === 'kWh' ? new Decimal(r.value).times(1000).toNumber() : v });
  }
  return out;
}

/** Prices an order (amounts rounded to the currency's minor unit, decimal strings). */
export async function priceFinishedOrder(db: Db, o: OrderToPrice): Promise<OrderPrice> {
  const st = await tariffOfStation(db, o.stationId);
  if (!st) {
    const zero = roundMoney(0, o.currency);
    return { currency: o.currency, electricityFee: zero, serviceFee: zero, taxAmount: zero, cost: zero, totalAmount: zero, breakdown: { rule: 'NO_TEMPLATE' } };
  }
  // Readings inside the session only, bracketed by the start and stop registers.
  const sampled = (await energySamples(db, o.chargerId, o.transactionId)).filter((s) =>
    s.at.getTime() > o.chargerStartTime.getTime() && s.at.getTime() < o.chargerStopTime.getTime()
    && s.wh >= o.meterStart && s.wh <= o.meterStop);
  const samples: MeterSample[] = [
    { at: o.chargerStartTime, wh: o.meterStart },
    ...sampled,
    { at: o.chargerStopTime, wh: Math.max(o.meterStop, o.meterStart) },
  ];
  const p = priceSession(st.tariff, samples, st.timeZone);
  return {
    currency: p.currency,
    electricityFee: p.electricityFee,
    serviceFee: p.serviceFee,
    taxAmount: p.taxAmount,
    cost: p.cost,
    totalAmount: p.totalAmount,
    breakdown: { rule: 'TARIFF', templateId: st.templateId, modelName: st.modelName, ...p.breakdown },
  };
}
