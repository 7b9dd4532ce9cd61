/**
 * The balance ledger (issue "Charging operations", item 3; requirements §10 "Money"): every change of a
 * card or app user's balance locks the holder row, checks the result stays ≥ 0, writes the new
 * balance and its `balance_record` row in ONE database transaction. Amounts are decimal strings in
 * the holder company's currency. A CHECK constraint (balance ≥ 0) backs the rule in the database.
 *
 * Errors: 721 insufficient balance, 803 holder not found.
 */
import Decimal from 'decimal.js';
import { storedMoney } from '../../../domain/money.js';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appUser, balanceRecord, cardUser } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';
import type { BalanceChangeType, DeductType, PrepayType } from '../../../domain/enums.js';

export type HolderType = 'CARD' | 'APP';
/** Why a balance changed: BALANCE_CHANGE_TYPES of domain/enums.ts. */
export type ChangeType = BalanceChangeType;

/** A transaction handle or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface BalanceChange {
  holderType: HolderType;
  holderId: number;
  changeType: ChangeType;
  /** Signed amount (decimal string): + credits, − debits. Ignored for CLEARED (the whole balance). */
  amount: string;
  prepayType?: PrepayType | null;
  deductType?: DeductType | null;
  relevanceId?: number | null;
  remark?: string | null;
  operator?: string | null;
}

export type BalanceRecordRow = typeof balanceRecord.$inferSelect;

const holderTable = (t: HolderType) => (t === 'CARD' ? cardUser : appUser);

/**
 * Applies one change inside `tx` (opens a transaction when given the database).
 * @returns the ledger row written.
 * @throws AppError 721 when the balance would go below zero, 803 when the holder does not exist.
 */
export async function changeBalance(db: Tx, change: BalanceChange): Promise<BalanceRecordRow> {
  const run = async (tx: Tx) => {
    const table = holderTable(change.holderType);
    const [holder] = await tx.select({ balance: table.balance, companyCode: table.companyCode }).from(table).where(eq(table.id, change.holderId)).for('update');
    if (!holder) throw new AppError(803);
    const old = new Decimal(holder.balance);
    const delta = change.changeType === 'CLEARED' ? old.negated() : new Decimal(change.amount);
    const next = old.plus(delta);
    if (next.isNegative()) throw new AppError(721);
    await tx
      .update(table)
      .set({ balance: storedMoney(next) })
      .where(eq(table.id, change.holderId));
    const [row] = await tx
      .insert(balanceRecord)
      .values({
        companyCode: holder.companyCode,
        holderType: change.holderType,
        holderId: change.holderId,
        changeType: change.changeType,
        prepayType: change.prepayType ?? null,
        deductType: change.deductType ?? null,
        relevanceId: change.relevanceId ?? null,
        changeAmount: storedMoney(delta),
        oldBalance: storedMoney(old),
        newBalance: storedMoney(next),
        remark: change.remark ?? null,
        operator: change.operator ?? null,
      })
      .returning();
    return row;
  };
  return 'rollback' in db ? run(db) : (db as Db).transaction(run);
}

/** Σ ledger amounts of a holder (decimal string) — equals the balance when the books are right. */
export async function ledgerSum(db: Tx, holderType: HolderType, holderId: number): Promise<string> {
  const [r] = await db
    .select({ s: sql<string>`coalesce(sum(${balanceRecord.changeAmount}), 0)::text` })
    .from(balanceRecord)
    .where(sql`${balanceRecord.holderType} = ${holderType} and ${balanceRecord.holderId} = ${holderId}`);
  return storedMoney(r.s);
}

/** A page of a holder's ledger, newest first, as `{ rows, total }`. */
export async function ledgerPage(db: Db, holderType: HolderType, holderId: number, page: { limit: number; offset: number }) {
  const cond = and(eq(balanceRecord.holderType, holderType), eq(balanceRecord.holderId, holderId));
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(balanceRecord).where(cond).orderBy(desc(balanceRecord.createdAt), desc(balanceRecord.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(balanceRecord).where(cond),
  ]);
  return { rows, total: n };
}
