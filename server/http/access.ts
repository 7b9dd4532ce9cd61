/**
 * Authentication and authorization for the `/sp` tree (requirements §6, §8): one onRequest hook resolves
 * the bearer token (401 when missing, expired, revoked or the account is deactivated) and checks
 * the permission the route declares in its `config.permission` (403 otherwise).
 * Routes declare `config: { public: true }` to skip it (login). The same hook refuses (709) a query
 * naming another company or, for a station manager, another station.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MenuPermission } from '../../domain/permissions.js';
import { ADMIN_PERMISSION } from '../../domain/routes.js';
import { resolveToken } from '../auth/tokens.js';
import { AppError } from '../../domain/app-error.js';
import { assertFilterInScope } from './scope.js';

/** Who is calling. `companyCode` null only for platform administrators. */
export interface AuthContext {
  accountId: number;
  username: string;
  userType: string;
  companyCode: string | null;
  isAdmin: boolean;
  /** `['role:admin']` for administrators, else the role's `menu:*` strings. */
  permissions: string[];
  managedStationIds: number[];
  token: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open without a token. */
    public?: boolean;
    /**
     * Menu permission the caller needs (one of `PERMISSIONS`, domain/permissions.ts; a list: any
     * one suffices); undefined = any signed-in user.
     */
    permission?: MenuPermission | readonly MenuPermission[];
    /**
     * Whose rows the route touches (docs/access-control.md): `platform` = platform administrators
     * only (403 for company accounts, checked here); `company` = the caller's company, `station` =
     * also limited to a station manager's stations, `own` = the caller's own account (these three
     * are applied by the service through `scopeWhere`/`assertInScope` of server/http/scope.ts,
     * which know each table's company and station). Undefined = `company`.
     */
    scope?: 'platform' | 'company' | 'station' | 'own';
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The bearer token of a request (Authorization header; `token` query for downloads). */
export function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q ? q : undefined;
}

/** The signed-in caller; throws 401 when the route was reached without one. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401);
  return req.auth;
}

/** True when `auth` holds `permission` (administrators hold every one). */
export function hasPermission(auth: AuthContext, permission: string | readonly string[] | undefined): boolean {
  if (permission === undefined) return true;
  if (auth.isAdmin || auth.permissions.includes(ADMIN_PERMISSION)) return true;
  const wanted: readonly string[] = typeof permission === 'string' ? [permission] : permission;
  return wanted.some((p) => auth.permissions.includes(p));
}

/** Registers the hook on an encapsulated `/sp` scope. */
export function registerAccessHook(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (config?.public) return;
    const token = bearerOf(req);
    if (!token) throw new AppError(401);
    const row = await resolveToken(app.db, token);
    if (!row) throw new AppError(401);
    const { account, role } = row;
    const isAdmin = account.userType === 'ADMIN' && account.companyCode === null;
    req.auth = {
      accountId: account.id,
      username: account.username,
      userType: account.userType,
      companyCode: account.companyCode,
      isAdmin,
      permissions: isAdmin ? [ADMIN_PERMISSION] : role?.enabled ? role.permissions : [],
      managedStationIds: account.managedStationIds,
      token,
    };
    if (!hasPermission(req.auth, config?.permission)) throw new AppError(403);
    if (config?.scope === 'platform' && !isAdmin) throw new AppError(403);
    assertQueryInScope(req.auth, req.query);
  });
}

/** The texts a query parameter holds (`?a=1` → ['1'], `?a=1&a=2` → ['1', '2']). */
const textsOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x) => typeof x === 'string' || typeof x === 'number').map(String);

/**
 * Refuses (709) a query naming another company (`?companyCode=`) or, for a station manager,
 * another station (`?stationId=`), on every route, whether or not the route filters by it: such a
 * filter is never answered as an empty page (docs/access-control.md "Company and station scoping").
 * Values that are not ids are left to the route's validation.
 */
export function assertQueryInScope(auth: AuthContext, query: unknown): void {
  if (!query || typeof query !== 'object') return;
  const q = query as Record<string, unknown>;
  for (const companyCode of textsOf(q.companyCode)) assertFilterInScope(auth, { companyCode });
  for (const id of textsOf(q.stationId)) if (/^\d{1,10}$/.test(id)) assertFilterInScope(auth, { stationId: Number(id) });
}
