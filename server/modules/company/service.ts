/**
 * Operator companies (requirements §3 "Operator company", §5, §9): list, read, create, edit. Creating an
 * operator creates, in ONE transaction, the company, its administrator role (every menu of the
 * route table except the System section), its administrator account (OPERATOR_ADMIN) and its
 * default station group. Codes: 300 duplicate code, 301 duplicate administrator username, 309
 * role code taken, 310 e-mail taken, 600/607/609 field empty, 709/725 another company, 730 a
 * currency change while orders or balances exist.
 */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ROUTES, allPermissions } from '../../../domain/routes.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { OPERATOR_REQUIRED, type OperatorCreateInput, type OperatorDto, type OperatorUpdateInput } from '../../../domain/entities/operator.js';
import type { Db } from '../../db/client.js';
import { account, appUser, balanceRecord, cardUser, chargeOrder, company, role, stationGroup } from '../../db/schema.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { requireFields } from '../../http/required.js';
import { assertSameCompany, scopeWhere } from '../../http/scope.js';
import { hashPassword } from '../../auth/password.js';
import { isWeakPassword } from '../../../domain/entities/rules.js';

type CompanyRow = typeof company.$inferSelect;

/** Name of the default station group created with each operator. */
export const DEFAULT_GROUP_NAME = 'Default group';

/** The System section's permissions (`menu:system` and its children): platform only by default. */
export function systemSectionPermissions(): string[] {
  const system = ROUTES.find((r) => r.key === 'system');
  return system ? allPermissions([system]) : [];
}

/**
 * System menus an operator's administrator holds (decided, docs/decisions.md "Device Version for
 * operators"): Device Version, where they manage their company's firmware beside the platform's
 * public versions. Operators and Menu stay the platform's.
 */
export const OPERATOR_SYSTEM_PERMISSIONS: readonly string[] = [PERMISSIONS.system.section, PERMISSIONS.system.deviceVersion];

/** Permissions of a new operator's administrator role: every menu except the platform's System menus. */
export function operatorAdminPermissions(): string[] {
  const excluded = new Set(systemSectionPermissions().filter((p) => !OPERATOR_SYSTEM_PERMISSIONS.includes(p)));
  return allPermissions().filter((p) => !excluded.has(p));
}

/** Code of a new operator's administrator role. */
export const adminRoleCode = (companyCode: string) => `${companyCode}_ADMIN`;

const OPERATOR_UNIQUE = {
  company_code_unique: [300, 'code'],
  account_username_unique: [301, 'adminUsername'],
  account_email_unique: [310, 'adminEmail'],
  role_code_unique: [309, 'code'],
} as const satisfies Record<string, UniqueAnswer>;

/** An operator as the API answers it. */
export function toOperatorDto(c: CompanyRow): OperatorDto {
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    currency: c.currency,
    address: c.address,
    remark: c.remark,
    servicePhone: c.servicePhone,
    serviceEmail: c.serviceEmail,
    adminUsername: c.adminUsername,
    logo: c.logo,
    timeZone: c.timeZone,
    createdAt: c.createdAt.toISOString(),
  };
}

export interface OperatorFilters {
  companyCode?: string;
  q?: string;
  currency?: string;
}

/** GET /sp/company/select: `{ companyCode, companyName }` of the operators the caller sees, by name (a company user: their own). */
export async function companyOptions(db: Db, auth: AuthContext): Promise<{ companyCode: string; companyName: string }[]> {
  return db.select({ companyCode: company.code, companyName: company.name }).from(company).where(scopeWhere(auth, company)).orderBy(asc(company.name));
}

const SORTS = { name: company.name, code: company.code, currency: company.currency, createdAt: company.createdAt };

/** GET /sp/company: operators (a company user sees only their own). */
export async function listOperators(db: Db, auth: AuthContext, f: OperatorFilters, page: PageQuery): Promise<Page<OperatorDto>> {
  assertSameCompany(auth, f.companyCode, 'read');
  const conds: (SQL | undefined)[] = [];
  if (!auth.isAdmin) conds.push(eq(company.code, auth.companyCode ?? '\u0000'));
  if (f.companyCode) conds.push(eq(company.code, f.companyCode));
  if (f.currency) conds.push(eq(company.currency, f.currency));
  if (f.q) conds.push(or(ilike(company.name, likeTerm(f.q)), ilike(company.code, likeTerm(f.q))));
  const where = and(...conds);
  const { limit, offset } = limitOffset(page);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(company)
      .where(where)
      .orderBy(...orderByOf(page, SORTS, { fallback: company.id, tieBreak: company.id }))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(company).where(where),
  ]);
  return { records: rows.map(toOperatorDto), total: n };
}

async function findOperator(db: Db, id: number): Promise<CompanyRow> {
  const [row] = await db.select().from(company).where(eq(company.id, id));
  if (!row) throw new AppError(400, 'id');
  return row;
}

/** GET /sp/company/{id}: another company → 709; unknown id → 400 `id`. */
export async function getOperator(db: Db, auth: AuthContext, id: number): Promise<OperatorDto> {
  const row = await findOperator(db, id);
  assertSameCompany(auth, row.code, 'read');
  return toOperatorDto(row);
}

/** POST /sp/company (platform administrators): company, role, administrator and default group at once. */
export async function createOperator(
  db: Db,
  input: OperatorCreateInput,
): Promise<{ operator: OperatorDto; adminAccountId: number; adminRoleId: number; defaultGroupId: number }> {
  const body = requireFields(input, OPERATOR_REQUIRED, 'create');
  if (isWeakPassword(body.password, body.adminUsername)) throw new AppError(732, 'password');
  const passwordHash = await hashPassword(body.password);
  return mapUnique(
    () =>
      db.transaction(async (tx) => {
        const [c] = await tx
          .insert(company)
          .values({
            name: body.name,
            code: body.code,
            currency: body.currency,
            address: body.address,
            remark: body.remark ?? null,
            servicePhone: body.servicePhone ?? null,
            serviceEmail: body.serviceEmail ?? null,
            adminUsername: body.adminUsername,
            logo: body.logo ?? null,
            timeZone: body.timeZone ?? 'UTC',
          })
          .returning();
        const [r] = await tx
          .insert(role)
          .values({
            name: `${body.name} administrator`.slice(0, 100),
            code: adminRoleCode(body.code),
            companyCode: body.code,
            description: 'Every menu of the operator except the System section',
            permissions: operatorAdminPermissions(),
          })
          .returning({ id: role.id });
        const [a] = await tx
          .insert(account)
          .values({
            companyCode: body.code,
            username: body.adminUsername,
            userType: 'OPERATOR_ADMIN',
            realName: '',
            roleId: r.id,
            passwordHash,
            email: body.adminEmail ?? null,
            phone: body.servicePhone ?? null,
          })
          .returning({ id: account.id });
        const [g] = await tx
          .insert(stationGroup)
          .values({
            companyCode: body.code,
            name: DEFAULT_GROUP_NAME,
            isDefault: true,
            remark: null,
          })
          .returning({ id: stationGroup.id });
        return { operator: toOperatorDto(c), adminAccountId: a.id, adminRoleId: r.id, defaultGroupId: g.id };
      }),
    OPERATOR_UNIQUE,
  );
}

/**
 * True when amounts in the company's currency exist: an order, a balance record, or a card or app
 * user balance above zero. Its currency then stays (a balance of 141.60 EUR must not become
 * 141.60 JPY): code 730.
 */
export async function holdsMoney(db: Db, companyCode: string): Promise<boolean> {
  const probes = await Promise.all([
    db.select({ id: chargeOrder.id }).from(chargeOrder).where(eq(chargeOrder.companyCode, companyCode)).limit(1),
    db.select({ id: balanceRecord.id }).from(balanceRecord).where(eq(balanceRecord.companyCode, companyCode)).limit(1),
    db
      .select({ id: cardUser.id })
      .from(cardUser)
      .where(and(eq(cardUser.companyCode, companyCode), sql`${cardUser.balance} <> 0`))
      .limit(1),
    db
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(eq(appUser.companyCode, companyCode), sql`${appUser.balance} <> 0`))
      .limit(1),
  ]);
  return probes.some((rows) => rows.length > 0);
}

/** PUT /sp/company/{id}: edits name, currency, address, remark, service contacts, logo, time zone. */
export async function updateOperator(db: Db, auth: AuthContext, id: number, input: OperatorUpdateInput): Promise<OperatorDto> {
  const current = await findOperator(db, id);
  assertSameCompany(auth, current.code, 'write');
  requireFields(input, OPERATOR_REQUIRED, 'update');
  if (input.currency && input.currency !== current.currency && (await holdsMoney(db, current.code))) throw new AppError(730, 'currency');
  const [row] = await db
    .update(company)
    .set({
      name: input.name ?? undefined,
      currency: input.currency ?? undefined,
      address: input.address ?? undefined,
      remark: input.remark,
      servicePhone: input.servicePhone,
      serviceEmail: input.serviceEmail,
      logo: input.logo,
      timeZone: input.timeZone ?? undefined,
    })
    .where(eq(company.id, id))
    .returning();
  return toOperatorDto(row);
}
