/** Row → JSON for card users and balance records (field names of requirements §3). */
import { BALANCE_RECORD_UNANSWERED, type BalanceRecord } from '../../../domain/entities/balance-record.js';
import type { CardUserRecord } from '../../../domain/entities/card-user.js';
import { storedJson, withoutKeys } from '../../../domain/entities/stored.js';
import type { balanceRecord, cardUser } from '../../db/schema.js';

/**
 * A card user as the API answers it: the row's own columns as they are (a column added to the
 * table and to the declaration flows through without a line here), the company's name and
 * currency, and the creation time as `createTimeStamp`.
 */
export function toCardUserJson(r: typeof cardUser.$inferSelect, extra: { companyName?: string | null; currency?: string | null } = {}): CardUserRecord {
  const { createdAt, ...row } = storedJson(r);
  return {
    ...row,
    scope: r.scope as CardUserRecord['scope'],
    companyName: extra.companyName ?? null,
    currency: extra.currency ?? null,
    createTimeStamp: createdAt,
  };
}

/** A ledger row as the API answers it: the row as stored (without whose it is), the deducted order's number, the creation time. */
export function toBalanceRecordJson(r: typeof balanceRecord.$inferSelect, orderNo?: string | null): BalanceRecord {
  return {
    ...storedJson(withoutKeys(r, BALANCE_RECORD_UNANSWERED)),
    orderNo: orderNo ?? null,
    createTimeStamp: r.createdAt.toISOString(),
  };
}
