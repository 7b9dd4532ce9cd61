/** Row → JSON for card users and balance records (field names of requirements §3). */
import type { BalanceRecord } from '../../../domain/entities/balance-record.js';
import type { CardUserRecord } from '../../../domain/entities/card-user.js';
import type { balanceRecord, cardUser } from '../../db/schema.js';

export function toCardUserJson(r: typeof cardUser.$inferSelect, extra: { companyName?: string | null; currency?: string | null } = {}): CardUserRecord {
  return {
    id: r.id,
    companyCode: r.companyCode,
    companyName: extra.companyName ?? null,
    cardNumber: r.cardNumber,
    lastName: r.lastName,
    firstName: r.firstName,
    mobile: r.mobile,
    email: r.email,
    scope: r.scope as CardUserRecord['scope'],
    stationIds: r.stationIds,
    managerCard: r.managerCard,
    active: r.active,
    balance: r.balance,
    currency: extra.currency ?? null,
    createTimeStamp: r.createdAt.toISOString(),
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
