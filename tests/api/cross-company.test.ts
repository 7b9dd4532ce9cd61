/**
 * Cross-company attempts on operators, accounts and roles (requirements §6): a company user naming
 * another company's row in a path, a filter or a body gets 709 (read) or 725 (write), and the
 * database is unchanged; escalation beyond the caller's own permissions gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { account, company, menu, role, stationGroup } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, PASSWORD, type Tenants, tenantServer } from '../support/tenants.js';

describe.each(backends())('cross-company access on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  /** An ALPHA account holding the operators menu through a platform role. */
  let viewer: string;
  let betaRoleId: number;
  let adminId: number;

  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
    const platformRole = await call(s, 'POST', '/sp/role', t.admin, {
      name: 'Operator desk',
      code: 'PLATFORM_OPERATORS',
      description: 'Operators screen',
      permissions: ['menu:system:operators'],
    });
    expect(platformRole.code).toBe(200);
    expect(platformRole.data.companyCode).toBeNull();
    const acc = await call(s, 'POST', '/sp/company/user', t.admin, {
      username: 'alpha.desk',
      password: PASSWORD,
      userType: 'STAFF',
      realName: 'Dana Desk',
      phone: '+44 3',
      email: 'desk@alpha.example',
      companyCode: 'ALPHA',
      roleId: platformRole.data.id,
    });
    expect(acc.code).toBe(200);
    viewer = await s.login('alpha.desk', PASSWORD);
    const betaRole = await call(s, 'POST', '/sp/role', t.b.adminToken, {
      name: 'Beta clerk',
      code: 'BETA_CLERK',
      description: 'x',
      permissions: ['menu:stations:stationprofile'],
    });
    betaRoleId = betaRole.data.id;
    adminId = (await call(s, 'GET', '/sp/user/profile', t.admin)).data.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Every row of the tables these resources write. */
  async function snapshot() {
    const db = s.database.db;
    return JSON.stringify(
      await Promise.all([
        db.select().from(company).orderBy(asc(company.id)),
        db.select().from(account).orderBy(asc(account.id)),
        db.select().from(role).orderBy(asc(role.id)),
        db.select().from(menu).orderBy(asc(menu.id)),
        db.select().from(stationGroup).orderBy(asc(stationGroup.id)),
      ]),
    );
  }

  it('operators: reads of another operator → 709, writes → 725, creation → 403', async () => {
    const before = await snapshot();
    expect((await call(s, 'GET', `/sp/company/${t.b.id}`, viewer)).code).toBe(709);
    expect((await call(s, 'GET', '/sp/company?companyCode=BETA', viewer)).code).toBe(709);
    const upd = await call(s, 'PUT', `/sp/company/${t.b.id}`, viewer, { name: 'Taken over', address: 'x', currency: 'USD' });
    expect(upd.code).toBe(725);
    expect(upd.status).toBe(403);
    expect(
      (
        await call(s, 'POST', '/sp/company', viewer, {
          name: 'New',
          code: 'NEWCO',
          currency: 'EUR',
          address: 'x',
          adminUsername: 'new.admin',
          password: PASSWORD,
        })
      ).code,
    ).toBe(403);
    expect(await snapshot()).toBe(before);
    // their own operator is readable and the list holds only it
    expect((await call(s, 'GET', `/sp/company/${t.a.id}`, viewer)).data.code).toBe('ALPHA');
    const list = await call(s, 'GET', '/sp/company', viewer);
    expect(list.data.records.map((c: { code: string }) => c.code)).toEqual(['ALPHA']);
    expect((await call(s, 'GET', '/sp/company/select', viewer)).data).toEqual([{ companyCode: 'ALPHA', companyName: 'ALPHA Charging Ltd' }]);
  });

  it('accounts: another company (or the platform) → 709 / 725, nothing changes', async () => {
    const before = await snapshot();
    const tok = t.a.adminToken;
    const betaAdmin = t.b.adminAccountId;
    for (const id of [betaAdmin, adminId]) {
      expect((await call(s, 'GET', `/sp/company/user/${id}`, tok)).code, `read ${id}`).toBe(709);
      expect((await call(s, 'PUT', `/sp/company/user/${id}`, tok, { realName: 'Mallory' })).code, `update ${id}`).toBe(725);
      expect((await call(s, 'PUT', `/sp/company/user/${id}/status`, tok, { active: false })).code, `status ${id}`).toBe(725);
      expect((await call(s, 'PUT', `/sp/company/user/${id}/pwd?password=hijacked1`, tok)).code, `pwd ${id}`).toBe(725);
      expect((await call(s, 'DELETE', `/sp/company/user/${id}`, tok)).code, `delete ${id}`).toBe(725);
    }
    expect((await call(s, 'GET', '/sp/company/user?companyCode=BETA', tok)).code).toBe(709);
    const base = { password: PASSWORD, userType: 'STAFF', realName: 'Eve Intruder', phone: '+44 9', email: 'eve@x.example' };
    expect((await call(s, 'POST', '/sp/company/user', tok, { ...base, username: 'eve1', companyCode: 'BETA', roleId: betaRoleId })).code).toBe(725);
    expect((await call(s, 'POST', '/sp/company/user', tok, { ...base, username: 'eve2', roleId: betaRoleId })).code).toBe(725);
    expect(
      (
        await call(s, 'POST', '/sp/company/user', tok, {
          ...base,
          username: 'eve3',
          userType: 'STATION_MANAGER',
          roleId: t.manager.roleId,
          managedStationIds: [t.b.stationId],
        })
      ).code,
    ).toBe(725);
    expect((await call(s, 'POST', '/sp/company/user', tok, { ...base, username: 'eve4', userType: 'ADMIN' })).code).toBe(725);
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}`, tok, { companyCode: 'BETA' })).code).toBe(725);
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}`, tok, { roleId: betaRoleId })).code).toBe(725);
    expect((await call(s, 'PUT', `/sp/company/user/${t.manager.accountId}`, tok, { managedStationIds: [t.a.stationId, t.b.stationId] })).code).toBe(725);
    expect(await snapshot()).toBe(before);
    // the BETA administrator still signs in with the old password
    expect(await s.login('beta.admin', PASSWORD)).toBeTruthy();
  });

  it('roles: another company → 709 / 725, nothing changes', async () => {
    const before = await snapshot();
    const tok = t.a.adminToken;
    expect((await call(s, 'GET', `/sp/role/${betaRoleId}`, tok)).code).toBe(709);
    expect((await call(s, 'GET', '/sp/role?companyCode=BETA', tok)).code).toBe(709);
    expect((await call(s, 'GET', '/sp/role/select?companyCode=BETA', tok)).code).toBe(709);
    expect((await call(s, 'PUT', `/sp/role/${betaRoleId}`, tok, { name: 'Mine now' })).code).toBe(725);
    expect((await call(s, 'PUT', `/sp/role/${betaRoleId}/status`, tok, { enabled: false })).code).toBe(725);
    expect((await call(s, 'DELETE', `/sp/role/${betaRoleId}`, tok)).code).toBe(725);
    expect((await call(s, 'POST', '/sp/role', tok, { name: 'x', code: 'X1', description: 'x', companyCode: 'BETA' })).code).toBe(725);
    // platform roles are readable but not writable by company users
    const platform = (await call(s, 'GET', '/sp/role?q=PLATFORM', t.admin)).data.records[0];
    expect((await call(s, 'GET', `/sp/role/${platform.id}`, tok)).code).toBe(200);
    expect((await call(s, 'PUT', `/sp/role/${platform.id}`, tok, { name: 'x' })).code).toBe(725);
    const mine = await call(s, 'GET', '/sp/role', tok);
    expect(mine.data.records.every((r: { companyCode: string }) => r.companyCode === 'ALPHA')).toBe(true);
    expect(await snapshot()).toBe(before);
  });

  it('escalation: nobody grants or assigns what they do not hold (403)', async () => {
    const before = await snapshot();
    const tok = t.a.adminToken;
    // the operator administrator lacks the System section
    expect((await call(s, 'POST', '/sp/role', tok, { name: 'Sys', code: 'ALPHA_SYS', description: 'x', permissions: ['menu:system:menu'] })).code).toBe(403);
    expect((await call(s, 'PUT', `/sp/role/${t.staff.roleId}`, tok, { permissions: ['menu:system:operators'] })).code).toBe(403);
    const platformSys = (await call(s, 'GET', '/sp/role?q=PLATFORM', t.admin)).data.records[0];
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}`, tok, { roleId: platformSys.id })).code).toBe(403);
    // unknown permission strings are a parameter error
    expect((await call(s, 'POST', '/sp/role', tok, { name: 'Odd', code: 'ALPHA_ODD', description: 'x', permissions: ['menu:nope'] })).code).toBe(400);
    // a staff member with the accounts menu cannot touch their administrator
    const clerkRole = await call(s, 'POST', '/sp/role', tok, {
      name: 'HR',
      code: 'ALPHA_HR',
      description: 'accounts',
      permissions: ['menu:systemusers:accounts'],
    });
    expect(clerkRole.code).toBe(200);
    expect(clerkRole.data.permissions).toEqual(['menu:systemusers', 'menu:systemusers:accounts']);
    const hr = await call(s, 'POST', '/sp/company/user', tok, {
      username: 'alpha.hr',
      password: PASSWORD,
      userType: 'STAFF',
      realName: 'Harriet',
      phone: '+44 5',
      email: 'hr@alpha.example',
      roleId: clerkRole.data.id,
    });
    expect(hr.code).toBe(200);
    const hrTok = await s.login('alpha.hr', PASSWORD);
    const mid = await snapshot();
    expect((await call(s, 'PUT', `/sp/company/user/${t.a.adminAccountId}/pwd?password=hijacked1`, hrTok)).code).toBe(403);
    expect((await call(s, 'PUT', `/sp/company/user/${t.a.adminAccountId}/status`, hrTok, { active: false })).code).toBe(403);
    expect((await call(s, 'PUT', `/sp/company/user/${hr.data.id}`, hrTok, { roleId: t.a.adminRoleId })).code).toBe(403);
    expect(await snapshot()).toBe(mid);
    expect(before).not.toBe(mid);
    // …but may reset the password of an account within their rights
    const plain = await call(s, 'POST', '/sp/company/user', tok, {
      username: 'alpha.plain',
      password: PASSWORD,
      userType: 'STAFF',
      realName: 'Pat',
      phone: '+44 6',
      email: 'pat@alpha.example',
      roleId: clerkRole.data.id,
    });
    expect((await call(s, 'PUT', `/sp/company/user/${plain.data.id}/pwd?password=newpass1`, hrTok)).code).toBe(200);
    expect(await s.login('alpha.plain', 'newpass1')).toBeTruthy();
  });

  it("menus are the platform's: company users cannot change them", async () => {
    const before = await snapshot();
    const [first] = await s.database.db.select().from(menu).orderBy(asc(menu.id)).limit(1);
    for (const tok of [t.a.adminToken, viewer, t.staff.token, t.manager.token]) {
      expect(
        (await call(s, 'POST', '/sp/menu', tok, { name: 'X', orderNum: 1, url: '/X', icon: 'x', permission: 'menu:x', level: 1, configurable: true })).code,
      ).toBe(403);
      expect((await call(s, 'PUT', `/sp/menu/${first.id}`, tok, { name: 'Hacked' })).code).toBe(403);
      expect((await call(s, 'PUT', `/sp/menu/${first.id}/status`, tok, { enabled: false })).code).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });
});
