/**
 * Prices a finished order from its station's tariff (domain/billing.ts). The session is placed in
 * time by `billingSpan` (domain/clock.ts): the charger's clock when it is plausible and the stop is
 * not before the start, otherwise the server's receive times (the order is then flagged). On the
 * charger's clock, the energy register readings of the transaction (meterStart at the start, every
 * sampled Energy.Active.Import.Register in between, meterStop at the stop) are split over the
 * time-of-use windows in the station's time zone; on the server's clock only meterStart and
 * meterStop take part. Readings stay exact decimals (Wh) from the stored text to the amount.
 * Energy billed is always meterStop − meterStart. Without a tariff the order costs nothing and
 * its breakdown says `NO_TEMPLATE`.
 */
import { and, asc, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.js';
import { meterValue } from '../../db/schema.js';
import {
  extendSplit,
  priceSession,
  priceSplit,
  roundMoney,
  splitDetails,
  type EnergySplit,
  type MeterSample,
  type OrderAmounts,
} from '../../../domain/billing.js';
import { billingSpan, type BillingSpan } from '../../../domain/clock.js';
import { ENERGY_REGISTER } from '../../../domain/meter.js';
import { pricedReading } from './energy-split.js';
import { tariffOfStation } from './tariff.js';

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
  serverStartTime: Date;
  serverStopTime: Date;
}

export interface OrderPrice extends OrderAmounts {
  breakdown: Record<string, unknown>;
  /** CHARGER_CLOCK / STOP_BEFORE_START when the session was placed at server times. */
  flags: BillingSpan['flags'];
}

/** Sampled energy readings of a transaction in Wh (exact decimal strings), in time order (then storage order). */
export async function energySamples(db: Db, chargerId: number, transactionId: number): Promise<MeterSample[]> {
  const rows = await db
    .select({ at: meterValue.timestamp, measurand: meterValue.measurand, value: meterValue.value, unit: meterValue.unit, phase: meterValue.phase })
    .from(meterValue)
    .where(and(eq(meterValue.chargerId, chargerId), eq(meterValue.transactionId, transactionId), eq(meterValue.measurand, ENERGY_REGISTER)))
    .orderBy(asc(meterValue.timestamp), asc(meterValue.id));
  return rows.flatMap((r) => pricedReading(r) ?? []);
}

/**
 * The running split of an order as the Stop's transaction found it (null when none was kept), and
 * the readings the Stop itself added (StopTransaction.transactionData, priced readings).
 */
export interface SplitSoFar {
  split: EnergySplit | null;
  added: readonly MeterSample[];
}

/** Prices an order (amounts rounded to the currency's minor unit, decimal strings). */
export async function priceFinishedOrder(db: Db, o: OrderToPrice, soFar?: SplitSoFar): Promise<OrderPrice> {
  const span = billingSpan({ chargerStart: o.chargerStartTime, chargerStop: o.chargerStopTime, serverStart: o.serverStartTime, serverStop: o.serverStopTime });
  const st = await tariffOfStation(db, o.stationId);
  if (!st) {
    const zero = roundMoney(0, o.currency);
    return {
      currency: o.currency,
      electricityFee: zero,
      serviceFee: zero,
      taxAmount: zero,
      cost: zero,
      totalAmount: zero,
      breakdown: { rule: 'NO_TEMPLATE', clock: span.clock },
      flags: span.flags,
    };
  }
  const start = new Decimal(o.meterStart);
  const stop = Decimal.max(o.meterStop, o.meterStart);
  // On the charger's clock: readings inside the session only, bracketed by the start and stop registers.
  const inside = (s: MeterSample) => s.at.getTime() > span.start.getTime() && s.at.getTime() < span.stop.getTime() && start.lte(s.wh) && stop.gte(s.wh);
  const first: MeterSample = { at: span.start, wh: start.toString() };
  const last: MeterSample = { at: span.stop, wh: stop.toString() };
  // The running split, when it stands for exactly these readings: bounded work whatever the session's length.
  const running = span.clock === 'CHARGER' && soFar?.split ? extendSplit(soFar.split, soFar.added.filter(inside), splitDetails(st.tariff), st.timeZone) : null;
  const p =
    (running && priceSplit(st.tariff, running, first, last, st.timeZone)) ??
    priceSession(
      st.tariff,
      [first, ...(span.clock === 'SERVER' ? [] : (await energySamples(db, o.chargerId, o.transactionId)).filter(inside)), last],
      st.timeZone,
    );
  return {
    currency: p.currency,
    electricityFee: p.electricityFee,
    serviceFee: p.serviceFee,
    taxAmount: p.taxAmount,
    cost: p.cost,
    totalAmount: p.totalAmount,
    breakdown: {
      rule: 'TARIFF',
      templateId: st.templateId,
      modelName: st.modelName,
      clock: span.clock,
      pricedFrom: span.start.toISOString(),
      pricedTo: span.stop.toISOString(),
      ...p.breakdown,
    },
    flags: span.flags,
  };
}
