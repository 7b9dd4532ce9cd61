/**
 * Orders (Operations → Orders, requirements §2, §3): the queries behind `GET /sp/order` (a filtered,
 * sorted page with the `totals` of every matching order, R2.18) and `GET /sp/order/{id}` (one
 * order with its meter values for the chart). Codes: 400 `id` unknown order (the catalogue has no
 * order-not-found code); 709 another company's order; 715 a bad time range (./filter.ts).
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { meterValueRecord, OrderTotals } from '../../../domain/entities/order.js';
import type { Db } from '../../db/client.js';
import { chargeOrder, meterValue } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, type PageQuery } from '../../http/paging.js';
import { assertInScope } from '../../http/scope.js';
import { orderConditions, orderSort, type OrderFilter } from './filter.js';
import { orderIdQuery, orderQuery, toOrderRecord } from './mapper.js';

/** The order record of the list, the show page, the exports and the invoice. */
export type OrderRecord = ReturnType<typeof toOrderRecord>;
import { orderTotalsOf } from './totals.js';

/** Measurands returned with an order for its chart. */
export const CHART_MEASURANDS = ['Energy.Active.Import.Register', 'Power.Active.Import'];
/** At most this many meter values come with one order. */
const METER_VALUE_LIMIT = 5000;

/** GET /sp/order: one page of the orders matching `q`, and the totals of all of them. */
export async function listOrders(
  db: Db,
  auth: AuthContext,
  q: OrderFilter & PageQuery,
): Promise<{ records: OrderRecord[]; total: number; totals: OrderTotals }> {
  const where = orderConditions(auth, q);
  const { limit, offset } = limitOffset(q);
  const rows = await orderQuery(db)
    .where(where)
    .orderBy(...orderSort(q))
    .limit(limit)
    .offset(offset);
  // Filters only touch the order table: the totals need no joins.
  const totals = await orderTotalsOf(db, where);
  const now = new Date();
  return { records: rows.map((x) => toOrderRecord(x, now)), total: totals.count, totals };
}

/** Order `id` as the caller may read it: unknown → 400 `id`; another company's → 709. */
async function readableOrder(db: Db, auth: AuthContext, id: number) {
  const [row] = await orderQuery(db).where(eq(chargeOrder.id, id)).limit(1);
  if (!row) throw new AppError(400, 'id');
  assertInScope(auth, chargeOrder, row.o, 'read');
  return row;
}

/** Order `id` as the caller may read it (the invoice's order): unknown → 400 `id`; another company's → 709. */
export async function getOrder(db: Db, auth: AuthContext, id: number): Promise<OrderRecord> {
  return toOrderRecord(await readableOrder(db, auth, id));
}

/** GET /sp/order/{id}: the order and its chart's meter values (energy register and power), oldest first. */
export async function getOrderWithMeterValues(
  db: Db,
  auth: AuthContext,
  id: number,
): Promise<OrderRecord & { meterValues: z.infer<typeof meterValueRecord>[] }> {
  const row = await readableOrder(db, auth, id);
  const values = await db
    .select({ timestamp: meterValue.timestamp, measurand: meterValue.measurand, value: meterValue.value, unit: meterValue.unit })
    .from(meterValue)
    .where(and(eq(meterValue.transactionId, row.o.transactionId), eq(meterValue.chargerId, row.o.chargerId), inArray(meterValue.measurand, CHART_MEASURANDS)))
    .orderBy(asc(meterValue.timestamp), asc(meterValue.id))
    .limit(METER_VALUE_LIMIT);
  return {
    ...toOrderRecord(row),
    meterValues: values.map((v) => ({ timestamp: v.timestamp.toISOString(), measurand: v.measurand, value: v.value, unit: v.unit })),
  };
}

/** The `limit` latest orders matching `where` (by charger start time, then id). */
export async function latestOrders(db: Db, where: SQL | undefined, limit: number): Promise<OrderRecord[]> {
  const rows = await orderQuery(db).where(where).orderBy(desc(chargeOrder.chargerStartTime), desc(chargeOrder.id)).limit(limit);
  const now = new Date();
  return rows.map((r) => toOrderRecord(r, now));
}

/** How many orders match `where` (list conditions touch the order table alone). */
export async function countOrders(db: Db, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(chargeOrder).where(where);
  return total;
}

/**
 * Yields the order records matching `where` in the list's order (`sort`), `limit` in all,
 * `pageRows` at a time (the streaming exports): the ordered ids are read once (one sorted scan,
 * whatever the sort), then each page by id — an OFFSET per page would sort and skip ever more
 * rows. An order deleted in between is skipped.
 */
export async function* orderPages(
  db: Db,
  where: SQL | undefined,
  sort: { sort?: string; order?: string },
  limit: number,
  pageRows: number,
): AsyncGenerator<OrderRecord[]> {
  const ids = (
    await orderIdQuery(db)
      .where(where)
      .orderBy(...orderSort(sort))
      .limit(limit)
  ).map((r) => r.id);
  const now = new Date();
  for (let i = 0; i < ids.length; i += pageRows) {
    const chunk = ids.slice(i, i + pageRows);
    const rows = new Map((await orderQuery(db).where(inArray(chargeOrder.id, chunk))).map((r) => [r.o.id, r]));
    const page: OrderRecord[] = [];
    for (const id of chunk) {
      const row = rows.get(id);
      if (row) page.push(toOrderRecord(row, now));
    }
    yield page;
  }
}
