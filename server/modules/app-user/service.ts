/**
 * App users (requirements §3 "App user"): the queries behind `/sp/app-user`: the list with filters,
 * one user with order count and total spend (paid orders), status and expiry changes (R12.42) and
 * the user's order history. Codes: 803 unknown app user; 709/725 another company's user.
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { appUserOrder, appUserRecord } from '../../../domain/entities/app-user.js';
import type { Db } from '../../db/client.js';
import { appUser, chargeOrder } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, NEWEST_FIRST, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertInScope, assertSameCompany, scopeWhere } from '../../http/scope.js';
import { companyInfo } from '../card-user/service.js';

type AppUserRow = typeof appUser.$inferSelect;
type AppUserJson = z.infer<typeof appUserRecord>;
type AppUserOrderJson = z.infer<typeof appUserOrder>;

const SORTABLE = { id: appUser.id, nickname: appUser.nickname, balance: appUser.balance, createTimeStamp: appUser.createdAt } as const;

/** Row → JSON (requirements §3 field names; `joinedDate` = registration time). */
function toAppUserJson(r: AppUserRow, extra: { companyName?: string; currency?: string; orders?: number; totalSpend?: string }): AppUserJson {
  return {
    id: r.id,
    nickname: r.nickname,
    mobile: r.mobile,
    fullName: r.fullName,
    email: r.email,
    companyCode: r.companyCode,
    companyName: extra.companyName ?? null,
    active: r.active,
    registrationMethod: r.registrationMethod,
    idTag: r.idTag,
    expiryDate: r.expiryDate?.toISOString() ?? null,
    balance: r.balance,
    currency: extra.currency ?? null,
    orderCount: extra.orders ?? 0,
    totalSpend: extra.totalSpend ?? '0.00',
    joinedDate: r.createdAt.toISOString(),
  };
}

/** The app user `id` the caller may read or change (`mode`): unknown → 803; another company's → 709/725. */
export async function loadAppUser(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write'): Promise<AppUserRow> {
  const [row] = await db.select().from(appUser).where(eq(appUser.id, id));
  if (!row) throw new AppError(803);
  assertInScope(auth, appUser, row, mode);
  return row;
}

/** Adds company names, order counts and total spend (paid orders) to rows. */
async function enrich(db: Db, rows: AppUserRow[]): Promise<AppUserJson[]> {
  const info = await companyInfo(
    db,
    rows.map((x) => x.companyCode),
  );
  const ids = rows.map((x) => x.id);
  const spend = ids.length
    ? await db
        .select({
          id: chargeOrder.appUserId,
          n: count(),
          total: sql<string>`coalesce(sum(case when ${chargeOrder.paid} then ${chargeOrder.totalAmount} else 0 end), 0)::text`,
        })
        .from(chargeOrder)
        .where(inArray(chargeOrder.appUserId, ids))
        .groupBy(chargeOrder.appUserId)
    : [];
  const byId = new Map(spend.map((x) => [x.id, x]));
  return rows.map((x) =>
    toAppUserJson(x, {
      companyName: info.get(x.companyCode)?.name,
      currency: info.get(x.companyCode)?.currency,
      orders: byId.get(x.id)?.n ?? 0,
      totalSpend: Number(byId.get(x.id)?.total ?? 0).toFixed(2),
    }),
  );
}

/** The list filters of `GET /sp/app-user` (`q` matches nickname, mobile, full name or e-mail). */
export interface AppUserFilters {
  companyCode?: string;
  active?: 'true' | 'false';
  registrationMethod?: string;
  q?: string;
}

/** GET /sp/app-user: a page of the app users the caller sees. */
export async function listAppUsers(db: Db, auth: AuthContext, f: AppUserFilters, page: PageQuery): Promise<Page<AppUserJson>> {
  assertSameCompany(auth, f.companyCode, 'read');
  const where: (SQL | undefined)[] = [scopeWhere(auth, appUser)];
  if (f.companyCode) where.push(eq(appUser.companyCode, f.companyCode));
  if (f.active) where.push(eq(appUser.active, f.active === 'true'));
  if (f.registrationMethod) where.push(eq(appUser.registrationMethod, f.registrationMethod));
  if (f.q) {
    const like = likeTerm(f.q);
    where.push(or(ilike(appUser.nickname, like), ilike(appUser.mobile, like), ilike(appUser.fullName, like), ilike(appUser.email, like)));
  }
  const cond = and(...where);
  const { limit, offset } = limitOffset(page);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(appUser)
      .where(cond)
      .orderBy(...orderByOf(page, SORTABLE, { ...NEWEST_FIRST, fallback: appUser.id, tieBreak: appUser.id }))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(appUser).where(cond),
  ]);
  return { records: await enrich(db, rows), total: n };
}

/** GET /sp/app-user/{id}. */
export async function getAppUser(db: Db, auth: AuthContext, id: number): Promise<AppUserJson> {
  return (await enrich(db, [await loadAppUser(db, auth, id, 'read')]))[0];
}

/**
 * PUT /sp/app-user/{id}/status and /expiry: activates or deactivates the user, or sets or clears the
 * expiry date (R12.42: after it the idTag is answered `Expired`).
 */
export async function updateAppUser(db: Db, auth: AuthContext, id: number, change: { active: boolean } | { expiryDate: Date | null }): Promise<AppUserJson> {
  await loadAppUser(db, auth, id, 'write');
  const [row] = await db.update(appUser).set(change).where(eq(appUser.id, id)).returning();
  return (await enrich(db, [row]))[0];
}

/** GET /sp/app-user/{id}/orders: the user's orders, newest first (a station manager: at their stations only). */
export async function appUserOrders(db: Db, auth: AuthContext, id: number, page: PageQuery): Promise<Page<AppUserOrderJson>> {
  await loadAppUser(db, auth, id, 'read');
  const cond = and(eq(chargeOrder.appUserId, id), scopeWhere(auth, chargeOrder));
  const { limit, offset } = limitOffset(page);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: chargeOrder.id,
        orderNo: chargeOrder.orderNo,
        chargerSn: chargeOrder.chargerSn,
        status: chargeOrder.status,
        chargerStartTime: chargeOrder.chargerStartTime,
        chargerStopTime: chargeOrder.chargerStopTime,
        energyKwh: chargeOrder.energyKwh,
        totalAmount: chargeOrder.totalAmount,
        currency: chargeOrder.currency,
        paid: chargeOrder.paid,
      })
      .from(chargeOrder)
      .where(cond)
      .orderBy(desc(chargeOrder.chargerStartTime))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(chargeOrder).where(cond),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return { records: rows.map((o) => ({ ...o, chargerStartTime: o.chargerStartTime.toISOString(), chargerStopTime: iso(o.chargerStopTime) })), total: n };
}
