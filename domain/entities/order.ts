/**
 * Order (requirements §3 "Order"): one charging session, its meter readings (Wh), energy (kWh, 3
 * decimals) and price (decimal strings in `currency`). Orders are written by the OCPP side; the
 * back office reads, exports and closes them. Record shape: docs/api.md "Orders".
 */
import { z } from 'zod';
import { chargeOrder } from '../../db/tables/orders.js';
import { decimal, int, isoTime, ofCompany, atStation } from './api.js';
import { storedRecord } from './stored.js';

/**
 * The columns of `charge_order` the read API does not answer: who the idTag belongs to (answered
 * as `userName`), the running energy split of an open order (internal to pricing) and the row's
 * creation time. Omitted from {@link orderRecord} and from the row by the server's mapper.
 */
export const ORDER_UNANSWERED = { cardUserId: true, appUserId: true, energySplit: true, createdAt: true } as const;

/**
 * An order as the API answers it: the row of `charge_order` (db/tables/orders.ts) without
 * {@link ORDER_UNANSWERED}, with the names of its company, station and user and its duration.
 */
export const orderRecord = storedRecord(chargeOrder)
  .omit(ORDER_UNANSWERED)
  .extend({
    meterStart: z.number().describe('Wh'),
    meterStop: z.number().nullable().describe('Wh'),
    breakdown: z.unknown(),
    /** ORDER_FLAGS of domain/enums.ts: CHARGER_CLOCK, STOP_BEFORE_START, SUPERSEDED, STALE_AFTER_REBOOT, METER_OUT_OF_RANGE, LATE_STOP, BALANCE_LIMIT, DROPPED_BY_CHARGER. */
    flags: z.array(z.string()),
    companyName: ofCompany.companyName,
    stationName: atStation.stationName,
    /** The card holder's name or the app user's nickname. */
    userName: z.string().nullable(),
    /** Seconds from the charger's start to its stop (to now while charging). */
    durationSeconds: int,
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
