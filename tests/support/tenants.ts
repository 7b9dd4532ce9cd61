/**
 * Multi-tenant fixtures for access-control tests: two operators created through the API (each
 * with its administrator, role and default station group), a narrow staff role and account, a
 * station manager with one station, and a station of each operator; plus a small JSON caller.
 */
import { eq } from 'drizzle-orm';
import { account, station } from '../../server/db/schema.js';
import type { TestServer } from './app.js';
import { PERMISSIONS } from '../../domain/permissions.js';

export interface Reply {
  status: number;
  code: number;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers are checked field by field in tests
  msg: string;
}

/** Calls `/sp/*` with an optional bearer token and JSON body; answers status + envelope. */
export async function call(s: TestServer, method: string, url: string, token?: string, payload?: unknown): Promise<Reply> {
  const res = await s.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  let body: { code?: number; data?: unknown; msg?: string } = {};
  try { body = res.json(); } catch { body = {}; }
  return { status: res.statusCode, code: body.code ?? res.statusCode, data: body.data, msg: body.msg ?? '' };
}

export const PASSWORD = 'Passw0rd-1';

/** A valid operator body for POST /sp/company. */
export function operatorBody(code: string, over: Record<string, unknown> = {}) {
  return {
    name: `${code} Charging Ltd`, code, currency: 'EUR', address: `1 ${code} Street`, remark: null,
    servicePhone: '+44 20 7946 0000', serviceEmail: `service@${code.toLowerCase()}.example`,
    adminUsername: `${code.toLowerCase()}.admin`, password: PASSWORD, timeZone: 'Europe/London', ...over,
  };
}

export interface Operator {
  id: number;
  code: string;
  adminToken: string;
  adminAccountId: number;
  adminRoleId: number;
  stationId: number;
}

export interface Tenants {
  admin: string;
  a: Operator;
  b: Operator;
  /** Staff of A whose role grants only the station profile menu. */
  staff: { token: string; accountId: number; roleId: number; permissions: string[] };
  /** Station manager of A managing A's station only. */
  manager: { token: string; accountId: number; roleId: number; permissions: string[]; stationIds: number[] };
}

async function makeOperator(s: TestServer, admin: string, code: string): Promise<Operator> {
  const res = await call(s, 'POST', '/sp/company', admin, operatorBody(code));
  if (res.code !== 200) throw new Error(`operator ${code}: ${res.code} ${res.msg}`);
  const [acc] = await s.database.db.select().from(account).where(eq(account.username, `${code.toLowerCase()}.admin`));
  const [st] = await s.database.db.insert(station).values({ companyCode: code, name: `${code} Central` }).returning({ id: station.id });
  return { id: res.data.id, code, adminToken: await s.login(acc.username, PASSWORD), adminAccountId: acc.id, adminRoleId: acc.roleId!, stationId: st.id };
}

/** Creates the fixtures on a fresh server (roles and accounts through the API). */
export async function setupTenants(s: TestServer): Promise<Tenants> {
  const admin = await s.login();
  const a = await makeOperator(s, admin, 'ALPHA');
  const b = await makeOperator(s, admin, 'BETA');

  const staffPerms = [PERMISSIONS.stations.section, PERMISSIONS.stations.profile];
  const staffRole = await call(s, 'POST', '/sp/role', a.adminToken, { name: 'Station clerk', code: 'ALPHA_CLERK', description: 'Station profiles only', permissions: staffPerms });
  if (staffRole.code !== 200) throw new Error(`staff role: ${staffRole.code} ${staffRole.msg}`);
  const staffAcc = await call(s, 'POST', '/sp/company/user', a.adminToken, {
    username: 'alpha.clerk', password: PASSWORD, userType: 'STAFF', realName: 'Clara Clerk', phone: '+44 1', email: 'clerk@alpha.example', roleId: staffRole.data.id,
  });
  if (staffAcc.code !== 200) throw new Error(`staff: ${staffAcc.code} ${staffAcc.msg}`);

  const managerPerms = [PERMISSIONS.monitoring.section, PERMISSIONS.monitoring.stations, PERMISSIONS.operations.section, PERMISSIONS.operations.orders];
  const managerRole = await call(s, 'POST', '/sp/role', a.adminToken, { name: 'Site manager', code: 'ALPHA_SITE', description: 'Own stations', permissions: managerPerms });
  if (managerRole.code !== 200) throw new Error(`manager role: ${managerRole.code} ${managerRole.msg}`);
  const managerAcc = await call(s, 'POST', '/sp/company/user', a.adminToken, {
    username: 'alpha.site', password: PASSWORD, userType: 'STATION_MANAGER', realName: 'Sam Site', phone: '+44 2', email: 'site@alpha.example',
    roleId: managerRole.data.id, managedStationIds: [a.stationId],
  });
  if (managerAcc.code !== 200) throw new Error(`manager: ${managerAcc.code} ${managerAcc.msg}`);

  return {
    admin, a, b,
    staff: { token: await s.login('alpha.clerk', PASSWORD), accountId: staffAcc.data.id, roleId: staffRole.data.id, permissions: staffRole.data.permissions },
    manager: {
      token: await s.login('alpha.site', PASSWORD), accountId: managerAcc.data.id, roleId: managerRole.data.id,
      permissions: managerRole.data.permissions, stationIds: [a.stationId],
    },
  };
}
