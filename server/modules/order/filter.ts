/**
 * The order list's filter, sort and scoping (requirements §2 Operations → Orders, §5 "Time ranges"),
 * shared by `GET /sp/order` and every order export so that an export holds exactly the rows the
 * list shows for the same query string.
 */
import { and, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUSES, USER_TYPES } from '../../../domain/enums.js';
import { chargeOrder, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { booleanStrings, likeTerm, manyQuery, orderByOf, timeQuery, type SortMap } from '../../http/paging.js';
import { assertFilterInScope, scopeWhere } from '../../http/scope.js';
import { durationSecondsSql } from './mapper.js';
import { timeRangeError } from '../../../domain/time-range.js';
import { idFilter } from '../../../domain/entities/api.js';

/** The list filters of `GET /sp/order` (without paging): company, station, charger, status… */
export const orderFilterQuery = z.object({
  companyCode: z.string().max(64).optional(),
  stationId: idFilter,
  chargerSn: z.string().max(64).optional(),
  status: manyQuery.pipe(z.array(z.enum(ORDER_STATUSES))).optional(),
  paid: z.enum(booleanStrings).optional(),
  userType: z.enum(USER_TYPES).optional(),
  startTime: timeQuery.optional(),
  endTime: timeQuery.optional(),
  q: z.string().max(64).optional(),
});
export type OrderFilter = z.infer<typeof orderFilterQuery>;

/** Sortable fields of the order list (JSON field name → column). */
export const ORDER_SORTS: SortMap = {
  id: chargeOrder.id,
  orderNo: chargeOrder.orderNo,
  companyCode: chargeOrder.companyCode,
  stationId: chargeOrder.stationId,
  stationName: station.name,
  chargerSn: chargeOrder.chargerSn,
  connectorId: chargeOrder.connectorId,
  idTag: chargeOrder.idTag,
  userType: chargeOrder.userType,
  chargerStartTime: chargeOrder.chargerStartTime,
  chargerStopTime: chargeOrder.chargerStopTime,
  serverStartTime: chargeOrder.serverStartTime,
  serverStopTime: chargeOrder.serverStopTime,
  energyKwh: chargeOrder.energyKwh,
  durationSeconds: durationSecondsSql,
  status: chargeOrder.status,
  electricityFee: chargeOrder.electricityFee,
  serviceFee: chargeOrder.serviceFee,
  taxAmount: chargeOrder.taxAmount,
  cost: chargeOrder.cost,
  totalAmount: chargeOrder.totalAmount,
  paid: chargeOrder.paid,
  createTimeStamp: chargeOrder.createdAt,
};

/**
 * Requirements §5 time-range rule on a list's startTime/endTime (domain/time-range.ts: no end without a
 * start, no start in the future, no end after today, end not before start, at most `maxDays`):
 * throws 715 naming the field.
 */
export function checkTimeRange(start: Date | undefined, end: Date | undefined, now: Date = new Date(), maxDays?: number): void {
  const bad = timeRangeError(start, end, { now, maxDays });
  if (bad) throw new AppError(bad.code, bad.field);
}

/**
 * The WHERE condition of the order list for `auth` and the filters `q` (company-scoped). Throws
 * 709 when a company user names another company's `companyCode`, 715 for a bad time range. The
 * time range applies to the charger start time, both ends inclusive. Every condition is on
 * `charge_order` only, so a count needs no joins.
 */
export function orderConditions(auth: AuthContext, q: OrderFilter): SQL | undefined {
  assertFilterInScope(auth, q);
  checkTimeRange(q.startTime, q.endTime);
  // Station managers see the orders of their stations only (requirements §6).
  const conds: (SQL | undefined)[] = [scopeWhere(auth, chargeOrder)];
  if (q.companyCode) conds.push(eq(chargeOrder.companyCode, q.companyCode));
  if (q.stationId) conds.push(eq(chargeOrder.stationId, q.stationId));
  if (q.chargerSn) conds.push(eq(chargeOrder.chargerSn, q.chargerSn));
  if (q.status?.length) conds.push(inArray(chargeOrder.status, q.status));
  if (q.paid) conds.push(eq(chargeOrder.paid, q.paid === 'true'));
  if (q.userType) conds.push(eq(chargeOrder.userType, q.userType));
  if (q.startTime) conds.push(gte(chargeOrder.chargerStartTime, q.startTime));
  if (q.endTime) conds.push(lte(chargeOrder.chargerStartTime, q.endTime));
  const term = q.q?.trim();
  if (term) {
    const p = likeTerm(term);
    conds.push(or(ilike(chargeOrder.orderNo, p), ilike(chargeOrder.idTag, p), ilike(chargeOrder.chargerSn, p)));
  }
  return and(...conds);
}

/** The ORDER BY of the order list (default newest charger start first; 400 for an unknown sort). */
export function orderSort(q: { sort?: string; order?: string }): SQL[] {
  return orderByOf(q, ORDER_SORTS, { fallback: chargeOrder.chargerStartTime, order: 'desc', tieBreak: chargeOrder.id, tieOrder: 'same' });
}
