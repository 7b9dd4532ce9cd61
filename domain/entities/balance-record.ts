/**
 * Balance record (requirements §3 "Balance record", §4 change/prepay/deduct types): the ledger row of a
 * card user's or app user's balance, and the balance operation input (recharge, gift, refund,
 * clear). Amounts are decimal strings in the holder's currency. A recharge amount must be an
 * integer above 0: negative → 650, zero, fractional or not a number → 705.
 */
import { z } from 'zod';
import { PREPAY_TYPES } from '../enums.js';
import { balanceRecord as balanceRecordTable } from '../../db/tables/users.js';
import { isoTime } from './api.js';
import { storedRecord } from './stored.js';

/** The columns of `balance_record` the API does not answer: whose ledger it is (the path says) and the creation time (`createTimeStamp`). */
export const BALANCE_RECORD_UNANSWERED = { companyCode: true, holderType: true, holderId: true, createdAt: true } as const;

/**
 * One row of `GET /sp/<holder>/{id}/balance-records` and the answer of a balance operation: the
 * row of `balance_record` (db/tables/users.ts; `changeType` of domain/enums.ts
 * BALANCE_CHANGE_TYPES, `relevanceId` the order a deduction paid for) without
 * {@link BALANCE_RECORD_UNANSWERED}, with that order's number and the creation time.
 */
export const balanceRecord = storedRecord(balanceRecordTable).omit(BALANCE_RECORD_UNANSWERED).extend({
  orderNo: z.string().nullable(),
  createTimeStamp: isoTime,
});
export type BalanceRecord = z.infer<typeof balanceRecord>;

/** Amount of a recharge, gift or refund as typed by an operator (string or number). */
export const balanceOperationInput = z.object({
  amount: z.union([z.string(), z.number()]).transform(String),
  prepayType: z.enum(PREPAY_TYPES).nullish(),
  remark: z.string().max(500).nullish(),
});
export type BalanceOperationInput = z.infer<typeof balanceOperationInput>;

/** `clear` takes no amount: every field optional, the body may be absent. */
export const balanceClearInput = balanceOperationInput.partial().nullish();

/** The largest amount one balance operation takes (9 digits: far below the numeric(14,2) balance). */
export const MAX_BALANCE_AMOUNT = 999_999_999;

/**
 * Checks a recharge amount, given as the client sent it: negative → 650; zero, fractional, with
 * spaces (`" 5 "`), in exponent form (`1e12`), beyond {@link MAX_BALANCE_AMOUNT} or not a number →
 * 705. The amount stored is the very string checked, so what passes here is a plain integer.
 * @returns null when valid, else the catalogue code.
 */
export function rechargeAmountError(amount: string): 650 | 705 | null {
  if (/^\s*-/.test(amount)) return 650;
  if (!/^\d{1,9}$/.test(amount) || Number(amount) <= 0 || Number(amount) > MAX_BALANCE_AMOUNT) return 705;
  return null;
}
