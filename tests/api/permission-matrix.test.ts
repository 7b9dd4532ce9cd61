/**
 * The permission matrix (requirements §6, §8): every route registered under `/sp` at run time × {platform
 * administrator, operator administrator, operator staff with a narrow role, station manager, no
 * token}. The expected answer is computed from what the route declares (`config.permission`,
 * `config.scope`, `config.public`): no token → 401; a missing permission or a platform-only route
 * for a company account → 403; otherwise neither 401 nor 403. Requests go over HTTP to the real
 * server with placeholder ids and empty bodies, so they are refused later (not found, empty
 * field…) without touching the fixtures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_PERMISSION, allPermissions } from '../../domain/routes.js';
import { account, role } from '../../server/db/schema.js';
import type { RegisteredRoute } from '../../server/app.js';
import { hasPermission, type AuthContext } from '../../server/http/access.js';
import { issueToken } from '../../server/auth/tokens.js';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { tenantServer, type StationRows, type StationScopeFixture, type Tenants } from '../support/tenants.js';

type Who = 'administrator' | 'operatorAdmin' | 'staff' | 'stationManager';

interface Caller {
  accountId: number;
  auth: Pick<AuthContext, 'isAdmin' | 'permissions'>;
}

/** Write routes that need no menu permission: signing in/out and the caller's own account. */
const OWN_WRITES = [/^\/sp\/login$/, /^\/sp\/logout$/, /^\/sp\/user\//, /^\/sp\/notifications/];

/** A concrete URL for a route pattern: every parameter becomes a placeholder that names nothing. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '999999').replace(/\*$/, 'x');
}

/** Expected outcome for a caller (undefined = no token). */
function expected(route: RegisteredRoute, caller?: Caller): 'allow' | 401 | 403 {
  if (route.public) return 'allow';
  if (!caller) return 401;
  if (!hasPermission(caller.auth as AuthContext, route.permission)) return 403;
  if (route.scope === 'platform' && !caller.auth.isAdmin) return 403;
  return 'allow';
}

describe.each(backends())('permission matrix on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let routes: RegisteredRoute[];
  const callers = {} as Record<Who, Caller>;

  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
    const db = s.database.db;
    const permsOf = async (accountId: number) => {
      const [row] = await db.select({ permissions: role.permissions }).from(account).leftJoin(role, eq(role.id, account.roleId)).where(eq(account.id, accountId));
      return row?.permissions ?? [];
    };
    const [adminRow] = await db.select().from(account).where(eq(account.username, 'admin'));
    callers.administrator = { accountId: adminRow.id, auth: { isAdmin: true, permissions: [ADMIN_PERMISSION] } };
    callers.operatorAdmin = { accountId: t.a.adminAccountId, auth: { isAdmin: false, permissions: await permsOf(t.a.adminAccountId) } };
    callers.staff = { accountId: t.staff.accountId, auth: { isAdmin: false, permissions: await permsOf(t.staff.accountId) } };
    callers.stationManager = { accountId: t.manager.accountId, auth: { isAdmin: false, permissions: await permsOf(t.manager.accountId) } };
    routes = s.app.spRoutes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  });
  afterAll(async () => { await s?.close(); });

  /** Calls a route over HTTP with a fresh token of `caller`; answers the envelope code. */
  async function hit(route: RegisteredRoute, caller?: Caller): Promise<number> {
    const headers: Record<string, string> = {};
    if (caller) headers.authorization = `Bearer ${await issueToken(s.database.db, caller.accountId, 1)}`;
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    if (hasBody) headers['content-type'] = 'application/json';
    const ac = new AbortController();
    const res = await fetch(s.baseUrl + concrete(route.url), { method: route.method, headers, body: hasBody ? '{}' : undefined, signal: ac.signal });
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) {
      ac.abort(); // a stream or a file: reaching it means access was granted
      return res.status;
    }
    const body = (await res.json()) as { code?: number };
    return body.code ?? res.status;
  }

  it('sees the routes of every module, each declaring its access', () => {
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const u of ['GET /sp/company', 'POST /sp/company', 'GET /sp/company/user', 'PUT /sp/company/user/:id/status', 'PUT /sp/company/user/:id/pwd',
      'GET /sp/role', 'POST /sp/menu', 'GET /sp/menu/tree', 'GET /sp/user/profile', 'POST /sp/user/avatar', 'GET /sp/notifications']) {
      expect(urls, u).toContain(u);
    }
    const known = new Set(allPermissions());
    for (const r of routes) {
      for (const p of [r.permission ?? []].flat()) expect(known, `${r.method} ${r.url} declares ${p}`).toContain(p);
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
      if (write && !r.public && r.permission === undefined && r.scope !== 'platform') {
        expect(OWN_WRITES.some((re) => re.test(r.url)), `${r.method} ${r.url} changes data without a menu permission`).toBe(true);
      }
    }
    // open routes only read (public configuration, stored images), apart from signing in
    const openWrites = routes.filter((r) => r.public && r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    expect(openWrites).toEqual(['POST /sp/login']);
  });

  it('refuses every protected route without a token (401)', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.public) continue;
      const code = await hit(r);
      if (code !== 401) wrong.push(`${r.method} ${r.url} → ${code}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(['administrator', 'operatorAdmin', 'staff', 'stationManager'] as const)('answers %s as each route declares', async (who) => {
    const caller = callers[who];
    const wrong: string[] = [];
    let allowed = 0;
    let denied = 0;
    for (const r of routes) {
      if (r.public) continue;
      const want = expected(r, caller);
      const code = await hit(r, caller);
      if (want === 'allow') {
        allowed++;
        if (code === 401 || code === 403) wrong.push(`${r.method} ${r.url} → ${code}, expected access`);
      } else {
        denied++;
        if (code !== want) wrong.push(`${r.method} ${r.url} → ${code}, expected ${want}`);
      }
    }
    expect(wrong).toEqual([]);
    // the matrix is not vacuous: the narrow roles are refused somewhere, everyone reaches something
    expect(allowed).toBeGreaterThan(0);
    if (who === 'administrator') expect(denied).toBe(0);
    else expect(denied).toBeGreaterThan(0);
  });

  it('keeps the fixtures intact (placeholder requests changed nothing)', async () => {
    const db = s.database.db;
    const rows = await db.select({ username: account.username, active: account.active }).from(account);
    expect(rows.every((r) => r.active)).toBe(true);
    expect(rows.map((r) => r.username).sort()).toEqual(['admin', 'alpha.admin', 'alpha.clerk', 'alpha.site', 'beta.admin']);
  });
});

/**
 * Station scope on every route (issue 9 item 5): a station manager of A whose role holds every
 * menu of A's administrator, so that only the station scope limits it. Every route naming a
 * station-bound row by id (station, charger and its commands, gateway, order and its invoice)
 * answers the manager for its own station's row and refuses (709 read, 725 write) the same row of
 * another station of the same company; every list, export, search, statistic, notification and
 * log it may read shows nothing of the other station.
 */
describe.each(backends())('station manager on every route on %s', (backend) => {
  let s: TestServer;
  let f: StationScopeFixture;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    ({ s, f } = await tenantServer(backend, true));
    routes = s.app.spRoutes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.public);
  });
  afterAll(async () => { await s?.close(); });

  /** The station-bound row a route's `:id` names, by the path's resource; undefined for other routes. */
  const rowId = (url: string, rows: StationRows): number | undefined => {
    const m = /^\/sp\/(station|charger|gateway|order)\/:id(\/|$)/.exec(url);
    if (!m) return undefined;
    return { station: rows.stationId, charger: rows.chargerId, gateway: rows.gatewayId, order: rows.orderId }[m[1]];
  };
  const byId = () => routes.filter((r) => rowId(r.url, f.own) !== undefined);

  async function hit(method: string, url: string): Promise<{ code: number; text: string }> {
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
    const headers: Record<string, string> = { authorization: `Bearer ${f.manager.token}` };
    if (hasBody) headers['content-type'] = 'application/json';
    const ac = new AbortController();
    // a body the command routes accept, so that the answer is the scope's, not the validation's
    const body = /\/command\/(unlock|availability)$/.test(url) ? '{"connectorId":1,"type":"Operative"}'
      : /\/status$/.test(url) ? '{"active":true}'
      : /\/configuration$/.test(url) ? '{"key":"HeartbeatInterval","value":"60"}'
      : /\/command\/trigger$/.test(url) ? '{"requestedMessage":"Heartbeat"}'
      : /\/command\/data-transfer$/.test(url) ? '{"vendorId":"ChargeDesk"}'
      : /\/reservations$/.test(url) ? '{"connectorId":1,"idTag":"TAG1"}' : '{}';
    const res = await fetch(s.baseUrl + url, { method, headers, body: hasBody ? body : undefined, signal: ac.signal });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream')) { ac.abort(); return { code: res.status, text: '' }; }
    const text = await res.text();
    if (!type.includes('application/json')) return { code: res.status, text };
    return { code: (JSON.parse(text) as { code?: number }).code ?? res.status, text };
  }

  it('names the station-bound routes it checks (the matrix is not vacuous)', () => {
    const urls = byId().map((r) => `${r.method} ${r.url}`);
    for (const u of ['GET /sp/charger/:id', 'PUT /sp/charger/:id', 'POST /sp/charger/:id/command/reset', 'POST /sp/charger/:id/command/unlock',
      'POST /sp/charger/:id/command/remote-start', 'GET /sp/order/:id', 'GET /sp/order/:id/invoice', 'PUT /sp/order/:id/close',
      'GET /sp/station/:id', 'PUT /sp/station/:id', 'GET /sp/gateway/:id', 'PUT /sp/gateway/:id']) {
      expect(urls, u).toContain(u);
    }
  });

  it('shows nothing of another station on any list, export, search, statistic, notification or log', async () => {
    const leaks: string[] = [];
    const sawOwn: string[] = [];
    const markers = (r: StationRows) => [r.chargerSn, r.gatewaySn, r.orderNo, r.stationName];
    for (const r of routes.filter((x) => x.method === 'GET' && !x.url.includes(':'))) {
      const { text } = await hit('GET', `${r.url}?size=100&Search=ALPHA`);
      const leaked = markers(f.other).filter((m) => text.includes(m));
      if (leaked.length) leaks.push(`${r.url} shows ${leaked.join(', ')}`);
      if (markers(f.own).some((m) => text.includes(m))) sawOwn.push(r.url);
    }
    expect(leaks).toEqual([]);
    for (const u of ['/sp/order', '/sp/charger', '/sp/station', '/sp/gateway', '/sp/search', '/sp/notifications', '/sp/charger-log', '/sp/connection-attempt', '/sp/dashboard']) {
      expect(sawOwn, u).toContain(u);
    }
    // exports count only the own station's orders
    expect(JSON.parse((await hit('GET', '/sp/order/export/count')).text).data.total).toBe(1);
    // naming the other station in a filter is refused
    for (const u of ['/sp/order', '/sp/charger', '/sp/statistics', '/sp/station-insights', '/sp/order/export/count']) {
      expect((await hit('GET', `${u}?stationId=${f.other.stationId}`)).code, u).toBe(709);
    }
  });

  it("refuses every route naming another station's row: 709 to read, 725 to change", async () => {
    const wrong: string[] = [];
    for (const r of byId()) {
      const url = concrete(r.url.replace(':id', String(rowId(r.url, f.other))));
      const want = r.method === 'GET' ? 709 : 725;
      const { code } = await hit(r.method, url);
      if (code !== want) wrong.push(`${r.method} ${r.url} → ${code}, expected ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers every route naming the manager's own station's row (deletions aside)", async () => {
    const wrong: string[] = [];
    for (const r of byId().filter((x) => x.method !== 'DELETE')) {
      const url = concrete(r.url.replace(':id', String(rowId(r.url, f.own))));
      const { code } = await hit(r.method, url);
      if ([401, 403, 709, 725, 500].includes(code)) wrong.push(`${r.method} ${r.url} → ${code}`);
    }
    expect(wrong).toEqual([]);
  });
});
