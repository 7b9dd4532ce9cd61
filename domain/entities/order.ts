/**
 * Order (requirements §3 "Order"): one charging session, its meter readings (Wh), energy (kWh, 3
 * decimals) and price (decimal strings in `currency`). Orders are written by the OCPP side; the
 * back office reads, exports and closes them. Record shape: docs/api.md "Orders".
 */
import { z } from 'zod';
import { decimal, int, isoTime, ofCompany, atStation } from './api.js';

export const orderRecord = z.object({
  id: int,
  orderNo: z.string(),
  ...ofCompany,
  ...atStation,
  chargerId: int,
  chargerSn: z.string(),
  connectorId: int,
  transactionId: int,
  idTag: z.string(),
  idTagStatus: z.string(),
  userType: z.string(),
  userName: z.string().nullable(),
  chargerStartTime: isoTime,
  chargerStopTime: isoTime.nullable(),
  serverStartTime: isoTime,
  serverStopTime: isoTime.nullable(),
  meterStart: z.number().describe('Wh'),
  meterStop: z.number().nullable().describe('Wh'),
  energyKwh: decimal,
  durationSeconds: int,
  status: z.string(),
  stopReason: z.string().nullable(),
  currency: z.string(),
  electricityFee: decimal,
  serviceFee: decimal,
  taxAmount: decimal,
  cost: decimal,
  totalAmount: decimal,
  paid: z.boolean(),
  breakdown: z.unknown(),
  /** ORDER_FLAGS of domain/enums.ts: CHARGER_CLOCK, STOP_BEFORE_START, SUPERSEDED, STALE_AFTER_REBOOT, METER_OUT_OF_RANGE, LATE_STOP, BALANCE_LIMIT, DROPPED_BY_CHARGER. */
  flags: z.array(z.string()),
});

export const meterValueRecord = z.object({
  timestamp: isoTime,
  measurand: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
});
/** An order as the API answers it (the console's order type). */
export type OrderRecord = z.infer<typeof orderRecord>;
export type MeterValueRecord = z.infer<typeof meterValueRecord>;

/** One order with its sampled meter values (`GET /sp/order/{id}`). */
export const orderDetail = orderRecord.extend({ meterValues: z.array(meterValueRecord) });
export type OrderDetail = z.infer<typeof orderDetail>;

/**
 * Totals of every order a list query matches, not only its page (requirements R2.18): the count,
 * the energy (kWh, 3 decimals) and the amount charged per currency (decimal strings, 2 decimals;
 * an administrator's list spans companies of several currencies, so amounts are never added across).
 */
export const orderTotals = z.object({
  count: int,
  energyKwh: decimal,
  revenue: z.array(z.object({ currency: z.string(), totalAmount: decimal, count: int })),
});
export type OrderTotals = z.infer<typeof orderTotals>;
