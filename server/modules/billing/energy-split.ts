/**
 * The running energy split of open orders (requirements §12 "the Stop costs the same whatever the
 * session's length"): every MeterValues of a transaction takes its energy readings into the
 * order's `energy_split` (domain/billing.ts `EnergySplit`: kWh per time-of-use window so far), in
 * the statement that stores the readings, so the Stop prices from a handful of numbers instead of
 * walking the session's history inside its transaction.
 *
 * The split is only ever a shortcut: the Stop uses it when it stands for exactly the readings a
 * full-history pricing would see (domain/billing.ts `priceSplit`), otherwise it prices from the
 * readings with the same figures. It is written compare-and-set (the new value only replaces the
 * one it was computed from, else the split becomes null), so a stale copy here, two nodes or a
 * lost write can only cost speed, never money.
 *
 * What this module keeps in memory, per database handle: the split of each open transaction this
 * node saw last (one read of the order per session and node otherwise) and each station's tariff
 * for tariff.ts `TARIFF_TTL_MS` (a stale tariff makes a split whose windows the Stop's tariff does not
 * match: full-history pricing).
 */
import { and, eq } from 'drizzle-orm';
import { extendSplit, splitDetails, takenBySplit, type EnergySplit, type MeterSample } from '../../../domain/billing.js';
import { ENERGY_REGISTER, registerInRange, registerWh } from '../../../domain/meter.js';
import type { Db } from '../../db/client.js';
import { chargeOrder } from '../../db/schema.js';
import { recentTariffOfStation } from './tariff.js';

/** Open transactions whose split is remembered per database handle (the oldest go first). */
const MAX_REMEMBERED = 50_000;

/** A stored meter value as far as pricing is concerned. */
export interface StoredReading {
  at: Date;
  measurand: string;
  value: string;
  unit: string | null;
  phase: string | null;
}

/**
 * The reading pricing takes from a stored meter value: an energy register without a phase, as
 * exact Wh, within the register range; null for anything else. The one rule for the full-history
 * pricing and the running split.
 */
export function pricedReading(r: StoredReading): MeterSample | null {
  if (r.measurand !== ENERGY_REGISTER || r.phase) return null;
  const wh = registerWh(r);
  return wh !== null && registerInRange(wh) ? { at: r.at, wh: wh.toString() } : null;
}

/** What this node remembers of an open order's split. */
export interface OpenSplit {
  orderId: number;
  stationId: number | null;
  split: EnergySplit | null;
}

const remembered = new WeakMap<Db, Map<string, OpenSplit>>();

function openSplits(db: Db): Map<string, OpenSplit> {
  let m = remembered.get(db);
  if (!m) remembered.set(db, (m = new Map()));
  return m;
}

const keyOf = (chargerId: number, transactionId: number) => `${chargerId}:${transactionId}`;

/** A change of an order's split: write `next` where the stored split is still `prev`. */
export interface SplitChange {
  orderId: number;
  prev: EnergySplit;
  next: EnergySplit | null;
}

/**
 * The split of the open order of (charger, transaction) with `readings` (priced readings of one
 * MeterValues, in message order) taken in, to be written with them; null when nothing changes
 * (no open order, no split kept, no reading inside the session). Reads the order once per
 * session and node, the tariff once per tariff.ts `TARIFF_TTL_MS`.
 */
export async function splitChange(db: Db, chargerId: number, transactionId: number, readings: readonly MeterSample[]): Promise<SplitChange | null> {
  if (!readings.length) return null;
  const m = openSplits(db);
  const key = keyOf(chargerId, transactionId);
  let open = m.get(key);
  if (!open) {
    const [row] = await db
      .select({ id: chargeOrder.id, stationId: chargeOrder.stationId, split: chargeOrder.energySplit })
      .from(chargeOrder)
      .where(and(eq(chargeOrder.transactionId, transactionId), eq(chargeOrder.chargerId, chargerId), eq(chargeOrder.status, 'CHARGING')))
      .limit(1);
    if (!row) return null;
    open = { orderId: row.id, stationId: row.stationId, split: row.split ?? null };
    rememberSplit(db, chargerId, transactionId, open);
    open = m.get(key)!;
  }
  const prev = open.split;
  if (!prev) return null;
  const taken = takenBySplit(prev, readings);
  if (!taken.length) return null;
  const st = open.stationId === null ? undefined : await recentTariffOfStation(db, open.stationId);
  const details = st ? splitDetails(st.tariff) : [];
  const next = extendSplit(prev, taken, details, st?.timeZone ?? 'UTC');
  open.split = next;
  return { orderId: open.orderId, prev, next };
}

/** Remembers the split of a transaction just started on this node (its first MeterValues reads nothing). */
export function rememberSplit(db: Db, chargerId: number, transactionId: number, open: OpenSplit): void {
  const m = openSplits(db);
  if (m.size >= MAX_REMEMBERED) m.delete(m.keys().next().value!);
  m.set(keyOf(chargerId, transactionId), { ...open });
}

/** Forgets what this node remembers of a transaction's split (its write failed or was refused, or the session ended). */
export function forgetSplit(db: Db, chargerId: number, transactionId: number): void {
  remembered.get(db)?.delete(keyOf(chargerId, transactionId));
}
