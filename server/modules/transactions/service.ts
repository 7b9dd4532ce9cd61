/**
 * OCPP transactions as orders (DESIGN.md §4 "order", §6 "Transactions").
 * - `startTransaction`: every StartTransaction becomes one `charge_order`, also when the idTag is
 *   refused (the order keeps `idTagStatus`, so it is flagged). The row is written before the
 *   charger gets its answer. A retried Start (same charger, connector, idTag, charger timestamp)
 *   finds the row through the unique index `charge_order_start_key` and returns the same
 *   transactionId. transactionIds are random positive int32 values, not sequential.
 * - `recordMeterValues`: every sampled value is kept, late and out-of-order ones too; an energy
 *   register lower than the previous reading is reported to the caller.
 * - `stopTransaction`: honoured only for a transaction of the same charger that is still
 *   CHARGING; a retried Stop changes nothing, so an order is priced once.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.js';
import { chargeOrder, company, meterValue } from '../../db/schema.js';
import { checkIdTag, type IdTagStatus } from './id-tag.js';
import { priceOrder } from './pricing.js';

/** The charger a message came from (from the connection's session). */
export interface TxCharger {
  id: number;
  serialNum: string;
  companyCode: string;
  stationId: number | null;
}

/** One OCPP 1.6 SampledValue. */
export interface SampledValue {
  value: string;
  context?: string;
  format?: string;
  measurand?: string;
  phase?: string;
  location?: string;
  unit?: string;
}

/** One OCPP 1.6 MeterValue: a timestamp (ISO) and its sampled values. */
export interface MeterValueSet {
  timestamp: string;
  sampledValue: SampledValue[];
}

export const ENERGY_REGISTER = 'Energy.Active.Import.Register';

/** Random, positive int32 transactionId (never 0). */
function newTransactionId(): number {
  return randomInt(1, 2 ** 31 - 1);
}

/** `CD` + yyyymmdd (UTC) + 8 random digits. */
function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `CD${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Energy in kWh with 3 decimals from two Wh readings; never negative. */
export function energyKwh(meterStartWh: number, meterStopWh: number): string {
  const wh = Decimal.max(0, new Decimal(meterStopWh).minus(meterStartWh));
  return wh.div(1000).toFixed(3);
}

/** A register reading in Wh (kWh readings are converted); null when not a number. */
export function registerWh(v: SampledValue): number | null {
  const n = Number(v.value);
  if (!Number.isFinite(n)) return null;
  return v.unit === 'kWh' ? n * 1000 : n;
}

export interface StartInput {
  connectorId: number;
  idTag: string;
  /** Wh. */
  meterStart: number;
  /** Charger time (StartTransaction.timestamp). */
  timestamp: Date;
  reservationId?: number;
}

export interface StartResult {
  transactionId: number;
  idTagStatus: IdTagStatus;
  orderId: number;
  /** False when this Start was a retry of an order already stored. */
  created: boolean;
}

/** Persists a StartTransaction as an order and returns what to answer. */
export async function startTransaction(db: Db, charger: TxCharger, input: StartInput): Promise<StartResult> {
  const verdict = await checkIdTag(db, input.idTag, charger);
  const [co] = await db.select({ currency: company.currency }).from(company).where(eq(company.code, charger.companyCode)).limit(1);
  const currency = co?.currency ?? 'NO_CURRENCY';
  for (let attempt = 0; attempt < 8; attempt++) {
    const now = new Date();
    const [row] = await db.insert(chargeOrder).values({
      orderNo: newOrderNo(now),
      companyCode: charger.companyCode,
      stationId: charger.stationId,
      chargerId: charger.id,
      chargerSn: charger.serialNum,
      connectorId: input.connectorId,
      transactionId: newTransactionId(),
      idTag: input.idTag,
      idTagStatus: verdict.status,
      userType: verdict.userType,
      cardUserId: verdict.cardUserId,
      appUserId: verdict.appUserId,
      chargerStartTime: input.timestamp,
      serverStartTime: now,
      meterStart: input.meterStart,
      status: 'CHARGING',
      currency,
    }).onConflictDoNothing().returning({ id: chargeOrder.id, transactionId: chargeOrder.transactionId });
    if (row) return { transactionId: row.transactionId, idTagStatus: verdict.status, orderId: row.id, created: true };
    // Either a retried Start (same start key) or a collision of the random transactionId/orderNo.
    const [existing] = await db.select({ id: chargeOrder.id, transactionId: chargeOrder.transactionId, idTagStatus: chargeOrder.idTagStatus })
      .from(chargeOrder)
      .where(and(
        eq(chargeOrder.chargerId, charger.id),
        eq(chargeOrder.connectorId, input.connectorId),
        eq(chargeOrder.idTag, input.idTag),
        eq(chargeOrder.chargerStartTime, input.timestamp),
      )).limit(1);
    if (existing) {
      return { transactionId: existing.transactionId, idTagStatus: existing.idTagStatus as IdTagStatus, orderId: existing.id, created: false };
    }
  }
  throw new Error('could not allocate a transactionId');
}

export interface MeterResult {
  stored: number;
  /** The order whose running energy was raised by these readings, if any. */
  orderId: number | null;
  /** Register readings lower than the previous one of the same transaction (Wh). */
  regressions: { transactionId: number; previousWh: number; readingWh: number; timestamp: string }[];
}

/** Stores every sampled value of `sets` (MeterValues or StopTransaction.transactionData). */
export async function recordMeterValues(db: Db, charger: TxCharger, connectorId: number, transactionId: number | null, sets: MeterValueSet[]): Promise<MeterResult> {
  const rows: (typeof meterValue.$inferInsert)[] = [];
  const regressions: MeterResult['regressions'] = [];
  for (const set of sets) {
    const at = new Date(set.timestamp);
    for (const v of set.sampledValue) {
      const measurand = v.measurand ?? ENERGY_REGISTER;
      rows.push({
        chargerId: charger.id, connectorId, transactionId, timestamp: at,
        measurand, value: v.value, unit: v.unit ?? null, phase: v.phase ?? null, context: v.context ?? null,
      });
      if (transactionId !== null && measurand === ENERGY_REGISTER && !v.phase) {
        const wh = registerWh(v);
        if (wh === null) continue;
        const [prev] = await db.select({ value: meterValue.value, unit: meterValue.unit }).from(meterValue)
          .where(and(eq(meterValue.transactionId, transactionId), eq(meterValue.measurand, ENERGY_REGISTER), lt(meterValue.timestamp, at)))
          .orderBy(desc(meterValue.timestamp)).limit(1);
        const prevWh = prev ? registerWh({ value: prev.value, unit: prev.unit ?? undefined }) : null;
        if (prevWh !== null && wh < prevWh) regressions.push({ transactionId, previousWh: prevWh, readingWh: wh, timestamp: set.timestamp });
      }
    }
  }
  if (rows.length) await db.insert(meterValue).values(rows);
  const orderId = transactionId === null ? null : await raiseRunningEnergy(db, charger, transactionId, rows);
  return { stored: rows.length, regressions, orderId };
}

/**
 * Keeps `energy_kwh` of a CHARGING order of this charger current while it charges (the highest
 * register reading − meterStart), so that the console shows live energy. Never lowers it.
 */
async function raiseRunningEnergy(db: Db, charger: TxCharger, transactionId: number, rows: (typeof meterValue.$inferInsert)[]): Promise<number | null> {
  let maxWh: number | null = null;
  for (const r of rows) {
    if (r.measurand !== ENERGY_REGISTER || r.phase) continue;
    const wh = registerWh({ value: r.value, unit: r.unit ?? undefined });
    if (wh !== null && (maxWh === null || wh > maxWh)) maxWh = wh;
  }
  if (maxWh === null) return null;
  const [order] = await db.select({ id: chargeOrder.id, meterStart: chargeOrder.meterStart, energyKwh: chargeOrder.energyKwh }).from(chargeOrder)
    .where(and(eq(chargeOrder.transactionId, transactionId), eq(chargeOrder.chargerId, charger.id), eq(chargeOrder.status, 'CHARGING'))).limit(1);
  if (!order) return null;
  const energy = energyKwh(order.meterStart, maxWh);
  if (new Decimal(energy).lte(order.energyKwh)) return null;
  await db.update(chargeOrder).set({ energyKwh: energy })
    .where(and(eq(chargeOrder.id, order.id), eq(chargeOrder.status, 'CHARGING'), lt(chargeOrder.energyKwh, energy)));
  return order.id;
}

export interface StopInput {
  transactionId: number;
  idTag?: string;
  /** Wh. */
  meterStop: number;
  /** Charger time (StopTransaction.timestamp). */
  timestamp: Date;
  reason?: string;
  transactionData?: MeterValueSet[];
}

export type StopOutcome =
  | { kind: 'finished'; orderId: number; energyKwh: string; connectorId: number }
  | { kind: 'duplicate'; orderId: number }
  | { kind: 'unknown' };

/**
 * Finishes the order of `transactionId` if it belongs to `charger` and is still CHARGING, in one
 * SQL transaction with its pricing. A retried Stop answers `duplicate` and changes nothing; a
 * transactionId of another charger (or none) answers `unknown`.
 */
export async function stopTransaction(db: Db, charger: TxCharger, input: StopInput): Promise<StopOutcome> {
  const [order] = await db.select().from(chargeOrder)
    .where(and(eq(chargeOrder.transactionId, input.transactionId), eq(chargeOrder.chargerId, charger.id))).limit(1);
  if (!order) return { kind: 'unknown' };
  if (order.status !== 'CHARGING') return { kind: 'duplicate', orderId: order.id };
  const energy = energyKwh(order.meterStart, input.meterStop);
  // The readings the charger sends with its Stop take part in the time-of-use split.
  if (input.transactionData?.length) {
    await recordMeterValues(db, charger, order.connectorId, input.transactionId, input.transactionData);
  }
  const finished = await db.transaction(async (tx) => {
    const [row] = await tx.update(chargeOrder).set({
      meterStop: input.meterStop,
      energyKwh: energy,
      chargerStopTime: input.timestamp,
      serverStopTime: new Date(),
      status: 'FINISHED',
      stopReason: input.reason ?? 'Local',
    }).where(and(eq(chargeOrder.id, order.id), eq(chargeOrder.status, 'CHARGING'))).returning({ id: chargeOrder.id });
    if (!row) return false;
    const priced = await priceOrder(tx as unknown as Db, {
      orderId: order.id, orderNo: order.orderNo, companyCode: order.companyCode, stationId: order.stationId,
      chargerId: order.chargerId, chargerSn: order.chargerSn, transactionId: order.transactionId,
      currency: order.currency, energyKwh: energy, meterStart: order.meterStart, meterStop: input.meterStop,
      chargerStartTime: order.chargerStartTime, chargerStopTime: input.timestamp,
      cardUserId: order.cardUserId, appUserId: order.appUserId, idTagStatus: order.idTagStatus,
    });
    await tx.update(chargeOrder).set({
      currency: priced.currency, electricityFee: priced.electricityFee, serviceFee: priced.serviceFee,
      taxAmount: priced.taxAmount, cost: priced.cost, totalAmount: priced.totalAmount, paid: priced.paid,
      breakdown: priced.breakdown,
    }).where(eq(chargeOrder.id, order.id));
    return true;
  });
  if (!finished) return { kind: 'duplicate', orderId: order.id };
  return { kind: 'finished', orderId: order.id, energyKwh: energy, connectorId: order.connectorId };
}
