/**
 * Settles a priced order (issue "Charging operations", items 4–5): a card session is deducted from
 * the card balance (deduct type CARD), an app session from the app user's balance (deduct type
 * BALANCE), through the ledger, inside the transaction that finishes the order. When the balance
 * is too low the order stays unpaid and 721 is recorded (breakdown + an ORDER_UNPAID notice, one per card and day); any other
 * failure is 722, likewise recorded, and the order's finish still commits (a savepoint isolates
 * the deduction). A 722 is also a custom event of the charger (requirements R13.5): a second
 * deduction for the same order (the ledger's one-deduction constraint) is "company income
 * duplication", any other failure "company income save failure" (server/modules/event/order-events.ts);
 * both are written in the same transaction, and announced by every caller after its commit
 * (server/modules/event/lifecycle.ts `announceOrderEvents`). Free orders (total 0) are paid at once. Manager cards are recorded at their
 * price but not deducted (maintenance and staff use) and count as paid.
 */
import Decimal from 'decimal.js';
import { storedMoney } from '../../../domain/money.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cardUser } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';
import { changeBalance } from '../balance/index.js';
import { recordNotice } from '../notifications/service.js';
import { incomeFailedIn } from '../event/index.js';

export interface SettlementInput {
  orderId: number;
  orderNo: string;
  companyCode: string;
  chargerSn: string;
  stationId: number | null;
  connectorId: number;
  cardUserId: number | null;
  appUserId: number | null;
  /** Decimal string in the order currency. */
  totalAmount: string;
}

export interface Settlement {
  paid: boolean;
  /** CARD or BALANCE when a deduction was made. */
  deductType: 'CARD' | 'BALANCE' | null;
  /** 721 / 722 when the deduction could not be made. */
  code: 721 | 722 | null;
  rule: 'FREE' | 'DEDUCTED' | 'MANAGER_CARD' | 'NO_PAYER' | 'FAILED';
}

/** Deducts the order's total from its payer within `tx`. Never throws for payment failures. */
export async function settleOrder(tx: Db, o: SettlementInput): Promise<Settlement> {
  const total = new Decimal(o.totalAmount);
  if (total.lte(0)) return { paid: true, deductType: null, code: null, rule: 'FREE' };
  const holder =
    o.cardUserId !== null
      ? { holderType: 'CARD' as const, holderId: o.cardUserId, deductType: 'CARD' as const }
      : o.appUserId !== null
        ? { holderType: 'APP' as const, holderId: o.appUserId, deductType: 'BALANCE' as const }
        : undefined;
  if (!holder) return { paid: false, deductType: null, code: null, rule: 'NO_PAYER' };
  if (holder.holderType === 'CARD') {
    const [card] = await tx.select({ managerCard: cardUser.managerCard }).from(cardUser).where(eq(cardUser.id, holder.holderId));
    if (card?.managerCard) return { paid: true, deductType: null, code: null, rule: 'MANAGER_CARD' };
  }
  try {
    await tx.transaction(async (sp) => {
      await changeBalance(sp, {
        holderType: holder.holderType,
        holderId: holder.holderId,
        changeType: 'DEDUCT',
        deductType: holder.deductType,
        amount: storedMoney(total.negated()),
        relevanceId: o.orderId,
        remark: o.orderNo,
        operator: 'OCPP',
      });
    });
    return { paid: true, deductType: holder.deductType, code: null, rule: 'DEDUCTED' };
  } catch (err) {
    const code: 721 | 722 = err instanceof AppError && err.code === 721 ? 721 : 722;
    // One problem per card and day (domain/notices.ts): repeats count on the same notice.
    const [card] =
      holder.holderType === 'CARD' ? await tx.select({ cardNumber: cardUser.cardNumber }).from(cardUser).where(eq(cardUser.id, holder.holderId)) : [];
    await recordNotice(tx, {
      companyCode: o.companyCode,
      notice: { kind: 'ORDER_UNPAID', params: { orderNo: o.orderNo, code, cardNumber: card?.cardNumber ?? null } },
      serialNum: o.chargerSn,
      eventStatus: 'HAPPENING',
    });
    if (code === 722) await incomeFailedIn(tx, o, err);
    return { paid: false, deductType: null, code, rule: 'FAILED' };
  }
}
