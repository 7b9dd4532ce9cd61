/**
 * Console accounts (requirements §3 "Account", §4 activate/deactivate, §5, §6): list, read, create, edit,
 * activate/deactivate, delete and password reset, scoped to the caller's company.
 *
 * Rules: ADMIN accounts belong to no company and only platform administrators create them; every
 * other account belongs to one company and holds a role of that company or a platform role; a
 * company user manages only accounts of their company whose role grants nothing they do not hold,
 * and assigns only such roles. Station managers list the stations they manage (of their company).
 * Rights never grow through one's own hands: nobody changes their own user type, role or managed
 * stations, and a station manager creates and manages only station managers of stations it
 * manages itself (`assertWithinStations`).
 * Codes: 301 username, 310 e-mail, 600/607/608/609 field empty, 709/725 another company, 801
 * station, 803 account, 807 role, 900 digits in the real name, 403 beyond the caller's rights.
 * Deactivating or deleting an account ends its sessions at once.
 */
import { and, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { ACCOUNT_REQUIRED, type AccountCreateInput, type AccountDto, type AccountUpdateInput } from '../../../domain/entities/company-user.js';
import type { Db } from '../../db/client.js';
import { account, company, role, sessionToken, station } from '../../db/schema.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { requireFields } from '../../http/required.js';
import { assertSameCompany, stationLimit } from '../../http/scope.js';
import { hashPassword } from '../../auth/password.js';
import { hasDigit, isWeakPassword } from '../../../domain/entities/rules.js';
import { hashToken } from '../../auth/tokens.js';
import { assertCompanyExists, assertHoldsAll } from '../role/service.js';

type AccountRow = typeof account.$inferSelect;

/** Unique constraints of the account table → catalogue codes. */
export const ACCOUNT_UNIQUE = {
  account_username_unique: [301, 'username'],
  account_email_unique: [310, 'email'],
} as const satisfies Record<string, UniqueAnswer>;

const columns = { account, companyName: company.name, roleName: role.name, rolePermissions: role.permissions };

/** An account as the API answers it (never the password hash). */
export function toAccountDto(row: { account: AccountRow; companyName: string | null; roleName: string | null }): AccountDto {
  const a = row.account;
  return {
    id: a.id,
    companyCode: a.companyCode,
    companyName: row.companyName,
    username: a.username,
    userType: a.userType,
    realName: a.realName,
    phone: a.phone,
    email: a.email,
    roleId: a.roleId,
    roleName: row.roleName,
    managedStationIds: a.managedStationIds,
    active: a.active,
    avatar: a.avatar,
    createdAt: a.createdAt.toISOString(),
  };
}

async function loadAccount(db: Db, id: number) {
  const [row] = await db
    .select(columns)
    .from(account)
    .leftJoin(company, eq(company.code, account.companyCode))
    .leftJoin(role, eq(role.id, account.roleId))
    .where(eq(account.id, id));
  if (!row) throw new AppError(803);
  return row;
}

/** Throws 709 when a company user reads an account outside their company (platform accounts included). */
function assertCanRead(auth: AuthContext, target: AccountRow): void {
  if (!auth.isAdmin && target.companyCode !== auth.companyCode) throw new AppError(709);
}

/**
 * Throws 725 when a company user changes an account outside their company, 403 when the
 * account's role grants something the caller does not hold.
 */
export function assertCanManage(auth: AuthContext, target: AccountRow, targetPermissions: readonly string[] | null): void {
  if (auth.isAdmin) return;
  if (target.companyCode !== auth.companyCode) throw new AppError(725);
  assertHoldsAll(auth, targetPermissions ?? []);
  if (target.id !== auth.accountId) assertWithinStations(auth, target);
}

/**
 * A station-scoped caller (a station manager) may only hold sway over accounts scoped to stations
 * it manages itself: a station manager whose stations are all among the caller's. Anything
 * company-wide (staff, operator administrator, maintainer) or another station → 403 naming the
 * field (`userType` or `managedStationIds`). No limit for company-wide callers.
 */
export function assertWithinStations(auth: AuthContext, target: { userType: string; managedStationIds: readonly number[] }): void {
  const mine = stationLimit(auth);
  if (mine === null) return;
  if (target.userType !== 'STATION_MANAGER') throw new AppError(403, 'userType');
  if (target.managedStationIds.some((id) => !mine.includes(id))) throw new AppError(403, 'managedStationIds');
}

/**
 * Nobody changes their own user type, role or managed stations (403 naming the field): an
 * account's reach is set by someone else.
 */
function assertNoSelfGrant(current: AccountRow, next: Resolved): void {
  if (next.userType !== current.userType) throw new AppError(403, 'userType');
  if (next.roleId !== current.roleId) throw new AppError(403, 'roleId');
  const before = [...current.managedStationIds].sort((a, b) => a - b);
  if (next.managedStationIds.length !== before.length || next.managedStationIds.some((id, i) => id !== before[i])) {
    throw new AppError(403, 'managedStationIds');
  }
}

export interface AccountFilters {
  companyCode?: string;
  userType?: string;
  q?: string;
  active?: boolean;
  roleId?: number;
}

const SORTS = {
  username: account.username,
  realName: account.realName,
  userType: account.userType,
  companyCode: account.companyCode,
  createdAt: account.createdAt,
  active: account.active,
};

/** GET /sp/company/user: accounts of the caller's company (administrators: all), filtered and paged. */
export async function listAccounts(db: Db, auth: AuthContext, f: AccountFilters, page: PageQuery): Promise<Page<AccountDto>> {
  assertSameCompany(auth, f.companyCode, 'read');
  const conds: (SQL | undefined)[] = [];
  if (!auth.isAdmin) conds.push(eq(account.companyCode, auth.companyCode ?? '\u0000'));
  if (f.companyCode) conds.push(eq(account.companyCode, f.companyCode));
  if (f.userType) conds.push(eq(account.userType, f.userType));
  if (f.active !== undefined) conds.push(eq(account.active, f.active));
  if (f.roleId !== undefined) conds.push(eq(account.roleId, f.roleId));
  if (f.q) {
    const t = likeTerm(f.q);
    conds.push(or(ilike(account.username, t), ilike(account.realName, t), ilike(account.email, t), ilike(account.phone, t)));
  }
  const where = and(...conds);
  const { limit, offset } = limitOffset(page);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(columns)
      .from(account)
      .leftJoin(company, eq(company.code, account.companyCode))
      .leftJoin(role, eq(role.id, account.roleId))
      .where(where)
      .orderBy(...orderByOf(page, SORTS, { fallback: account.id, tieBreak: account.id }))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(account).where(where),
  ]);
  return { records: rows.map(toAccountDto), total: n };
}

/** GET /sp/company/user/{id}. */
export async function getAccount(db: Db, auth: AuthContext, id: number): Promise<AccountDto> {
  const row = await loadAccount(db, id);
  assertCanRead(auth, row.account);
  return toAccountDto(row);
}

interface Resolved {
  companyCode: string | null;
  userType: string;
  roleId: number | null;
  managedStationIds: number[];
}

/**
 * Checks the company, role and stations of an account being created or edited (merged values)
 * against the caller's rights; returns what to store.
 */
async function resolveTenancy(
  db: Db,
  auth: AuthContext,
  v: { companyCode?: string | null; userType: string; roleId?: number | null; managedStationIds?: number[] },
): Promise<Resolved> {
  if (v.userType === 'ADMIN') {
    if (!auth.isAdmin) throw new AppError(725, 'userType');
    if (v.companyCode) throw new AppError(400, 'companyCode');
    return { companyCode: null, userType: 'ADMIN', roleId: null, managedStationIds: [] };
  }
  const companyCode = v.companyCode ?? (auth.isAdmin ? null : auth.companyCode);
  if (!companyCode) throw new AppError(600, 'companyCode');
  if (!auth.isAdmin && companyCode !== auth.companyCode) throw new AppError(725, 'companyCode');
  await assertCompanyExists(db, companyCode);
  if (v.roleId === null || v.roleId === undefined) throw new AppError(608, 'roleId');
  const [r] = await db.select().from(role).where(eq(role.id, v.roleId));
  if (!r) throw new AppError(807, 'roleId');
  if (r.companyCode !== null && r.companyCode !== companyCode) throw new AppError(725, 'roleId');
  assertHoldsAll(auth, r.permissions);
  let managedStationIds: number[] = [];
  if (v.userType === 'STATION_MANAGER') {
    managedStationIds = [...new Set(v.managedStationIds ?? [])].sort((a, b) => a - b);
    if (managedStationIds.length) {
      const rows = await db.select({ id: station.id, companyCode: station.companyCode }).from(station).where(inArray(station.id, managedStationIds));
      if (rows.length !== managedStationIds.length) throw new AppError(801, 'managedStationIds');
      if (rows.some((s) => s.companyCode !== companyCode)) throw new AppError(725, 'managedStationIds');
    }
  }
  assertWithinStations(auth, { userType: v.userType, managedStationIds });
  return { companyCode, userType: v.userType, roleId: v.roleId, managedStationIds };
}

/** POST /sp/company/user. */
export async function createAccount(db: Db, auth: AuthContext, input: AccountCreateInput): Promise<AccountDto> {
  const body = requireFields(input, ACCOUNT_REQUIRED, 'create');
  if (hasDigit(body.realName)) throw new AppError(900, 'realName');
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) throw new AppError(400, 'confirmPassword');
  if (isWeakPassword(body.password, body.username)) throw new AppError(732, 'password');
  const t = await resolveTenancy(db, auth, body);
  const passwordHash = await hashPassword(body.password);
  const [row] = await mapUnique(
    () =>
      db
        .insert(account)
        .values({
          ...t,
          username: body.username,
          realName: body.realName,
          phone: body.phone,
          email: body.email,
          passwordHash,
          active: true,
        })
        .returning({ id: account.id }),
    ACCOUNT_UNIQUE,
  );
  return toAccountDto(await loadAccount(db, row.id));
}

/** PUT /sp/company/user/{id}: edits everything but the username and the password. */
export async function updateAccount(db: Db, auth: AuthContext, id: number, input: AccountUpdateInput): Promise<AccountDto> {
  const current = await loadAccount(db, id);
  assertCanManage(auth, current.account, current.rolePermissions);
  requireFields(input, ACCOUNT_REQUIRED, 'update');
  if (hasDigit(input.realName)) throw new AppError(900, 'realName');
  const a = current.account;
  const userType = input.userType ?? a.userType;
  const t = await resolveTenancy(db, auth, {
    userType,
    companyCode: input.companyCode === undefined ? a.companyCode : input.companyCode,
    roleId: input.roleId === undefined ? a.roleId : input.roleId,
    managedStationIds: input.managedStationIds ?? a.managedStationIds,
  });
  if (a.id === auth.accountId) assertNoSelfGrant(a, t);
  await mapUnique(
    () =>
      db
        .update(account)
        .set({
          ...t,
          realName: input.realName ?? undefined,
          phone: input.phone ?? undefined,
          email: input.email ?? undefined,
        })
        .where(eq(account.id, id)),
    ACCOUNT_UNIQUE,
  );
  return toAccountDto(await loadAccount(db, id));
}

/**
 * PUT /sp/company/user/{id}/status: activates or deactivates an account. Deactivation revokes
 * every session of the account in the same transaction; nobody deactivates themselves (403).
 */
export async function setAccountActive(db: Db, auth: AuthContext, id: number, active: boolean): Promise<AccountDto> {
  const current = await loadAccount(db, id);
  assertCanManage(auth, current.account, current.rolePermissions);
  if (id === auth.accountId && !active) throw new AppError(403, 'active');
  await db.transaction(async (tx) => {
    await tx.update(account).set({ active }).where(eq(account.id, id));
    if (!active) await tx.update(sessionToken).set({ revokedAt: new Date() }).where(eq(sessionToken.accountId, id));
  });
  return toAccountDto(await loadAccount(db, id));
}

/** DELETE /sp/company/user/{id}: deletes an account and its sessions; nobody deletes themselves (403). */
export async function deleteAccount(db: Db, auth: AuthContext, id: number): Promise<void> {
  const current = await loadAccount(db, id);
  assertCanManage(auth, current.account, current.rolePermissions);
  if (id === auth.accountId) throw new AppError(403, 'id');
  await db.transaction(async (tx) => {
    await tx.delete(sessionToken).where(eq(sessionToken.accountId, id));
    await tx.delete(account).where(eq(account.id, id));
  });
}

/**
 * PUT /sp/company/user/{id}/pwd (requirements §7): sets a new password and ends the account's sessions
 * (except the caller's own current one when resetting their own password).
 */
export async function resetPassword(db: Db, auth: AuthContext, id: number, password: string): Promise<void> {
  const current = await loadAccount(db, id);
  assertCanManage(auth, current.account, current.rolePermissions);
  if (isWeakPassword(password, current.account.username)) throw new AppError(732, 'password');
  const passwordHash = await hashPassword(password);
  const keep = id === auth.accountId ? hashToken(auth.token) : '';
  await db.transaction(async (tx) => {
    await tx.update(account).set({ passwordHash }).where(eq(account.id, id));
    await tx
      .update(sessionToken)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessionToken.accountId, id), ne(sessionToken.tokenHash, keep)));
  });
}

/** Revokes every session of `accountId` except the one whose hash is `keepTokenHash`. */
export async function revokeOtherSessions(db: Db, accountId: number, keepTokenHash: string): Promise<void> {
  await db
    .update(sessionToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessionToken.accountId, accountId), ne(sessionToken.tokenHash, keepTokenHash)));
}
