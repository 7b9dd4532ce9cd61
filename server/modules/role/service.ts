/**
 * Roles (requirements §3 "Role", §5, §6): sets of `menu:*` permissions, each of a company or of the
 * platform (company code null, assignable to any company's accounts, created by platform
 * administrators only). A company user manages only their company's roles and grants only
 * permissions they hold themselves. Codes: 309 duplicate code, 608 field empty, 807 not found,
 * 709/725 another company's role, 403 a permission the caller does not hold, 400 naming the field.
 */
import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { ROLE_REQUIRED, type RoleCreateInput, type RoleDto, type RoleUpdateInput } from '../../../domain/entities/role.js';
import type { Db } from '../../db/client.js';
import { account, company, role } from '../../db/schema.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';
import type { AuthContext } from '../../http/access.js';
import { hasPermission } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { requireFields } from '../../http/required.js';
import { assertSameCompany } from '../../http/scope.js';
import { grantablePermissions, withAncestors } from '../menu/service.js';

export type RoleRow = typeof role.$inferSelect;

const ROLE_UNIQUE = { role_code_unique: [309, 'code'] } as const satisfies Record<string, UniqueAnswer>;

/** A role as the API answers it. */
export function toRoleDto(r: RoleRow): RoleDto {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    companyCode: r.companyCode,
    description: r.description,
    enabled: r.enabled,
    remark: r.remark,
    permissions: r.permissions,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Throws 403 unless the caller holds every one of `permissions` (administrators hold all). */
export function assertHoldsAll(auth: AuthContext, permissions: readonly string[]): void {
  if (auth.isAdmin) return;
  for (const p of permissions) if (!hasPermission(auth, p)) throw new AppError(403, 'permissions');
}

/**
 * Checks and normalises a permission list: every string must be a menu permission (400
 * `permissions`), the caller must hold each (403), and parents of granted menus are added.
 */
export async function checkPermissions(db: Db, auth: AuthContext, permissions: string[]): Promise<string[]> {
  const known = await grantablePermissions(db);
  for (const p of permissions) if (!known.has(p)) throw new AppError(400, 'permissions');
  const full = await withAncestors(db, [...new Set(permissions)]);
  assertHoldsAll(auth, full);
  return full.sort();
}

/** One role; 807 when absent. */
export async function findRole(db: Db, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(role).where(eq(role.id, id));
  if (!row) throw new AppError(807);
  return row;
}

/** Throws 725 unless the caller may change `r` (admins: any; company users: their company's roles they fully hold). */
function assertCanWrite(auth: AuthContext, r: RoleRow): void {
  if (auth.isAdmin) return;
  if (r.companyCode !== auth.companyCode) throw new AppError(725);
  assertHoldsAll(auth, r.permissions);
}

export interface RoleFilters {
  companyCode?: string;
  q?: string;
  enabled?: boolean;
}

/** GET /sp/role: the caller's company's roles (administrators: all, or one company's). */
export async function listRoles(db: Db, auth: AuthContext, f: RoleFilters, page: PageQuery): Promise<Page<RoleDto>> {
  assertSameCompany(auth, f.companyCode, 'read');
  const conds: (SQL | undefined)[] = [];
  if (!auth.isAdmin) conds.push(eq(role.companyCode, auth.companyCode ?? '\u0000'));
  if (f.companyCode) conds.push(eq(role.companyCode, f.companyCode));
  if (f.q) conds.push(or(ilike(role.name, likeTerm(f.q)), ilike(role.code, likeTerm(f.q))));
  if (f.enabled !== undefined) conds.push(eq(role.enabled, f.enabled));
  const where = and(...conds);
  const { limit, offset } = limitOffset(page);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(role)
      .where(where)
      .orderBy(
        ...orderByOf(
          page,
          { name: role.name, code: role.code, companyCode: role.companyCode, createdAt: role.createdAt },
          { fallback: role.id, tieBreak: role.id },
        ),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(role).where(where),
  ]);
  return { records: rows.map(toRoleDto), total: n };
}

/**
 * GET /sp/role/select: enabled roles assignable to accounts of `companyCode` (that company's and
 * the platform's), as `{ id, name, code, companyCode }`.
 */
export async function selectRoles(db: Db, auth: AuthContext, companyCode?: string) {
  assertSameCompany(auth, companyCode, 'read');
  const code = companyCode ?? auth.companyCode;
  const rows = await db
    .select({ id: role.id, name: role.name, code: role.code, companyCode: role.companyCode })
    .from(role)
    .where(and(eq(role.enabled, true), code ? or(isNull(role.companyCode), eq(role.companyCode, code)) : isNull(role.companyCode)))
    .orderBy(asc(role.name));
  return rows;
}

/** GET /sp/role/{id}: another company's role → 709 (platform roles are readable by all). */
export async function getRole(db: Db, auth: AuthContext, id: number): Promise<RoleDto> {
  const r = await findRole(db, id);
  if (r.companyCode !== null) assertSameCompany(auth, r.companyCode, 'read');
  return toRoleDto(r);
}

/** Throws 400 `companyCode` when no operator has that code. */
export async function assertCompanyExists(db: Db, code: string): Promise<void> {
  const [row] = await db.select({ id: company.id }).from(company).where(eq(company.code, code));
  if (!row) throw new AppError(400, 'companyCode');
}

/** POST /sp/role. */
export async function createRole(db: Db, auth: AuthContext, input: RoleCreateInput): Promise<RoleDto> {
  const body = requireFields(input, ROLE_REQUIRED, 'create');
  const companyCode = body.companyCode ?? (auth.isAdmin ? null : auth.companyCode);
  if (!auth.isAdmin && companyCode !== auth.companyCode) throw new AppError(725);
  if (companyCode) await assertCompanyExists(db, companyCode);
  const permissions = await checkPermissions(db, auth, body.permissions ?? []);
  const [row] = await mapUnique(
    () =>
      db
        .insert(role)
        .values({
          name: body.name,
          code: body.code,
          companyCode,
          description: body.description,
          enabled: body.enabled ?? true,
          remark: body.remark ?? null,
          permissions,
        })
        .returning(),
    ROLE_UNIQUE,
  );
  return toRoleDto(row);
}

/** PUT /sp/role/{id}: name, description, enabled, remark, permissions (code and company fixed). */
export async function updateRole(db: Db, auth: AuthContext, id: number, input: RoleUpdateInput): Promise<RoleDto> {
  const current = await findRole(db, id);
  assertCanWrite(auth, current);
  requireFields(input, ROLE_REQUIRED, 'update');
  const permissions = input.permissions ? await checkPermissions(db, auth, input.permissions) : undefined;
  const [row] = await db
    .update(role)
    .set({
      name: input.name ?? undefined,
      description: input.description ?? undefined,
      enabled: input.enabled,
      remark: input.remark === undefined ? undefined : input.remark,
      permissions,
    })
    .where(eq(role.id, id))
    .returning();
  return toRoleDto(row);
}

/** PUT /sp/role/{id}/status: enables or disables a role (a disabled role grants nothing). */
export async function setRoleEnabled(db: Db, auth: AuthContext, id: number, enabled: boolean): Promise<RoleDto> {
  assertCanWrite(auth, await findRole(db, id));
  const [row] = await db.update(role).set({ enabled }).where(eq(role.id, id)).returning();
  return toRoleDto(row);
}

/** DELETE /sp/role/{id}: refused (400 `accounts`) while accounts still hold the role. */
export async function deleteRole(db: Db, auth: AuthContext, id: number): Promise<void> {
  assertCanWrite(auth, await findRole(db, id));
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(account).where(eq(account.roleId, id));
    if (n > 0) throw new AppError(400, 'accounts');
    await tx.delete(role).where(eq(role.id, id));
  });
}
