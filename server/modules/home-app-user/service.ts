/**
 * Home app users and home orders (requirements §3 "App user" home fields, "Home order"; §16): the
 * app users with access to a home charger (OWNER, FAMILY, GUEST), sharing a charger with family and
 * guests, and the sessions on home chargers with how each started.
 */
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { HomeMemberInput, HomeMemberRecord, HomeOrderRecord, HomeStartType } from '../../../domain/entities/home-member.js';
import type { Db } from '../../db/client.js';
import { appUser, charger, chargeOrder, homeCharger, homeMember, orderStart } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, NEWEST_FIRST, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertSameCompany, loadInScope, scopeWhere } from '../../http/scope.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const MEMBER_SORT = { id: homeMember.id, nickname: appUser.nickname, level: homeMember.level, lastLoginAt: homeMember.lastLoginAt } as const;

/** A page of home app users. */
export async function listMembers(db: Db, auth: AuthContext, q: PageQuery & { companyCode?: string; q?: string; level?: string; homeChargerId?: number }) {
  assertSameCompany(auth, q.companyCode, 'read');
  const where: (SQL | undefined)[] = [scopeWhere(auth, homeMember)];
  if (q.companyCode) where.push(eq(homeMember.companyCode, q.companyCode));
  if (q.level) where.push(eq(homeMember.level, q.level));
  if (q.homeChargerId) where.push(eq(homeMember.homeChargerId, q.homeChargerId));
  if (q.q) {
    const like = likeTerm(q.q);
    where.push(or(ilike(appUser.nickname, like), ilike(appUser.mobile, like), ilike(appUser.email, like), ilike(charger.serialNum, like)));
  }
  const cond = and(...where);
  const { limit, offset } = limitOffset(q);
  const from = () =>
    db
      .select({ m: homeMember, nickname: appUser.nickname, mobile: appUser.mobile, email: appUser.email, chargerSn: charger.serialNum, chargerId: charger.id })
      .from(homeMember)
      .innerJoin(appUser, eq(appUser.id, homeMember.appUserId))
      .innerJoin(homeCharger, eq(homeCharger.id, homeMember.homeChargerId))
      .innerJoin(charger, eq(charger.id, homeCharger.chargerId));
  const [rows, [{ n }]] = await Promise.all([
    from()
      .where(cond)
      .orderBy(...orderByOf(q, MEMBER_SORT, { ...NEWEST_FIRST, fallback: homeMember.id, tieBreak: homeMember.id }))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(homeMember)
      .innerJoin(appUser, eq(appUser.id, homeMember.appUserId))
      .innerJoin(homeCharger, eq(homeCharger.id, homeMember.homeChargerId))
      .innerJoin(charger, eq(charger.id, homeCharger.chargerId))
      .where(cond),
  ]);
  const users = [...new Set(rows.map((r) => r.m.appUserId))];
  const counts = users.length
    ? await db
        .select({ appUserId: chargeOrder.appUserId, chargerId: chargeOrder.chargerId, n: count() })
        .from(chargeOrder)
        .where(inArray(chargeOrder.appUserId, users))
        .groupBy(chargeOrder.appUserId, chargeOrder.chargerId)
    : [];
  const key = (u: number | null, c: number) => `${u}:${c}`;
  const byKey = new Map(counts.map((c) => [key(c.appUserId, c.chargerId), c.n]));
  const records: HomeMemberRecord[] = rows.map((r) => ({
    id: r.m.id,
    homeChargerId: r.m.homeChargerId,
    chargerSn: r.chargerSn,
    appUserId: r.m.appUserId,
    nickname: r.nickname,
    mobile: r.mobile,
    email: r.email,
    companyCode: r.m.companyCode,
    level: r.m.level as HomeMemberRecord['level'],
    lastLoginAt: iso(r.m.lastLoginAt),
    orderCount: byKey.get(key(r.m.appUserId, r.chargerId)) ?? 0,
    createdAt: r.m.createdAt.toISOString(),
  }));
  return { records, total: n };
}

/** One membership (803 missing; 709/725 outside the scope). */
export async function loadMember(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write') {
  const row = await loadInScope(db, auth, homeMember, id, mode);
  if (!row) throw new AppError(803);
  return row;
}

/**
 * Shares home charger `homeChargerId` with app user `appUserId` as FAMILY or GUEST.
 * @throws 800 (no such home charger), 803 (no such app user), 725 (another company's), 739 (already has access).
 */
export async function shareHomeCharger(db: Db, auth: AuthContext, input: HomeMemberInput): Promise<number> {
  const home = await loadInScope(db, auth, homeCharger, input.homeChargerId, 'write');
  if (!home) throw new AppError(800, 'homeChargerId');
  const [user] = await db.select({ companyCode: appUser.companyCode }).from(appUser).where(eq(appUser.id, input.appUserId));
  if (!user) throw new AppError(803, 'appUserId');
  if (user.companyCode !== home.companyCode) throw new AppError(725, 'appUserId');
  const [row] = await db
    .insert(homeMember)
    .values({ homeChargerId: home.id, appUserId: input.appUserId, companyCode: home.companyCode, level: input.level })
    .onConflictDoNothing()
    .returning({ id: homeMember.id });
  if (!row) throw new AppError(739, 'appUserId');
  return row.id;
}

/** Withdraws an access; withdrawing the owner's leaves the charger without an owner. */
export async function unshare(db: Db, auth: AuthContext, id: number): Promise<void> {
  const m = await loadMember(db, auth, id, 'write');
  await db.transaction(async (tx) => {
    await tx.delete(homeMember).where(eq(homeMember.id, id));
    if (m.level === 'OWNER') await tx.update(homeCharger).set({ ownerAppUserId: null }).where(eq(homeCharger.id, m.homeChargerId));
  });
}

const ORDER_SORT = { id: chargeOrder.id, startTime: chargeOrder.chargerStartTime, energyKwh: chargeOrder.energyKwh } as const;

/** A page of home orders: sessions on home chargers, newest first. */
export async function listHomeOrders(
  db: Db,
  auth: AuthContext,
  q: PageQuery & {
    companyCode?: string;
    q?: string;
    startType?: HomeStartType;
    status?: string;
    appUserId?: number;
    homeChargerId?: number;
  },
) {
  assertSameCompany(auth, q.companyCode, 'read');
  const where: (SQL | undefined)[] = [scopeWhere(auth, homeCharger)];
  if (q.companyCode) where.push(eq(chargeOrder.companyCode, q.companyCode));
  if (q.status) where.push(eq(chargeOrder.status, q.status));
  if (q.appUserId) where.push(eq(chargeOrder.appUserId, q.appUserId));
  if (q.homeChargerId) where.push(eq(homeCharger.id, q.homeChargerId));
  if (q.startType === 'CARD_SWIPE') where.push(or(eq(orderStart.startType, 'CARD_SWIPE'), isNull(orderStart.startType)));
  if (q.startType && q.startType !== 'CARD_SWIPE') where.push(eq(orderStart.startType, q.startType));
  if (q.q) where.push(or(ilike(chargeOrder.orderNo, likeTerm(q.q)), ilike(chargeOrder.chargerSn, likeTerm(q.q)), ilike(chargeOrder.idTag, likeTerm(q.q))));
  const cond = and(...where);
  const { limit, offset } = limitOffset(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ o: chargeOrder, startType: orderStart.startType, nickname: appUser.nickname })
      .from(chargeOrder)
      .innerJoin(homeCharger, eq(homeCharger.chargerId, chargeOrder.chargerId))
      .leftJoin(orderStart, eq(orderStart.orderId, chargeOrder.id))
      .leftJoin(appUser, eq(appUser.id, chargeOrder.appUserId))
      .where(cond)
      .orderBy(...orderByOf(q, ORDER_SORT, { ...NEWEST_FIRST, fallback: chargeOrder.id, tieBreak: chargeOrder.id }))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(chargeOrder)
      .innerJoin(homeCharger, eq(homeCharger.chargerId, chargeOrder.chargerId))
      .leftJoin(orderStart, eq(orderStart.orderId, chargeOrder.id))
      .where(cond),
  ]);
  const records: HomeOrderRecord[] = rows.map(({ o, startType, nickname }) => ({
    id: o.id,
    code: o.orderNo,
    chargerSn: o.chargerSn,
    startType: (startType ?? 'CARD_SWIPE') as HomeStartType,
    appUserId: o.appUserId,
    nickname,
    idTag: o.idTag,
    createTime: o.serverStartTime.toISOString(),
    closeTime: iso(o.serverStopTime),
    startTime: o.chargerStartTime.toISOString(),
    stopTime: iso(o.chargerStopTime),
    energyKwh: o.energyKwh,
    status: o.status,
    flags: o.flags,
  }));
  return { records, total: n };
}

/** The newest orders first of a home charger id list (used by the member view). */
export const newestOrderFirst = desc(chargeOrder.chargerStartTime);
