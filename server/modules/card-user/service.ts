/**
 * Card users (requirements §3, §5; issue "Charging operations", item 3): create/update with their rules and
 * the balance operations (recharge, gift, refund, clear) through the ledger.
 * Errors: 305 duplicate card number, 900 digits in a name, 725 another company, 803 not found,
 * 650/705 recharge amount, 721 insufficient balance, 801 unknown station.
 */
import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cardUser, chargeOrder, company, station } from '../../db/schema.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import type { Page } from '../../http/envelope.js';
import { assertInScope, assertSameCompany, scopeWhere } from '../../http/scope.js';
import { likeTerm, limitOffset, NEWEST_FIRST, orderByOf, type PageQuery } from '../../http/paging.js';
import { rechargeAmountError } from '../../../domain/entities/balance-record.js';
import type { CardUserInput, cardUserFilters, CardUserRecord } from '../../../domain/entities/card-user.js';
import type { BalanceRecord } from '../../../domain/entities/balance-record.js';
import type { z } from 'zod';
import type { PrepayType } from '../../../domain/enums.js';
import { changeBalance, ledgerPage, type ChangeType } from '../balance/index.js';
import { toBalanceRecordJson, toCardUserJson } from './mapper.js';

/** Loads a card user the caller may see (803 missing, 709 other company). */
export async function loadCardUser(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read') {
  const [row] = await db.select().from(cardUser).where(eq(cardUser.id, id));
  if (!row) throw new AppError(803);
  assertInScope(auth, cardUser, row, mode);
  return row;
}

async function checkInput(db: Db, auth: AuthContext, input: CardUserInput) {
  assertSameCompany(auth, input.companyCode, 'write');
  const [co] = await db.select({ code: company.code }).from(company).where(eq(company.code, input.companyCode));
  if (!co) throw new AppError(600, 'companyCode');
  if (input.scope === 'STATIONS') {
    const found = await db.select({ id: station.id, companyCode: station.companyCode }).from(station).where(inArray(station.id, input.stationIds));
    if (found.length !== new Set(input.stationIds).size) throw new AppError(801, 'stationIds');
    if (found.some((s) => s.companyCode !== input.companyCode)) throw new AppError(725, 'stationIds');
  }
}

const UNIQUE = { card_user_card_number_unique: [305, 'cardNumber'] } as const satisfies Record<string, UniqueAnswer>;

/** The input as columns: the expiry as an instant (absent stays absent, so an update keeps it). */
function columnsOf(input: CardUserInput) {
  return {
    ...input,
    email: input.email || null,
    stationIds: input.scope === 'STATIONS' ? input.stationIds : [],
    expiryDate: input.expiryDate == null ? input.expiryDate : new Date(input.expiryDate),
  };
}

/** Creates a card user with a zero balance. */
export async function createCardUser(db: Db, auth: AuthContext, input: CardUserInput) {
  await checkInput(db, auth, input);
  const [row] = await mapUnique(() => db.insert(cardUser).values(columnsOf(input)).returning(), UNIQUE);
  return row;
}

/** Updates a card user's details (never its balance; that goes through the ledger). */
export async function updateCardUser(db: Db, auth: AuthContext, id: number, input: CardUserInput) {
  const current = await loadCardUser(db, auth, id, 'write');
  await checkInput(db, auth, input);
  if (input.companyCode !== current.companyCode && !auth.isAdmin) throw new AppError(725, 'companyCode');
  const [row] = await mapUnique(() => db.update(cardUser).set(columnsOf(input)).where(eq(cardUser.id, id)).returning(), UNIQUE);
  return row;
}

/** Activates or deactivates a card (a deactivated card is answered Blocked at the charger). */
export async function setCardActive(db: Db, auth: AuthContext, id: number, active: boolean) {
  await loadCardUser(db, auth, id, 'write');
  const [row] = await db.update(cardUser).set({ active }).where(eq(cardUser.id, id)).returning();
  return row;
}

export type BalanceOperation = 'recharge' | 'gift' | 'refund' | 'clear';

const CHANGE_TYPE: Record<BalanceOperation, ChangeType> = {
  recharge: 'PLATFORM_RECHARGE',
  gift: 'GIFT',
  refund: 'USER_REFUND',
  clear: 'CLEARED',
};

/**
 * Applies a balance operation: recharge and gift credit a positive integer amount; refund debits
 * it (721 when the balance is lower); clear empties the balance.
 */
export async function operateBalance(
  db: Db,
  auth: AuthContext,
  id: number,
  op: BalanceOperation,
  input: { amount?: string; prepayType?: PrepayType | null; remark?: string | null },
) {
  await loadCardUser(db, auth, id, 'write');
  let amount = '0';
  if (op !== 'clear') {
    const bad = rechargeAmountError(input.amount ?? '');
    if (bad) throw new AppError(bad, 'amount');
    amount = op === 'refund' ? `-${input.amount}` : String(input.amount);
  }
  return changeBalance(db, {
    holderType: 'CARD',
    holderId: id,
    changeType: input.prepayType && op === 'recharge' ? 'PREPAY' : CHANGE_TYPE[op],
    amount,
    prepayType: op === 'recharge' ? (input.prepayType ?? null) : null,
    remark: input.remark ?? null,
    operator: auth.username,
  });
}

/** Company codes → names and currencies for a set of rows. */
export async function companyInfo(db: Db, codes: string[]) {
  if (codes.length === 0) return new Map<string, { name: string; currency: string }>();
  const rows = await db
    .select({ code: company.code, name: company.name, currency: company.currency })
    .from(company)
    .where(inArray(company.code, [...new Set(codes)]));
  return new Map(rows.map((r) => [r.code, { name: r.name, currency: r.currency }]));
}

/** For other modules (docs/decisions.md "Layers": siblings use only ./service.ts or ./index.ts). */
export { toBalanceRecordJson } from './mapper.js';

/** The card user rows as the API answers them, with their company's name and currency. */
export async function withCompanies(db: Db, rows: (typeof cardUser.$inferSelect)[]): Promise<CardUserRecord[]> {
  const info = await companyInfo(
    db,
    rows.map((x) => x.companyCode),
  );
  return rows.map((x) => toCardUserJson(x, { companyName: info.get(x.companyCode)?.name, currency: info.get(x.companyCode)?.currency }));
}

const SORTABLE = {
  id: cardUser.id,
  cardNumber: cardUser.cardNumber,
  lastName: cardUser.lastName,
  firstName: cardUser.firstName,
  balance: cardUser.balance,
  createTimeStamp: cardUser.createdAt,
  active: cardUser.active,
} as const;

/**
 * A page of the card users `auth` may see (`GET /sp/card-user` and its export): filters company
 * (725 for another company's), active, scope, manager card, q = card number / names / mobile /
 * e-mail; newest first unless sorted (400 `sort` for an unknown field).
 */
export async function listCardUsers(db: Db, auth: AuthContext, q: z.infer<typeof cardUserFilters> & PageQuery): Promise<Page<CardUserRecord>> {
  assertSameCompany(auth, q.companyCode, 'read');
  const where: (SQL | undefined)[] = [scopeWhere(auth, cardUser)];
  if (q.companyCode) where.push(eq(cardUser.companyCode, q.companyCode));
  if (q.active) where.push(eq(cardUser.active, q.active === 'true'));
  if (q.scope) where.push(eq(cardUser.scope, q.scope));
  if (q.managerCard) where.push(eq(cardUser.managerCard, q.managerCard === 'true'));
  if (q.q) {
    const like = likeTerm(q.q);
    where.push(
      or(
        ilike(cardUser.cardNumber, like),
        ilike(cardUser.lastName, like),
        ilike(cardUser.firstName, like),
        ilike(cardUser.mobile, like),
        ilike(cardUser.email, like),
      ),
    );
  }
  const cond = and(...where);
  const { limit, offset } = limitOffset(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(cardUser)
      .where(cond)
      .orderBy(...orderByOf(q, SORTABLE, { ...NEWEST_FIRST, fallback: cardUser.id, tieBreak: cardUser.id }))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(cardUser).where(cond),
  ]);
  return { records: await withCompanies(db, rows), total: n };
}

/** GET /sp/card-user/{id}/balance-records: a page of the card's ledger, newest first, with the order number of each order's entry. */
export async function cardBalanceRecords(db: Db, auth: AuthContext, id: number, page: PageQuery): Promise<{ records: BalanceRecord[]; total: number }> {
  await loadCardUser(db, auth, id);
  const { rows, total } = await ledgerPage(db, 'CARD', id, limitOffset(page));
  const orderIds = rows.map((x) => x.relevanceId).filter((x): x is number => x !== null);
  const orders = orderIds.length
    ? await db.select({ id: chargeOrder.id, orderNo: chargeOrder.orderNo }).from(chargeOrder).where(inArray(chargeOrder.id, orderIds))
    : [];
  const orderNo = new Map(orders.map((o) => [o.id, o.orderNo]));
  return { records: rows.map((x) => toBalanceRecordJson(x, x.relevanceId ? orderNo.get(x.relevanceId) : null)), total };
}
