/** Row → JSON for card users and balance records (field names of requirements §3). */
import type { BalanceRecord } from '../../../domain/entities/balance-record.js';
import type { CardUserRecord } from '../../../domain/entities/card-user.js';
import type { balanceRecord, cardUser } from '../../db/schema.js';

/**
 * A card user as the API answers it: the row's own columns as they are (a column added to the
 * table and to the declaration flows through without a line here), the company's name and
 * currency, and the creation time as `createTimeStamp`.
 */
export function toCardUserJson(r: typeof cardUser.$inferSelect, extra: { companyName?: string | null; currency?: string | null } = {}): CardUserRecord {
  const { createdAt, ...row } = r;
  return {
    ...row,
    companyName: extra.companyName ?? null,
    scope: r.scope as CardUserRecord['scope'],
    currency: extra.currency ?? null,
    expiryDate: r.expiryDate?.toISOString() ?? null,
    createTimeStamp: createdAt.toISOString(),
  };
}

export function toBalanceRecordJson(r: typeof balanceRecord.$inferSelect, orderNo?: string | null): BalanceRecord {
  return {
    id: r.id,
    createTimeStamp: r.createdAt.toISOString(),
    changeType: r.changeType,
    prepayType: r.prepayType,
    deductType: r.deductType,
    relevanceId: r.relevanceId,
    orderNo: orderNo ?? null,
    changeAmount: r.changeAmount,
    oldBalance: r.oldBalance,
    newBalance: r.newBalance,
    remark: r.remark,
    operator: r.operator,
  };
}
