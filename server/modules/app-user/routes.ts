/**
 * `/sp/app-user` (permission `menu:chargerusers:appusers`; requirements §3 "App user"): list with filters,
 * show with order count and total spend, activate/deactivate, expiry date, balance operations through the
 * ledger and the balance record view (requirements §2 `?id=`), order history.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { appUser, chargeOrder } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { authOf, type AuthContext } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, NEWEST_FIRST, orderByOf, pageQuery } from '../../http/paging.js';
import { assertInScope, assertSameCompany, scopeWhere } from '../../http/scope.js';
import { balanceOperationInput as amountInput, rechargeAmountError } from '../../../domain/entities/balance-record.js';
import { changeBalance, ledgerPage } from '../balance/index.js';
import { toBalanceRecordJson } from '../card-user/service.js';
import { companyInfo } from '../card-user/service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { appUserExpiryInput, appUserOrder, appUserRecord, appUserStatusInput } from '../../../domain/entities/app-user.js';
import { balanceRecord } from '../../../domain/entities/balance-record.js';
import { companyListFilters, idParams } from '../../../domain/entities/api.js';

const PERMISSION = PERMISSIONS.chargerUsers.appUsers;
const SORTABLE = { id: appUser.id, nickname: appUser.nickname, balance: appUser.balance, createTimeStamp: appUser.createdAt } as const;

type AppUserRow = typeof appUser.$inferSelect;

/** Row → JSON (requirements §3 field names; `joinedDate` = registration time). */
function toAppUserJson(r: AppUserRow, extra: { companyName?: string; currency?: string; orders?: number; totalSpend?: string }) {
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

async function loadAppUser(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write') {
  const [row] = await db.select().from(appUser).where(eq(appUser.id, id));
  if (!row) throw new AppError(803);
  assertInScope(auth, appUser, row, mode);
  return row;
}

const appUserRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** Adds company names, order counts and total spend (paid orders) to rows. */
  const enrich = async (rows: AppUserRow[]) => {
    const info = await companyInfo(db, rows.map((x) => x.companyCode));
    const ids = rows.map((x) => x.id);
    const spend = ids.length
      ? await db.select({
        id: chargeOrder.appUserId,
        n: count(),
        total: sql<string>`coalesce(sum(case when ${chargeOrder.paid} then ${chargeOrder.totalAmount} else 0 end), 0)::text`,
      }).from(chargeOrder).where(inArray(chargeOrder.appUserId, ids)).groupBy(chargeOrder.appUserId)
      : [];
    const byId = new Map(spend.map((x) => [x.id, x]));
    return rows.map((x) => toAppUserJson(x, {
      companyName: info.get(x.companyCode)?.name,
      currency: info.get(x.companyCode)?.currency,
      orders: byId.get(x.id)?.n ?? 0,
      totalSpend: Number(byId.get(x.id)?.total ?? 0).toFixed(2),
    }));
  };

  r.get('/app-user', {
    config: { permission: PERMISSION },
    schema: {
      tags: ['app-user'],
      response: answersWith(pageOf(appUserRecord)),
      querystring: pageQuery.extend({
        ...companyListFilters,
        active: z.enum(['true', 'false']).optional(),
        registrationMethod: z.string().max(32).optional(),
      }),
    },
  }, async (req) => {
    const auth = authOf(req);
    const q = req.query;
    assertSameCompany(auth, q.companyCode, 'read');
    const where: (SQL | undefined)[] = [scopeWhere(auth, appUser)];
    if (q.companyCode) where.push(eq(appUser.companyCode, q.companyCode));
    if (q.active) where.push(eq(appUser.active, q.active === 'true'));
    if (q.registrationMethod) where.push(eq(appUser.registrationMethod, q.registrationMethod));
    if (q.q) {
      const like = likeTerm(q.q);
      where.push(or(ilike(appUser.nickname, like), ilike(appUser.mobile, like), ilike(appUser.fullName, like), ilike(appUser.email, like)));
    }
    const cond = and(...where);
    const { limit, offset } = limitOffset(q);
    const [rows, [{ n }]] = await Promise.all([
      db.select().from(appUser).where(cond).orderBy(...orderByOf(q, SORTABLE, { ...NEWEST_FIRST, fallback: appUser.id, tieBreak: appUser.id })).limit(limit).offset(offset),
      db.select({ n: count() }).from(appUser).where(cond),
    ]);
    return ok(req, { records: await enrich(rows), total: n });
  });

  r.get('/app-user/:id', { config: { permission: PERMISSION }, schema: { tags: ['app-user'], params: idParams, response: answersWith(appUserRecord) } }, async (req) => {
    const row = await loadAppUser(db, authOf(req), req.params.id, 'read');
    return ok(req, (await enrich([row]))[0]);
  });

  r.put('/app-user/:id/status', {
    config: { permission: PERMISSION },
    schema: { tags: ['app-user'], params: idParams, body: appUserStatusInput, response: answersWith(appUserRecord) },
  }, async (req) => {
    await loadAppUser(db, authOf(req), req.params.id, 'write');
    const [row] = await db.update(appUser).set({ active: req.body.active }).where(eq(appUser.id, req.params.id)).returning();
    return ok(req, (await enrich([row]))[0]);
  });

  /** Sets or clears the app user's expiry date (requirements R12.42): after it the idTag is answered `Expired`. */
  r.put('/app-user/:id/expiry', {
    config: { permission: PERMISSION },
    schema: { tags: ['app-user'], params: idParams, body: appUserExpiryInput, response: answersWith(appUserRecord) },
  }, async (req) => {
    await loadAppUser(db, authOf(req), req.params.id, 'write');
    const expiryDate = req.body.expiryDate === null ? null : new Date(req.body.expiryDate);
    const [row] = await db.update(appUser).set({ expiryDate }).where(eq(appUser.id, req.params.id)).returning();
    return ok(req, (await enrich([row]))[0]);
  });

  for (const op of ['recharge', 'gift', 'refund'] as const) {
    r.post(`/app-user/:id/${op}`, {
      config: { permission: PERMISSION },
      schema: { tags: ['app-user'], params: idParams, body: amountInput, response: answersWith(balanceRecord) },
    }, async (req) => {
      const auth = authOf(req);
      await loadAppUser(db, auth, req.params.id, 'write');
      const bad = rechargeAmountError(req.body.amount);
      if (bad) throw new AppError(bad, 'amount');
      const record = await changeBalance(db, {
        holderType: 'APP',
        holderId: req.params.id,
        changeType: op === 'gift' ? 'GIFT' : op === 'refund' ? 'USER_REFUND' : req.body.prepayType ? 'PREPAY' : 'PLATFORM_RECHARGE',
        amount: op === 'refund' ? `-${req.body.amount}` : req.body.amount,
        prepayType: op === 'recharge' ? req.body.prepayType ?? null : null,
        remark: req.body.remark ?? null,
        operator: auth.username,
      });
      return ok(req, toBalanceRecordJson(record));
    });
  }

  r.get('/app-user/:id/balance-records', {
    config: { permission: PERMISSION },
    schema: { tags: ['app-user'], params: idParams, querystring: pageQuery, response: answersWith(pageOf(balanceRecord)) },
  }, async (req) => {
    await loadAppUser(db, authOf(req), req.params.id, 'read');
    const { rows, total } = await ledgerPage(db, 'APP', req.params.id, limitOffset(req.query));
    return ok(req, { records: rows.map((x) => toBalanceRecordJson(x)), total });
  });

  r.get('/app-user/:id/orders', {
    config: { permission: PERMISSION },
    schema: { tags: ['app-user'], params: idParams, querystring: pageQuery, response: answersWith(pageOf(appUserOrder)) },
  }, async (req) => {
    const auth = authOf(req);
    await loadAppUser(db, auth, req.params.id, 'read');
    // A station manager sees the app user's orders at their stations only.
    const cond = and(eq(chargeOrder.appUserId, req.params.id), scopeWhere(auth, chargeOrder));
    const { limit, offset } = limitOffset(req.query);
    const [rows, [{ n }]] = await Promise.all([
      db.select({
        id: chargeOrder.id, orderNo: chargeOrder.orderNo, chargerSn: chargeOrder.chargerSn, status: chargeOrder.status,
        chargerStartTime: chargeOrder.chargerStartTime, chargerStopTime: chargeOrder.chargerStopTime,
        energyKwh: chargeOrder.energyKwh, totalAmount: chargeOrder.totalAmount, currency: chargeOrder.currency, paid: chargeOrder.paid,
      }).from(chargeOrder).where(cond).orderBy(desc(chargeOrder.chargerStartTime)).limit(limit).offset(offset),
      db.select({ n: count() }).from(chargeOrder).where(cond),
    ]);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return ok(req, { records: rows.map((o) => ({ ...o, chargerStartTime: o.chargerStartTime.toISOString(), chargerStopTime: iso(o.chargerStopTime) })), total: n });
  });
};

export default appUserRoutes;
