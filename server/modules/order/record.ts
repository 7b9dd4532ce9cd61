/**
 * The order record of the read API (row → JSON), shared by the order list, the order detail and
 * the dashboard's recent orders. Money fields are decimal strings in the order's `currency`;
 * energy is kWh with 3 decimals; meter readings are Wh; times ISO-8601 UTC.
 */
import { eq, sql } from 'drizzle-orm';
import type { OrderAmounts } from '../../../domain/billing.js';
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

/** The order record of `GET /sp/order`, `GET /sp/order/:id` and the dashboard (its figures: {@link OrderAmounts}). */
export interface OrderRecord extends OrderAmounts {
  id: number;
  orderNo: string;
  companyCode: string;
  companyName: string | null;
  stationId: number | null;
  stationName: string | null;
  chargerId: number;
  chargerSn: string;
  connectorId: number;
  transactionId: number;
  idTag: string;
  idTagStatus: string;
  userType: string;
  userName: string | null;
  chargerStartTime: string;
  chargerStopTime: string | null;
  serverStartTime: string;
  serverStopTime: string | null;
  /** Meter register at start/stop, Wh. */
  meterStart: number;
  meterStop: number | null;
  energyKwh: string;
  durationSeconds: number;
  status: string;
  stopReason: string | null;
  paid: boolean;
  breakdown: unknown;
  /** What the figures rest on beyond the charger's word (ORDER_FLAGS of domain/enums.ts). */
  flags: string[];
}

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

/** Row → JSON (the one mapping of an order). `now` closes the duration of an open order. */
export function toOrderRecord(row: OrderRow, now: Date = new Date()): OrderRecord {
  const o = row.o;
  const end = o.chargerStopTime ?? now;
  return {
    id: o.id,
    orderNo: o.orderNo,
    companyCode: o.companyCode,
    companyName: row.companyName,
    stationId: o.stationId,
    stationName: row.stationName,
    chargerId: o.chargerId,
    chargerSn: o.chargerSn,
    connectorId: o.connectorId,
    transactionId: o.transactionId,
    idTag: o.idTag,
    idTagStatus: o.idTagStatus,
    userType: o.userType,
    userName: row.userName,
    chargerStartTime: o.chargerStartTime.toISOString(),
    chargerStopTime: o.chargerStopTime ? o.chargerStopTime.toISOString() : null,
    serverStartTime: o.serverStartTime.toISOString(),
    serverStopTime: o.serverStopTime ? o.serverStopTime.toISOString() : null,
    meterStart: o.meterStart,
    meterStop: o.meterStop,
    energyKwh: o.energyKwh,
    durationSeconds: Math.max(0, Math.floor((end.getTime() - o.chargerStartTime.getTime()) / 1000)),
    status: o.status,
    stopReason: o.stopReason,
    currency: o.currency,
    electricityFee: o.electricityFee,
    serviceFee: o.serviceFee,
    taxAmount: o.taxAmount,
    cost: o.cost,
    totalAmount: o.totalAmount,
    paid: o.paid,
    breakdown: o.breakdown ?? null,
    flags: o.flags ?? [],
  };
}
