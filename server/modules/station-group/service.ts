/**
 * Station groups (requirements §3 "Station group", §5, §8): each company has exactly one default group
 * (partial unique index `station_group_one_default`); the default group cannot be deleted (701);
 * a group that still holds stations cannot be deleted (400, field `stations`); the default flag
 * moves to another group by making that group the default (unsetting it directly → 400).
 * Unknown group id → 400 (field `id`); another company's group → 709 (read) / 725 (write).
 */
import { and, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { StationGroupRecord } from '../../../domain/entities/station-group.js';
import type { StationGroupInput } from '../../../domain/entities/station-group.js';
import type { Db } from '../../db/client.js';
import { company, station, stationGroup } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertInScope, scopeWhere } from '../../http/scope.js';
import { iso, readCompanyFilter, type Tx } from '../station/index.js';

export interface StationGroupFilter extends PageQuery {
  companyCode?: string;
  q?: string;
  isDefault?: boolean;
}

const stationCount = sql<number>`(select count(*)::int from ${station} where ${station.groupId} = ${stationGroup.id})`;

const columns = {
  id: stationGroup.id,
  name: stationGroup.name,
  companyCode: stationGroup.companyCode,
  companyName: company.name,
  isDefault: stationGroup.isDefault,
  remark: stationGroup.remark,
  stationCount,
  createdAt: stationGroup.createdAt,
};

const SORT = {
  id: stationGroup.id,
  name: stationGroup.name,
  companyCode: stationGroup.companyCode,
  isDefault: stationGroup.isDefault,
  createdAt: stationGroup.createdAt,
};

function toRecord(r: { createdAt: Date | null } & Omit<StationGroupRecord, 'createdAt'>): StationGroupRecord {
  return { ...r, stationCount: Number(r.stationCount), createdAt: iso(r.createdAt) };
}

/** A page of groups visible to `auth`, filtered by company, name (`q`) and default flag. */
export async function listGroups(db: Db, auth: AuthContext, f: StationGroupFilter): Promise<Page<StationGroupRecord>> {
  const conds: (SQL | undefined)[] = [scopeWhere(auth, stationGroup)];
  const code = readCompanyFilter(auth, f.companyCode);
  if (code) conds.push(eq(stationGroup.companyCode, code));
  if (f.q) conds.push(ilike(stationGroup.name, `%${f.q}%`));
  if (f.isDefault !== undefined) conds.push(eq(stationGroup.isDefault, f.isDefault));
  const where = and(...conds);
  const { limit, offset } = limitOffset(f);
  const rows = await db
    .select(columns)
    .from(stationGroup)
    .leftJoin(company, eq(company.code, stationGroup.companyCode))
    .where(where)
    .orderBy(...orderByOf(f, SORT, { fallback: stationGroup.id }))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(stationGroup).where(where);
  return { records: rows.map(toRecord), total: n };
}

/** One group; unknown → 400, another company's → 709 (read) or 725 (write). */
export async function getGroup(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read'): Promise<StationGroupRecord> {
  const [row] = await db.select(columns).from(stationGroup).leftJoin(company, eq(company.code, stationGroup.companyCode)).where(eq(stationGroup.id, id));
  if (!row) throw new AppError(400, 'id');
  assertInScope(auth, stationGroup, row, mode);
  return toRecord(row);
}

/**
 * The id of the company's default group, creating a group named "Default" when the company has
 * none (so that a company always has exactly one). Call inside the write's transaction.
 */
export async function ensureDefaultGroup(tx: Tx, companyCode: string): Promise<number> {
  const [found] = await tx
    .select({ id: stationGroup.id })
    .from(stationGroup)
    .where(and(eq(stationGroup.companyCode, companyCode), eq(stationGroup.isDefault, true)));
  if (found) return found.id;
  await tx.insert(stationGroup).values({ companyCode, name: 'Default', isDefault: true }).onConflictDoNothing();
  const [made] = await tx
    .select({ id: stationGroup.id })
    .from(stationGroup)
    .where(and(eq(stationGroup.companyCode, companyCode), eq(stationGroup.isDefault, true)));
  return made.id;
}

/** Clears the default flag of the company's other groups (before setting it on `keepId`). */
async function clearDefault(tx: Tx, companyCode: string, keepId?: number) {
  await tx
    .update(stationGroup)
    .set({ isDefault: false })
    .where(and(eq(stationGroup.companyCode, companyCode), eq(stationGroup.isDefault, true), keepId ? ne(stationGroup.id, keepId) : undefined));
}

/** Creates a group; the company's first group becomes its default. */
export async function createGroup(db: Db, input: StationGroupInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(stationGroup).where(eq(stationGroup.companyCode, input.companyCode));
    const isDefault = input.isDefault || n === 0;
    if (isDefault) await clearDefault(tx, input.companyCode);
    const [row] = await tx
      .insert(stationGroup)
      .values({
        companyCode: input.companyCode,
        name: input.name,
        remark: input.remark ?? null,
        isDefault,
      })
      .returning({ id: stationGroup.id });
    return row.id;
  });
}

/** Updates a group (its company cannot change: 725 when another is named). */
export async function updateGroup(db: Db, current: StationGroupRecord, input: StationGroupInput): Promise<void> {
  if (input.companyCode !== current.companyCode) throw new AppError(725, 'companyCode');
  if (current.isDefault && !input.isDefault) throw new AppError(400, 'isDefault');
  await db.transaction(async (tx) => {
    if (input.isDefault && !current.isDefault) await clearDefault(tx, current.companyCode, current.id);
    await tx
      .update(stationGroup)
      .set({ name: input.name, remark: input.remark ?? null, isDefault: input.isDefault })
      .where(eq(stationGroup.id, current.id));
  });
}

/** Deletes a group: the default one → 701; one holding stations → 400 (`stations`). */
export async function deleteGroup(db: Db, current: StationGroupRecord): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ isDefault: stationGroup.isDefault }).from(stationGroup).where(eq(stationGroup.id, current.id)).for('update');
    if (!row) throw new AppError(400, 'id');
    if (row.isDefault) throw new AppError(701);
    const [{ n }] = await tx.select({ n: count() }).from(station).where(eq(station.groupId, current.id));
    if (n > 0) throw new AppError(400, 'stations');
    await tx.delete(stationGroup).where(eq(stationGroup.id, current.id));
  });
}
