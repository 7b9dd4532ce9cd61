/**
 * The order record of the read API (row → JSON), shared by the order list, the order detail and
 * the dashboard's recent orders. Money fields are decimal strings in the order's `currency`;
 * energy is kWh with 3 decimals; meter readings are Wh; times ISO-8601 UTC.
 */
import { eq, sql } from 'drizzle-orm';
import { ORDER_UNANSWERED, type OrderRecord } from '../../../domain/entities/order.js';
import { storedJson, withoutKeys } from '../../../domain/entities/stored.js';
import type { Db } from '../../db/client.js';
import { appUser, cardUser, chargeOrder, company, station } from '../../db/schema.js';

/** Seconds between charger start and stop (now for an open order). */
export const durationSecondsSql = sql<number>`FLOOR(EXTRACT(EPOCH FROM (COALESCE(${chargeOrder.chargerStopTime}, now()) - ${chargeOrder.chargerStartTime})))::int`;

/** The person behind the idTag: card holder's name or app user's nickname. */
const userNameSql = sql<string | null>`COALESCE(NULLIF(TRIM(${cardUser.firstName} || ' ' || ${cardUser.lastName}), ''), ${appUser.nickname})`;

/** Selected fields of an order query (FROM charge_order + the joins of {@link orderQuery}). */
export const orderSelect = {
  o: chargeOrder,
  companyName: company.name,
  stationName: station.name,
  userName: userNameSql,
};

export interface OrderRow {
  o: typeof chargeOrder.$inferSelect;
  companyName: string | null;
  stationName: string | null;
  userName: string | null;
}

/** The order record of `GET /sp/order`, `GET /sp/order/:id` and the dashboard (domain/entities/order.ts). */
export type { OrderRecord };

/** SELECT … FROM charge_order LEFT JOIN company, station, card_user, app_user. */
export function orderQuery(db: Db) {
  return db
    .select(orderSelect)
    .from(chargeOrder)
    .leftJoin(company, eq(company.code, chargeOrder.companyCode))
    .leftJoin(station, eq(station.id, chargeOrder.stationId))
    .leftJoin(cardUser, eq(cardUser.id, chargeOrder.cardUserId))
    .leftJoin(appUser, eq(appUser.id, chargeOrder.appUserId));
}

/**
 * SELECT charge_order.id with the joins of {@link orderQuery}, so that the same filter and sort
 * apply (an export reads the ordered ids once, then the records by id).
 */
export function orderIdQuery(db: Db) {
  return db
    .select({ id: chargeOrder.id })
    .from(chargeOrder)
    .leftJoin(company, eq(company.code, chargeOrder.companyCode))
    .leftJoin(station, eq(station.id, chargeOrder.stationId))
    .leftJoin(cardUser, eq(cardUser.id, chargeOrder.cardUserId))
    .leftJoin(appUser, eq(appUser.id, chargeOrder.appUserId));
}

/**
 * Row → JSON (the one mapping of an order): the row as stored without the columns the API does not
 * answer (ORDER_UNANSWERED), the joined names and the duration. `now` closes the duration of an open order.
 */
export function toOrderRecord(row: OrderRow, now: Date = new Date()): OrderRecord {
  const o = row.o;
  const end = o.chargerStopTime ?? now;
  return {
    ...storedJson(withoutKeys(o, ORDER_UNANSWERED)),
    breakdown: o.breakdown ?? null,
    flags: o.flags ?? [],
    companyName: row.companyName,
    stationName: row.stationName,
    userName: row.userName,
    durationSeconds: Math.max(0, Math.floor((end.getTime() - o.chargerStartTime.getTime()) / 1000)),
  };
}
