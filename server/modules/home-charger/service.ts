/**
 * Home chargers (requirements §3 "Home charger", §16): reading them with their owner, state and
 * members; making a registered charger a home charger; changing its settings. Every save sends the
 * limit to the charger as a ChargePointMaxProfile (connector 0, stack level 0: the load-balancing
 * current when the switch is on, else the maximum current) and keeps the charger's answer.
 */
import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CommandOutcome, HomeChargerRecord } from '../../../domain/entities/home-charger.js';
import { homeChargerWhole } from '../../../domain/entities/home-charger.js';
import { checkInput } from '../../../domain/entities/rules.js';
import { constantProfile } from '../../../domain/smart-charging.js';
import type { Db } from '../../db/client.js';
import { appUser, charger, homeCharger, homeMember, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, throwIfIssues } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, NEWEST_FIRST, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertInScope, assertSameCompany, loadInScope, scopeWhere } from '../../http/scope.js';
import { clearFeature, withdrawClears, type ClearRequest } from '../smart-charging/index.js';
import { tryCommand } from '../smart-charging/index.js';

/** chargingProfileId of a home charger's maximum (one per charger; replaced by every save). */
export const HOME_MAX_PROFILE_ID = 9_000_001;
/** What deleting a home charger clears from the charger (requirements R16.8). */
const HOME_CLEAR: readonly ClearRequest[] = [{ id: HOME_MAX_PROFILE_ID }];

type Row = typeof homeCharger.$inferSelect;

const SORTABLE = { id: homeCharger.id, maxCurrentA: homeCharger.maxCurrentA, updatedAt: homeCharger.updatedAt, serialNum: charger.serialNum } as const;

/** The limit a home charger is given (A). */
export const effectiveLimit = (r: Pick<Row, 'maxCurrentA' | 'loadBalancing' | 'loadBalancingCurrentA'>) =>
  r.loadBalancing && r.loadBalancingCurrentA !== null ? Math.min(r.loadBalancingCurrentA, r.maxCurrentA) : r.maxCurrentA;

const select = {
  home: homeCharger,
  serialNum: charger.serialNum,
  online: charger.online,
  runStatus: charger.runStatus,
  firmwareVersion: charger.firmwareVersion,
  stationName: station.name,
  ownerNickname: appUser.nickname,
};

function baseQuery(db: Db) {
  return db
    .select(select)
    .from(homeCharger)
    .innerJoin(charger, eq(charger.id, homeCharger.chargerId))
    .leftJoin(station, eq(station.id, charger.stationId))
    .leftJoin(appUser, eq(appUser.id, homeCharger.ownerAppUserId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];

async function toRecords(db: Db, rows: Joined[]): Promise<HomeChargerRecord[]> {
  const ids = rows.map((r) => r.home.id);
  const counts = ids.length
    ? await db
        .select({ id: homeMember.homeChargerId, n: count() })
        .from(homeMember)
        .where(inArray(homeMember.homeChargerId, ids))
        .groupBy(homeMember.homeChargerId)
    : [];
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({
    id: r.home.id,
    chargerId: r.home.chargerId,
    serialNum: r.serialNum,
    companyCode: r.home.companyCode,
    stationName: r.stationName,
    ownerAppUserId: r.home.ownerAppUserId,
    ownerNickname: r.ownerNickname,
    maxCurrentA: r.home.maxCurrentA,
    loadBalancing: r.home.loadBalancing,
    loadBalancingCurrentA: r.home.loadBalancingCurrentA,
    effectiveLimitA: effectiveLimit(r.home),
    online: r.online,
    runStatus: r.runStatus,
    firmwareVersion: r.firmwareVersion,
    memberCount: byId.get(r.home.id) ?? 0,
    lastCommand: (r.home.lastCommand as CommandOutcome | null) ?? null,
    updatedAt: r.home.updatedAt.toISOString(),
  }));
}

/** A page of home chargers the caller may see. */
export async function listHomeChargers(db: Db, auth: AuthContext, q: PageQuery & { companyCode?: string; q?: string; online?: 'true' | 'false' }) {
  assertSameCompany(auth, q.companyCode, 'read');
  const where: (SQL | undefined)[] = [scopeWhere(auth, homeCharger)];
  if (q.companyCode) where.push(eq(homeCharger.companyCode, q.companyCode));
  if (q.online) where.push(eq(charger.online, q.online === 'true'));
  if (q.q) where.push(or(ilike(charger.serialNum, likeTerm(q.q)), ilike(appUser.nickname, likeTerm(q.q))));
  const cond = and(...where);
  const { limit, offset } = limitOffset(q);
  const [rows, [{ n }]] = await Promise.all([
    baseQuery(db)
      .where(cond)
      .orderBy(...orderByOf(q, SORTABLE, { ...NEWEST_FIRST, fallback: homeCharger.id, tieBreak: homeCharger.id }))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(homeCharger)
      .innerJoin(charger, eq(charger.id, homeCharger.chargerId))
      .leftJoin(appUser, eq(appUser.id, homeCharger.ownerAppUserId))
      .where(cond),
  ]);
  return { records: await toRecords(db, rows), total: n };
}

/** One home charger (803 when missing; 709/725 outside the caller's scope). */
export async function loadHomeCharger(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write'): Promise<Row> {
  const row = await loadInScope(db, auth, homeCharger, id, mode);
  if (!row) throw new AppError(800);
  return row;
}

/** The record of home charger `id`. */
export async function homeChargerRecordOf(db: Db, id: number): Promise<HomeChargerRecord> {
  const rows = await baseQuery(db).where(eq(homeCharger.id, id));
  const [rec] = await toRecords(db, rows);
  if (!rec) throw new AppError(800);
  return rec;
}

/** An owner must be an app user of the charger's company (803 missing, 725 another company's). */
async function checkOwner(db: Db, companyCode: string, ownerId: number | null | undefined) {
  if (!ownerId) return;
  const [u] = await db.select({ companyCode: appUser.companyCode }).from(appUser).where(eq(appUser.id, ownerId));
  if (!u) throw new AppError(803, 'ownerAppUserId');
  if (u.companyCode !== companyCode) throw new AppError(725, 'ownerAppUserId');
}

/** Makes `ownerId` the OWNER member of home charger `homeId` (the previous owner's access goes). */
async function setOwner(tx: Db, homeId: number, companyCode: string, ownerId: number | null) {
  await tx.delete(homeMember).where(and(eq(homeMember.homeChargerId, homeId), eq(homeMember.level, 'OWNER')));
  if (!ownerId) return;
  await tx.delete(homeMember).where(and(eq(homeMember.homeChargerId, homeId), eq(homeMember.appUserId, ownerId)));
  await tx.insert(homeMember).values({ homeChargerId: homeId, appUserId: ownerId, companyCode, level: 'OWNER' });
}

/**
 * Sends the home charger's limit to the charger (SetChargingProfile, ChargePointMaxProfile on
 * connector 0) and stores the outcome. Never throws for the charger's failure (see outcome.ts).
 */
export async function applyHomeLimit(app: FastifyInstance, by: string, homeId: number): Promise<CommandOutcome> {
  const [row] = await app.db
    .select({ home: homeCharger, serialNum: charger.serialNum })
    .from(homeCharger)
    .innerJoin(charger, eq(charger.id, homeCharger.chargerId))
    .where(eq(homeCharger.id, homeId));
  if (!row) throw new AppError(800);
  const profile = constantProfile({
    chargingProfileId: HOME_MAX_PROFILE_ID,
    purpose: 'ChargePointMaxProfile',
    stackLevel: 0,
    limitA: effectiveLimit(row.home),
    now: new Date(),
  });
  await withdrawClears(app, [row.home.chargerId], HOME_CLEAR);
  const outcome = await tryCommand(app, by, { serialNum: row.serialNum, companyCode: row.home.companyCode }, 'SetChargingProfile', {
    connectorId: 0,
    csChargingProfiles: profile,
  });
  await app.db.update(homeCharger).set({ lastCommand: outcome }).where(eq(homeCharger.id, homeId));
  return outcome;
}

/** Input of a new home charger (validated by homeChargerCreate). */
export interface NewHomeCharger {
  serialNum: string;
  ownerAppUserId?: number | null;
  maxCurrentA?: number | null;
  loadBalancing: boolean;
  loadBalancingCurrentA?: number | null;
}

/** Makes the registered charger `serialNum` a home charger (800 unknown, 725 another company's, 738 already one). */
export async function createHomeCharger(app: FastifyInstance, auth: AuthContext, input: NewHomeCharger): Promise<number> {
  const db = app.db;
  const [ch] = await db.select().from(charger).where(eq(charger.serialNum, input.serialNum));
  if (!ch) throw new AppError(800, 'serialNum');
  assertInScope(auth, charger, ch, 'write');
  await checkOwner(db, ch.companyCode, input.ownerAppUserId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(homeCharger)
      .values({
        chargerId: ch.id,
        companyCode: ch.companyCode,
        ownerAppUserId: input.ownerAppUserId ?? null,
        maxCurrentA: input.maxCurrentA as number,
        loadBalancing: input.loadBalancing,
        loadBalancingCurrentA: input.loadBalancingCurrentA ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: homeCharger.id });
    if (!row) throw new AppError(738, 'serialNum');
    await setOwner(tx as unknown as Db, row.id, ch.companyCode, input.ownerAppUserId ?? null);
    return row.id;
  });
  await applyHomeLimit(app, auth.username, id);
  return id;
}

/** Changes some settings of home charger `id`; the result is checked as a whole (614) and sent to the charger. */
export async function updateHomeCharger(app: FastifyInstance, auth: AuthContext, id: number, patch: Partial<Omit<NewHomeCharger, 'serialNum'>>): Promise<void> {
  const db = app.db;
  const row = await loadHomeCharger(db, auth, id, 'write');
  const merged = {
    ownerAppUserId: patch.ownerAppUserId === undefined ? row.ownerAppUserId : patch.ownerAppUserId,
    maxCurrentA: patch.maxCurrentA === undefined ? row.maxCurrentA : patch.maxCurrentA,
    loadBalancing: patch.loadBalancing ?? row.loadBalancing,
    loadBalancingCurrentA: patch.loadBalancingCurrentA === undefined ? row.loadBalancingCurrentA : patch.loadBalancingCurrentA,
  };
  const checked = checkInput(homeChargerWhole, merged);
  if (!checked.success) throwIfIssues(checked.issues);
  await checkOwner(db, row.companyCode, merged.ownerAppUserId);
  await db.transaction(async (tx) => {
    await tx
      .update(homeCharger)
      .set({
        ownerAppUserId: merged.ownerAppUserId ?? null,
        maxCurrentA: merged.maxCurrentA as number,
        loadBalancing: merged.loadBalancing,
        loadBalancingCurrentA: merged.loadBalancingCurrentA ?? null,
        updatedAt: new Date(),
      })
      .where(eq(homeCharger.id, id));
    if (merged.ownerAppUserId !== row.ownerAppUserId) await setOwner(tx as unknown as Db, id, row.companyCode, merged.ownerAppUserId ?? null);
  });
  await applyHomeLimit(app, auth.username, id);
}

/**
 * The charger stops being a home charger (its members' access goes with it) and its home limit is
 * cleared from it (ClearChargingProfile of HOME_MAX_PROFILE_ID; owed until it next connects when
 * it is not connected, requirements R16.8).
 */
export async function deleteHomeCharger(app: FastifyInstance, auth: AuthContext, id: number): Promise<void> {
  const row = await loadHomeCharger(app.db, auth, id, 'write');
  await app.db.delete(homeCharger).where(eq(homeCharger.id, id));
  const [ch] = await app.db
    .select({ id: charger.id, serialNum: charger.serialNum, companyCode: charger.companyCode })
    .from(charger)
    .where(eq(charger.id, row.chargerId));
  if (ch) await clearFeature(app, auth.username, ch, HOME_CLEAR, 'HOME_CHARGER_DELETED');
}
