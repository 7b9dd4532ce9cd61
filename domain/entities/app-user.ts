/**
 * App user (requirements §3 "App user"): a driver registered through the mobile app, with a balance and
 * an idTag. The back office reads them, activates / deactivates them, sets or clears their expiry
 * date (after it the idTag is answered `Expired`, requirements R12.42) and operates their balance
 * (balance-record.ts); their other details are the app's to change.
 */
import { z } from 'zod';
import { appUser } from '../../db/tables/users.js';
import { decimal, int, isoTime, ofCompany, companyListFilters } from './api.js';
import { optionalDateTime } from './rules.js';
import { storedRecord } from './stored.js';

/**
 * An app user of `GET /sp/app-user`: the row of `app_user` (db/tables/users.ts; after
 * `expiryDate` the idTag is answered `Expired`, null: never; `balance` in `currency`) with its
 * company's name and currency, its order count and total spend, and its creation time as `joinedDate`.
 */
export const appUserRecord = storedRecord(appUser).omit({ createdAt: true }).extend({
  companyName: ofCompany.companyName,
  currency: z.string().nullable(),
  orderCount: int,
  totalSpend: decimal,
  joinedDate: isoTime,
});
export type AppUserRecord = z.infer<typeof appUserRecord>;

/** An order of an app user (`GET /sp/app-user/{id}/orders`). */
export const appUserOrder = z.object({
  id: int,
  orderNo: z.string(),
  chargerSn: z.string(),
  status: z.string(),
  chargerStartTime: isoTime,
  chargerStopTime: isoTime.nullable(),
  /** kWh. */
  energyKwh: decimal,
  totalAmount: decimal,
  currency: z.string(),
  paid: z.boolean(),
});
export type AppUserOrder = z.infer<typeof appUserOrder>;

/** `GET /sp/app-user` filters (with the page query). */
export const appUserFilters = z.object({
  ...companyListFilters,
  active: z.enum(['true', 'false']).optional(),
});

/** `PUT /sp/app-user/{id}/status`. */
export const appUserStatusInput = z.object({ active: z.boolean() });

/** `PUT /sp/app-user/{id}/expiry`: the expiry date, or null (or blank) for none. */
export const appUserExpiryInput = z.object({ expiryDate: optionalDateTime.transform((v) => v ?? null) });
export type AppUserExpiryInput = z.infer<typeof appUserExpiryInput>;
