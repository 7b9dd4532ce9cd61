/**
 * OCPP transactions as orders (requirements §12 "order", §6 "Transactions").
 * - `startTransaction`: every StartTransaction becomes one `charge_order`, also when the idTag is
 *   refused (the order keeps `idTagStatus`, so it is flagged). The row is written before the
 *   charger gets its answer. A retried Start (same charger, connector, idTag, charger timestamp)
 *   finds the row through the unique index `charge_order_start_key` and returns the same
 *   transactionId. transactionIds are random positive int32 values, not sequential. At most one
 *   order per connector is open (partial unique index `charge_order_open_connector`): a new Start
 *   on a busy connector first closes the stale order from its last reading, flagged SUPERSEDED.
 *   A Start dated outside the plausible clock window is flagged CHARGER_CLOCK.
 * - `recordMeterValues`: every sampled value is kept, late and out-of-order ones too, in one SQL
 *   transaction with the running energy; an energy register lower than the previous reading is
 *   reported to the caller.
 * - `stopTransaction`: honoured only for a transaction of the same charger. An order still
 *   CHARGING is finished and priced; one closed by hand (or superseded, or closed as stale) is
 *   reconciled once with the charger's figures (`./reconcile.ts`); a retried Stop changes nothing.
 * - `closeStaleOrder`: after a reboot, a connector reported free closes its open order.
 * - a Start the charger dropped (connector free, no meter value, no Stop) is closed by
 *   `./dropped-start.ts` through the same `closeOpenOrderOf`.
 * Register values outside [0, MAX_REGISTER_WH] (domain/meter.ts) in a Start or MeterValues, and
 * implausible current or power samples in a MeterValues (`sampleInRange`), throw
 * {@link MeterRangeError} before anything is written; a Stop with one still ends the order from
 * its last good reading, flagged METER_OUT_OF_RANGE (its implausible samples are left out).
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.js';
import type { MeterValueSet } from '../../ocpp/messages.js';
import { charger as chargerTable, chargeOrder, company, meterValue } from '../../db/schema.js';
import { plausibleChargerTime } from '../../../domain/clock.js';
import type { OrderFlag } from '../../../domain/enums.js';
import { ENERGY_REGISTER, energyKwh, registerInRange, registerWh, sampleInRange } from '../../../domain/meter.js';
import { checkIdTag, type IdTagStatus } from './id-tag.js';
import { finishOrder, type OrderRow, type SessionEnd } from './pricing.js';
import { reconcileLateStop } from './reconcile.js';
import { forgetSplit, pricedReading, rememberSplit, splitChange } from '../billing/index.js';
import { groupCommitOf } from './group-commit.js';
import { storeMeterGroup } from './meter-group.js';
import { startSplit } from '../../../domain/billing.js';
import { orderNumber } from '../../../domain/order-number.js';

/** The charger a message came from (from the connection's session). */
export interface TxCharger {
  id: number;
  serialNum: string;
  companyCode: string;
  stationId: number | null;
}

/**
 * A register value (or a timestamp) a charger sent that cannot be a real reading; nothing of the
 * message was stored. The OCPP handlers answer it with CALLERROR PropertyConstraintViolation.
 */
export class MeterRangeError extends Error {
  constructor(
    readonly field: string,
    readonly value: unknown,
  ) {
    super(`${field} out of range: ${String(value)}`);
  }
}

/** Random, positive int32 transactionId (never 0). */
function newTransactionId(): number {
  return randomInt(1, 2 ** 31 - 1);
}

/** `CD` + yyyymmdd (UTC) + 8 random digits (domain/order-number.ts). */
function newOrderNo(now: Date): string {
  return orderNumber(now, randomInt(0, 100_000_000));
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
  /** The idTag's expiry (IdTagInfo.expiryDate), when it has one; not looked up again for a retried Start. */
  expiryDate: Date | null;
  orderId: number;
  /** False when this Start was a retry of an order already stored. */
  created: boolean;
  /** The stale order of the same connector this Start closed, if any. */
  supersededOrderId: number | null;
}

/** The order a retried Start names (same charger, connector, idTag and charger timestamp). */
async function startedBefore(db: Db, chargerId: number, input: StartInput) {
  const [existing] = await db
    .select({ id: chargeOrder.id, transactionId: chargeOrder.transactionId, idTagStatus: chargeOrder.idTagStatus })
    .from(chargeOrder)
    .where(
      and(
        eq(chargeOrder.chargerId, chargerId),
        eq(chargeOrder.connectorId, input.connectorId),
        eq(chargeOrder.idTag, input.idTag),
        eq(chargeOrder.chargerStartTime, input.timestamp),
      ),
    )
    .limit(1);
  return existing;
}

/**
 * Persists a StartTransaction as an order and returns what to answer.
 * @throws MeterRangeError when meterStart is not a plausible register (nothing stored).
 */
export async function startTransaction(db: Db, charger: TxCharger, input: StartInput, receivedAt: Date = new Date()): Promise<StartResult> {
  if (!registerInRange(input.meterStart)) throw new MeterRangeError('meterStart', input.meterStart);
  const clock = plausibleChargerTime(input.timestamp, receivedAt);
  if (!Number.isFinite(input.timestamp.getTime())) throw new MeterRangeError('timestamp', input.timestamp);
  const retried = await startedBefore(db, charger.id, input);
  if (retried) {
    return {
      transactionId: retried.transactionId,
      idTagStatus: retried.idTagStatus as IdTagStatus,
      expiryDate: null,
      orderId: retried.id,
      created: false,
      supersededOrderId: null,
    };
  }
  const verdict = await checkIdTag(db, input.idTag, charger, { chargerId: charger.id, connectorId: input.connectorId });
  const [co] = await db.select({ currency: company.currency }).from(company).where(eq(company.code, charger.companyCode)).limit(1);
  const currency = co?.currency ?? 'NO_CURRENCY';
  const started = await db.transaction(async (tx): Promise<StartResult> => {
    // Starts of one charger are serialised on its row, so the connector check below is not raced.
    await tx.select({ id: chargerTable.id }).from(chargerTable).where(eq(chargerTable.id, charger.id)).for('update');
    const again = await startedBefore(tx as unknown as Db, charger.id, input);
    if (again)
      return {
        transactionId: again.transactionId,
        idTagStatus: again.idTagStatus as IdTagStatus,
        expiryDate: null,
        orderId: again.id,
        created: false,
        supersededOrderId: null,
      };
    const supersededOrderId = await closeOpenOrderOf(tx as unknown as Db, charger.id, input.connectorId, receivedAt, 'Superseded', 'SUPERSEDED');
    for (let attempt = 0; attempt < 8; attempt++) {
      const [row] = await tx
        .insert(chargeOrder)
        .values({
          orderNo: newOrderNo(receivedAt),
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
          serverStartTime: receivedAt,
          meterStart: input.meterStart,
          status: 'CHARGING',
          currency,
          flags: clock.plausible ? [] : ['CHARGER_CLOCK'],
          energySplit: startSplit({ at: input.timestamp, wh: input.meterStart }),
        })
        .onConflictDoNothing()
        .returning({ id: chargeOrder.id, transactionId: chargeOrder.transactionId });
      // No row: a collision of the random transactionId / orderNo; draw again.
      if (row)
        return {
          transactionId: row.transactionId,
          idTagStatus: verdict.status,
          expiryDate: verdict.expiryDate,
          orderId: row.id,
          created: true,
          supersededOrderId,
        };
    }
    throw new Error('could not allocate a transactionId');
  });
  if (started.created)
    rememberSplit(db, charger.id, started.transactionId, {
      orderId: started.orderId,
      stationId: charger.stationId,
      split: startSplit({ at: input.timestamp, wh: input.meterStart }),
    });
  return started;
}

/** The last in-range energy register reading (Wh) of a transaction and its time, or null. */
export async function lastRegister(db: Db, chargerId: number, transactionId: number): Promise<{ wh: Decimal; at: Date } | null> {
  const rows = await db
    .select({ value: meterValue.value, unit: meterValue.unit, at: meterValue.timestamp })
    .from(meterValue)
    .where(
      and(
        eq(meterValue.transactionId, transactionId),
        eq(meterValue.chargerId, chargerId),
        eq(meterValue.measurand, ENERGY_REGISTER),
        isNull(meterValue.phase),
      ),
    )
    .orderBy(desc(meterValue.timestamp), desc(meterValue.id))
    .limit(20);
  for (const r of rows) {
    const wh = registerWh(r);
    if (wh !== null && registerInRange(wh)) return { wh, at: r.at };
  }
  return null;
}

/**
 * How a session ends when its charger will not say: at its last register reading (rounded to a
 * whole Wh, never below meterStart) and that reading's time, or at meterStart and `now`.
 */
export async function endFromLastReading(db: Db, order: OrderRow, now: Date): Promise<SessionEnd> {
  const last = await lastRegister(db, order.chargerId, order.transactionId);
  const meterStop = last ? Decimal.max(last.wh.toDecimalPlaces(0, Decimal.ROUND_HALF_UP), order.meterStart).toNumber() : order.meterStart;
  const chargerStopTime = last && last.at.getTime() >= order.chargerStartTime.getTime() ? last.at : now;
  return { meterStop, chargerStopTime, serverStopTime: now };
}

/**
 * Closes the open order of (charger, connector), if any, from its last reading within `tx`:
 * status CLOSED with `stopReason` and `flag`. `olderThan` limits it to an order started (server
 * time) before that; `closable`, given the locked order, may decline. Returns the closed order's
 * id, or null.
 */
export async function closeOpenOrderOf(
  tx: Db,
  chargerId: number,
  connectorId: number,
  now: Date,
  stopReason: string,
  flag: OrderFlag,
  olderThan?: Date,
  closable?: (open: OrderRow) => Promise<boolean>,
): Promise<number | null> {
  const [open] = await tx
    .select()
    .from(chargeOrder)
    .where(
      and(
        eq(chargeOrder.chargerId, chargerId),
        eq(chargeOrder.connectorId, connectorId),
        eq(chargeOrder.status, 'CHARGING'),
        ...(olderThan ? [lt(chargeOrder.serverStartTime, olderThan)] : []),
      ),
    )
    .limit(1)
    .for('update');
  if (!open || (closable && !(await closable(open)))) return null;
  const end = await endFromLastReading(tx, open, now);
  const done = await finishOrder(tx, open, { ...end, status: 'CLOSED', stopReason, flags: [flag] });
  return done ? open.id : null;
}

/**
 * After a reboot (charger.boot_at), a StatusNotification showing `connectorId` Available closes
 * the order left open on it by the session before the reboot, from its last reading, flagged
 * STALE_AFTER_REBOOT. Returns the closed order's id, or null.
 */
export async function closeStaleOrder(db: Db, chargerId: number, connectorId: number, now: Date = new Date()): Promise<number | null> {
  const [c] = await db.select({ bootAt: chargerTable.bootAt }).from(chargerTable).where(eq(chargerTable.id, chargerId)).limit(1);
  if (!c?.bootAt) return null;
  const bootAt = c.bootAt;
  const [open] = await db
    .select({ id: chargeOrder.id })
    .from(chargeOrder)
    .where(
      and(
        eq(chargeOrder.chargerId, chargerId),
        eq(chargeOrder.connectorId, connectorId),
        eq(chargeOrder.status, 'CHARGING'),
        lt(chargeOrder.serverStartTime, bootAt),
      ),
    )
    .limit(1);
  if (!open) return null;
  return db.transaction((tx) => closeOpenOrderOf(tx as unknown as Db, chargerId, connectorId, now, 'StaleAfterReboot', 'STALE_AFTER_REBOOT', bootAt));
}

export interface MeterResult {
  stored: number;
  /** The order whose running energy was raised by these readings, if any. */
  orderId: number | null;
  /** That order's running energy now (kWh, decimal string), with orderId. */
  energyKwh?: string | null;
  /** Register readings lower than the previous one of the same transaction (Wh). */
  regressions: { transactionId: number; previousWh: number; readingWh: number; timestamp: string }[];
}

/**
 * Checks a set of meter values before anything is stored: every timestamp parses, every energy
 * register that is a number lies in [0, MAX_REGISTER_WH], and every current and power sample is a
 * plausible plain decimal (domain/meter.ts `sampleInRange`; requirements R12.41).
 * @throws MeterRangeError naming the first offending field.
 */
export function checkMeterValues(sets: readonly MeterValueSet[]): void {
  for (const set of sets) {
    if (!Number.isFinite(new Date(set.timestamp).getTime())) throw new MeterRangeError('timestamp', set.timestamp);
    for (const v of set.sampledValue) {
      if ((v.measurand ?? ENERGY_REGISTER) !== ENERGY_REGISTER) {
        if (!sampleInRange(v)) throw new MeterRangeError('sampledValue.value', v.value);
        continue;
      }
      const wh = registerWh(v);
      if (wh !== null && !registerInRange(wh)) throw new MeterRangeError('sampledValue.value', v.value);
    }
  }
}

/** The meter_value rows of `sets`. */
function meterRows(charger: TxCharger, connectorId: number, transactionId: number | null, sets: readonly MeterValueSet[]): (typeof meterValue.$inferInsert)[] {
  return sets.flatMap((set) =>
    set.sampledValue.map((v) => ({
      chargerId: charger.id,
      connectorId,
      transactionId,
      timestamp: new Date(set.timestamp),
      measurand: v.measurand ?? ENERGY_REGISTER,
      value: v.value,
      unit: v.unit ?? null,
      phase: v.phase ?? null,
      context: v.context ?? null,
    })),
  );
}

/**
 * Stores every sampled value of `sets` (MeterValues), checks each energy register against the
 * transaction's previous stored reading, raises the running order's energy and takes the readings
 * into its running energy split (../billing/energy-split.ts), in ONE SQL statement, committed in a
 * group with the other meter values of the moment (./group-commit.ts) (one round trip, one implicit transaction: a retried message after a failure stores
 * nothing twice; the previous readings are read in the statement's snapshot, before its own rows).
 * The order's `energy_kwh` is computed by the database from its meterStart as
 * round((highest register − meterStart) / 1000, 3), the rule of domain/meter.ts `energyKwh`.
 * @throws MeterRangeError (nothing stored) for an out-of-range register or an unparsable time.
 */
export async function recordMeterValues(
  db: Db,
  charger: TxCharger,
  connectorId: number,
  transactionId: number | null,
  sets: MeterValueSet[],
): Promise<MeterResult> {
  checkMeterValues(sets);
  const rows = meterRows(charger, connectorId, transactionId, sets);
  if (!rows.length) return { stored: 0, regressions: [], orderId: null, energyKwh: null };
  // The energy registers of the message (no phase): checked against earlier readings, the highest raises the order.
  const registers: { at: Date; wh: Decimal }[] = [];
  if (transactionId !== null) {
    for (const r of rows) {
      if (r.measurand !== ENERGY_REGISTER || r.phase) continue;
      const wh = registerWh(r);
      if (wh !== null) registers.push({ at: r.timestamp as Date, wh });
    }
  }
  const maxWh = registers.reduce<Decimal | null>((m, r) => (m === null || r.wh.gt(m) ? r.wh : m), null);
  // The order's running energy split takes the message's readings in (compare-and-set: see ../billing/energy-split.ts).
  const change =
    transactionId === null
      ? null
      : await splitChange(
          db,
          charger.id,
          transactionId,
          rows.flatMap((r) => pricedReading({ ...r, at: r.timestamp as Date, unit: r.unit ?? null, phase: r.phase ?? null }) ?? []),
        );
  // Stored with the other chargers' meter values of the moment in one statement (./meter-group.ts), answered after its commit.
  const out = await groupCommitOf(db, storeMeterGroup)
    .run({
      key: charger.id,
      transactionId,
      maxWh: maxWh === null ? null : maxWh.toFixed(),
      change,
      registerTimes: registers.map((r) => r.at.toISOString()),
      rows: rows.map((r) => ({
        chargerId: r.chargerId,
        connectorId: r.connectorId,
        transactionId: r.transactionId ?? null,
        timestamp: (r.timestamp as Date).toISOString(),
        measurand: r.measurand ?? ENERGY_REGISTER,
        value: r.value,
        unit: r.unit ?? null,
        phase: r.phase ?? null,
        context: r.context ?? null,
      })),
    })
    .catch((err: unknown) => {
      if (transactionId !== null) forgetSplit(db, charger.id, transactionId);
      throw err;
    });
  // The stored split was not the one this node computed from (or it is gone): read it afresh next time.
  if (change && out.kept !== true) forgetSplit(db, charger.id, transactionId!);
  const regressions: MeterResult['regressions'] = [];
  for (const [i, value, unit] of out.prev) {
    const prevWh = registerWh({ value, unit });
    const r = registers[i];
    if (prevWh !== null && r.wh.lt(prevWh))
      regressions.push({ transactionId: transactionId!, previousWh: prevWh.toNumber(), readingWh: r.wh.toNumber(), timestamp: r.at.toISOString() });
  }
  return { stored: rows.length, regressions, orderId: out.orderId, energyKwh: out.orderId === null ? null : out.energyKwh };
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
  | { kind: 'reconciled'; orderId: number; connectorId: number }
  | { kind: 'duplicate'; orderId: number }
  | { kind: 'unknown' };

/**
 * Ends the order of `transactionId` if it belongs to `charger`, in one SQL transaction with its
 * meter values and pricing: a CHARGING order is finished; an order closed without its Stop
 * (by hand, superseded, stale) is reconciled once with the charger's figures; a retried Stop
 * answers `duplicate` and changes nothing; a transactionId of another charger (or none) answers
 * `unknown`. A meterStop out of range (or below meterStart) ends the order from its last good
 * reading, flagged METER_OUT_OF_RANGE; a transactionData register out of range is stored as text
 * and never priced; an implausible transactionData current or power sample is not stored.
 */
export async function stopTransaction(db: Db, charger: TxCharger, input: StopInput, receivedAt: Date = new Date()): Promise<StopOutcome> {
  const [order] = await db
    .select()
    .from(chargeOrder)
    .where(and(eq(chargeOrder.transactionId, input.transactionId), eq(chargeOrder.chargerId, charger.id)))
    .limit(1);
  if (!order) return { kind: 'unknown' };
  if (order.status !== 'CHARGING' && (order.status !== 'CLOSED' || order.flags.includes('LATE_STOP'))) return { kind: 'duplicate', orderId: order.id };
  // A Stop is never refused (the session would stay open): implausible current / power samples of
  // its transactionData are left out instead (domain/meter.ts `sampleInRange`).
  const sets = (input.transactionData ?? [])
    .filter((set) => Number.isFinite(new Date(set.timestamp).getTime()))
    .map((set) => (set.sampledValue.every(sampleInRange) ? set : { ...set, sampledValue: set.sampledValue.filter(sampleInRange) }));
  const rows = meterRows(charger, order.connectorId, input.transactionId, sets);
  const stopTime = Number.isFinite(input.timestamp.getTime()) ? input.timestamp : receivedAt;
  const meterOk = registerInRange(input.meterStop) && input.meterStop >= order.meterStart;
  const outcome = await db
    .transaction(async (tx): Promise<StopOutcome> => {
      const t = tx as unknown as Db;
      if (order.status === 'CLOSED') {
        const reconciled = await reconcileLateStop(t, order, {
          meterStop: meterOk ? input.meterStop : (order.meterStop ?? order.meterStart),
          chargerStopTime: stopTime,
          serverStopTime: receivedAt,
          reason: input.reason ?? 'Local',
          rows,
          flags: meterOk ? [] : ['METER_OUT_OF_RANGE'],
        });
        return reconciled ? { kind: 'reconciled', orderId: order.id, connectorId: order.connectorId } : { kind: 'duplicate', orderId: order.id };
      }
      if (rows.length) await tx.insert(meterValue).values(rows);
      const end: SessionEnd = meterOk
        ? { meterStop: input.meterStop, chargerStopTime: stopTime, serverStopTime: receivedAt }
        : { ...(await endFromLastReading(t, order, receivedAt)), chargerStopTime: stopTime };
      const done = await finishOrder(t, order, {
        ...end,
        status: 'FINISHED',
        stopReason: input.reason ?? 'Local',
        flags: meterOk ? [] : ['METER_OUT_OF_RANGE'],
        added: rows.flatMap((r) => pricedReading({ ...r, at: r.timestamp as Date, unit: r.unit ?? null, phase: r.phase ?? null }) ?? []),
      });
      if (!done) throw new StopRaced();
      forgetSplit(db, charger.id, input.transactionId);
      return { kind: 'finished', orderId: order.id, energyKwh: energyKwh(order.meterStart, end.meterStop), connectorId: order.connectorId };
    })
    .catch((err: unknown) => {
      if (err instanceof StopRaced) return { kind: 'duplicate', orderId: order.id } as const;
      throw err;
    });
  return outcome;
}

/** Rolls back a Stop whose order another writer ended first (its meter values are not kept twice). */
class StopRaced extends Error {}
