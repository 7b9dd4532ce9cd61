/**
 * Multi-tenant fixtures for access-control tests: two operators created through the API (each
 * with its administrator, role and default station group), a narrow staff role and account, a
 * station manager with one station, and a station of each operator; plus a small JSON caller.
 */
import { eq } from 'drizzle-orm';
import { account, charger, chargeOrder, chargerLog, connectionAttempt, gateway, notification, role, station } from '../../server/db/schema.js';
import { build, type TestServer } from './app.js';
import type { Backend } from './db.js';
import { PERMISSIONS } from '../../domain/permissions.js';
import { hashPassword } from '../../server/auth/password.js';

export interface Reply {
  status: number;
  code: number;
  // biome-ignore lint/suspicious/noExplicitAny: API answers are checked field by field in tests
  data: any;
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
  try {
    body = res.json();
  } catch {
    body = {};
  }
  return { status: res.statusCode, code: body.code ?? res.statusCode, data: body.data, msg: body.msg ?? '' };
}

export const PASSWORD = 'Passw0rd-1';

/** A valid operator body for POST /sp/company. */
export function operatorBody(code: string, over: Record<string, unknown> = {}) {
  return {
    name: `${code} Charging Ltd`,
    code,
    currency: 'EUR',
    address: `1 ${code} Street`,
    remark: null,
    servicePhone: '+44 20 7946 0000',
    serviceEmail: `service@${code.toLowerCase()}.example`,
    adminUsername: `${code.toLowerCase()}.admin`,
    password: PASSWORD,
    timeZone: 'Europe/London',
    ...over,
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
  const [acc] = await s.database.db
    .select()
    .from(account)
    .where(eq(account.username, `${code.toLowerCase()}.admin`));
  const [st] = await s.database.db
    .insert(station)
    .values({ companyCode: code, name: `${code} Central` })
    .returning({ id: station.id });
  return { id: res.data.id, code, adminToken: await s.login(acc.username, PASSWORD), adminAccountId: acc.id, adminRoleId: acc.roleId!, stationId: st.id };
}

/** Creates the fixtures on a fresh server (roles and accounts through the API). */
export async function setupTenants(s: TestServer): Promise<Tenants> {
  const admin = await s.login();
  const a = await makeOperator(s, admin, 'ALPHA');
  const b = await makeOperator(s, admin, 'BETA');

  const staffPerms = [PERMISSIONS.stations.section, PERMISSIONS.stations.profile];
  const staffRole = await call(s, 'POST', '/sp/role', a.adminToken, {
    name: 'Station clerk',
    code: 'ALPHA_CLERK',
    description: 'Station profiles only',
    permissions: staffPerms,
  });
  if (staffRole.code !== 200) throw new Error(`staff role: ${staffRole.code} ${staffRole.msg}`);
  const staffAcc = await call(s, 'POST', '/sp/company/user', a.adminToken, {
    username: 'alpha.clerk',
    password: PASSWORD,
    userType: 'STAFF',
    realName: 'Clara Clerk',
    phone: '+44 1',
    email: 'clerk@alpha.example',
    roleId: staffRole.data.id,
  });
  if (staffAcc.code !== 200) throw new Error(`staff: ${staffAcc.code} ${staffAcc.msg}`);

  const managerPerms = [PERMISSIONS.monitoring.section, PERMISSIONS.monitoring.stations, PERMISSIONS.operations.section, PERMISSIONS.operations.orders];
  const managerRole = await call(s, 'POST', '/sp/role', a.adminToken, {
    name: 'Site manager',
    code: 'ALPHA_SITE',
    description: 'Own stations',
    permissions: managerPerms,
  });
  if (managerRole.code !== 200) throw new Error(`manager role: ${managerRole.code} ${managerRole.msg}`);
  const managerAcc = await call(s, 'POST', '/sp/company/user', a.adminToken, {
    username: 'alpha.site',
    password: PASSWORD,
    userType: 'STATION_MANAGER',
    realName: 'Sam Site',
    phone: '+44 2',
    email: 'site@alpha.example',
    roleId: managerRole.data.id,
    managedStationIds: [a.stationId],
  });
  if (managerAcc.code !== 200) throw new Error(`manager: ${managerAcc.code} ${managerAcc.msg}`);

  return {
    admin,
    a,
    b,
    staff: { token: await s.login('alpha.clerk', PASSWORD), accountId: staffAcc.data.id, roleId: staffRole.data.id, permissions: staffRole.data.permissions },
    manager: {
      token: await s.login('alpha.site', PASSWORD),
      accountId: managerAcc.data.id,
      roleId: managerRole.data.id,
      permissions: managerRole.data.permissions,
      stationIds: [a.stationId],
    },
  };
}

/**
 * The opening of an access-control suite: a fresh server on `backend` with the tenant fixtures
 * and, with `stationScope`, the station-scope rows and manager of setupStationScope.
 */
export async function tenantServer(backend: Backend): Promise<{ s: TestServer; t: Tenants }>;
export async function tenantServer(backend: Backend, stationScope: true): Promise<{ s: TestServer; t: Tenants; f: StationScopeFixture }>;
export async function tenantServer(backend: Backend, stationScope = false): Promise<{ s: TestServer; t: Tenants; f?: StationScopeFixture }> {
  const s = await build(backend);
  const t = await setupTenants(s);
  return stationScope ? { s, t, f: await setupStationScope(s, t) } : { s, t };
}

/** The rows of one station of A (for station-scope tests): what a manager may or may not see. */
export interface StationRows {
  stationId: number;
  stationName: string;
  chargerId: number;
  chargerSn: string;
  gatewayId: number;
  gatewaySn: string;
  orderId: number;
  orderNo: string;
}

export interface StationScopeFixture {
  /** A station manager of A managing `own.stationId` only, whose role holds every menu A's administrator holds. */
  manager: { token: string; accountId: number; roleId: number };
  own: StationRows;
  other: StationRows;
}

/**
 * Adds to `t` a second station of A ("other") and, at A's station ("own") and at it, a charger, a
 * gateway, a paid order, a notification, a charger-log row and a refused handshake; and a station
 * manager of A's station with every menu of A's administrator (so only the station scope limits it).
 */
export async function setupStationScope(s: TestServer, t: Tenants): Promise<StationScopeFixture> {
  const db = s.database.db;
  const [st] = await db.insert(station).values({ companyCode: 'ALPHA', name: 'ALPHA Faraway' }).returning({ id: station.id });
  const rowsAt = async (stationId: number, stationName: string, tag: string, n: number): Promise<StationRows> => {
    const chargerSn = `ALPHA${tag}`.padEnd(15, '0') + n;
    const gatewaySn = `ALPHAGW${tag}`.padEnd(15, '0') + n;
    const [c] = await db.insert(charger).values({ companyCode: 'ALPHA', stationId, serialNum: chargerSn }).returning({ id: charger.id });
    const [g] = await db.insert(gateway).values({ companyCode: 'ALPHA', stationId, serialNum: gatewaySn }).returning({ id: gateway.id });
    const orderNo = `SCOPE${tag}${n}`;
    const [o] = await db
      .insert(chargeOrder)
      .values({
        orderNo,
        companyCode: 'ALPHA',
        stationId,
        chargerId: c.id,
        chargerSn,
        connectorId: 1,
        transactionId: 8800 + n,
        idTag: 'T',
        idTagStatus: 'Accepted',
        chargerStartTime: new Date(Date.now() - 3_600_000),
        chargerStopTime: new Date(Date.now() - 1_800_000),
        meterStart: 0,
        meterStop: 1000,
        status: 'FINISHED',
        paid: true,
        currency: 'EUR',
      })
      .returning({ id: chargeOrder.id });
    await db.insert(notification).values({
      companyCode: 'ALPHA',
      systemNotificationType: 'EVENT',
      content: `Charger ${chargerSn} offline`,
      serialNum: chargerSn,
      eventStatus: 'HAPPENING',
    });
    await db
      .insert(chargerLog)
      .values({ chargerSn, companyCode: 'ALPHA', direction: 'IN', action: 'Heartbeat', messageType: 'CALL', messageId: `m${n}`, payload: {} });
    await db.insert(connectionAttempt).values({ identity: chargerSn, companyCode: 'ALPHA', remoteAddress: '127.0.0.1', reason: 'BAD_PASSWORD' });
    return { stationId, stationName, chargerId: c.id, chargerSn, gatewayId: g.id, gatewaySn, orderId: o.id, orderNo };
  };
  const own = await rowsAt(t.a.stationId, 'ALPHA Central', 'OWN', 1);
  const other = await rowsAt(st.id, 'ALPHA Faraway', 'FAR', 2);
  const [adminRole] = await db.select({ permissions: role.permissions }).from(role).where(eq(role.id, t.a.adminRoleId));
  const wide = await call(s, 'POST', '/sp/role', t.a.adminToken, {
    name: 'Site lead',
    code: 'ALPHA_LEAD',
    description: 'Every menu, own stations',
    permissions: adminRole.permissions,
  });
  if (wide.code !== 200) throw new Error(`lead role: ${wide.code} ${wide.msg}`);
  const acc = await call(s, 'POST', '/sp/company/user', t.a.adminToken, {
    username: 'alpha.lead',
    password: PASSWORD,
    userType: 'STATION_MANAGER',
    realName: 'Lee Lead',
    phone: '+44 3',
    email: 'lead@alpha.example',
    roleId: wide.data.id,
    managedStationIds: [own.stationId],
  });
  if (acc.code !== 200) throw new Error(`lead: ${acc.code} ${acc.msg}`);
  return { manager: { token: await s.login('alpha.lead', PASSWORD), accountId: acc.data.id, roleId: wide.data.id }, own, other };
}

/** Signs in a new staff account of `companyCode` whose own role holds `permissions`; returns its token. */
export async function staffWith(s: TestServer, companyCode: string, permissions: string[]): Promise<string> {
  const [r] = await s.database.db
    .insert(role)
    .values({ name: 'r', code: `R${Math.random().toString(36).slice(2, 8)}`, companyCode, permissions })
    .returning();
  const username = `u${Math.random().toString(36).slice(2, 8)}`;
  await s.database.db.insert(account).values({ companyCode, username, userType: 'STAFF', roleId: r.id, passwordHash: await hashPassword('pw-123456') });
  return s.login(username, 'pw-123456');
}
