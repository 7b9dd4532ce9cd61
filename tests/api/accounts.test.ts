import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, sessionToken } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, PASSWORD, type Tenants, tenantServer } from '../support/tenants.js';

describe.each(backends())('accounts on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
  });
  afterAll(async () => {
    await s?.close();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    username: 'alpha.new',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    userType: 'STAFF',
    realName: 'Nina New',
    phone: '+44 7700 900123',
    email: 'Nina@Alpha.example',
    roleId: t.staff.roleId,
    ...over,
  });

  it("creates an account in the caller's company, never returning the password", async () => {
    const res = await call(s, 'POST', '/sp/company/user', t.a.adminToken, body());
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      companyCode: 'ALPHA',
      companyName: 'ALPHA Charging Ltd',
      username: 'alpha.new',
      userType: 'STAFF',
      email: 'nina@alpha.example',
      roleName: 'Station clerk',
      active: true,
      managedStationIds: [],
    });
    expect(new Date(res.data.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(res.data)).not.toMatch(/password|scrypt/i);
    const one = await call(s, 'GET', `/sp/company/user/${res.data.id}`, t.a.adminToken);
    expect(JSON.stringify(one.data)).not.toMatch(/password|scrypt/i);
    expect(await s.login('alpha.new', PASSWORD)).toBeTruthy();
  });

  it('answers 301, 310, 900, empty-field codes and 400 for mismatched passwords', async () => {
    const tok = t.a.adminToken;
    expect((await call(s, 'POST', '/sp/company/user', tok, body({ email: 'other@alpha.example' }))).code).toBe(301);
    expect((await call(s, 'POST', '/sp/company/user', tok, body({ username: 'alpha.other', email: 'NINA@alpha.example' }))).code).toBe(310);
    const digits = await call(s, 'POST', '/sp/company/user', tok, body({ username: 'alpha.d', email: 'd@alpha.example', realName: 'R2 D2' }));
    expect(digits.code).toBe(900);
    for (const [field, code] of [
      ['username', 609],
      ['realName', 609],
      ['phone', 609],
      ['email', 609],
      ['password', 607],
      ['roleId', 608],
    ] as const) {
      const res = await call(s, 'POST', '/sp/company/user', tok, body({ username: 'alpha.e', email: 'e@alpha.example', [field]: '' }));
      expect(res.code, field).toBe(code);
      expect(res.msg, field).toContain(field);
    }
    expect((await call(s, 'POST', '/sp/company/user', tok, body({ username: 'alpha.f', email: 'f@alpha.example', confirmPassword: 'different1' }))).code).toBe(
      400,
    );
    expect((await call(s, 'POST', '/sp/company/user', tok, body({ username: 'alpha.g', email: 'g@alpha.example', userType: 'ROOT' }))).code).toBe(400);
    expect((await call(s, 'POST', '/sp/company/user', t.admin, body({ username: 'alpha.h', email: 'h@alpha.example' }))).code).toBe(600);
    const rows = await s.database.db.select().from(account).where(eq(account.companyCode, 'ALPHA'));
    expect(rows.map((r) => r.username).sort()).toEqual(['alpha.admin', 'alpha.clerk', 'alpha.new', 'alpha.site']);
  });

  it('lists with filters: company, user type, text, active', async () => {
    const all = await call(s, 'GET', '/sp/company/user?size=50', t.admin);
    expect(all.data.total).toBe(6);
    const alpha = await call(s, 'GET', '/sp/company/user?companyCode=ALPHA&sort=username&order=desc', t.admin);
    expect(alpha.data.records.map((r: { username: string }) => r.username)).toEqual(['alpha.site', 'alpha.new', 'alpha.clerk', 'alpha.admin']);
    const managers = await call(s, 'GET', '/sp/company/user?userType=STATION_MANAGER', t.a.adminToken);
    expect(managers.data.records.map((r: { username: string }) => r.username)).toEqual(['alpha.site']);
    expect(managers.data.records[0].managedStationIds).toEqual([t.a.stationId]);
    const q = await call(s, 'GET', '/sp/company/user?q=nina', t.a.adminToken);
    expect(q.data.total).toBe(1);
    const own = await call(s, 'GET', '/sp/company/user', t.a.adminToken);
    expect(own.data.records.every((r: { companyCode: string }) => r.companyCode === 'ALPHA')).toBe(true);
    expect((await call(s, 'GET', '/sp/company/user?active=false', t.a.adminToken)).data.total).toBe(0);
  });

  it('edits an account: role, stations of a station manager, real name', async () => {
    const tok = t.a.adminToken;
    const edit = await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}`, tok, { realName: 'Clara Renamed', roleId: t.manager.roleId });
    expect(edit.code).toBe(200);
    expect(edit.data).toMatchObject({ realName: 'Clara Renamed', roleId: t.manager.roleId, username: 'alpha.clerk' });
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}`, tok, { realName: 'Clara 3' })).code).toBe(900);
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}`, tok, { email: '' })).code).toBe(609);
    expect((await call(s, 'PUT', `/sp/company/user/${t.manager.accountId}`, tok, { managedStationIds: [999999] })).code).toBe(801);
    expect((await call(s, 'PUT', '/sp/company/user/999999', tok, { realName: 'x' })).code).toBe(803);
    // the new role applies on the next request
    const info = await call(s, 'GET', '/sp/user/info', t.staff.token);
    expect(info.data.permissions).toContain('menu:operations:orders');
  });

  it('a deactivated account cannot sign in and its tokens stop working at once', async () => {
    const tok = await s.login('alpha.new', PASSWORD);
    expect((await call(s, 'GET', '/sp/user/info', tok)).code).toBe(200);
    const [row] = await s.database.db.select().from(account).where(eq(account.username, 'alpha.new'));
    const off = await call(s, 'PUT', `/sp/company/user/${row.id}/status`, t.a.adminToken, { active: false });
    expect(off.code).toBe(200);
    expect(off.data.active).toBe(false);
    expect((await call(s, 'GET', '/sp/user/info', tok)).code).toBe(401);
    const login = await call(s, 'POST', '/sp/login', undefined, { username: 'alpha.new', password: PASSWORD });
    expect(login.code).toBe(700);
    // reactivation does not revive the old token
    expect((await call(s, 'PUT', `/sp/company/user/${row.id}/status?active=true`, t.a.adminToken)).data.active).toBe(true);
    expect((await call(s, 'GET', '/sp/user/info', tok)).code).toBe(401);
    const fresh = await s.login('alpha.new', PASSWORD);
    // the access hook checks the account itself on every request, not only the revoked sessions
    await s.database.db.update(account).set({ active: false }).where(eq(account.id, row.id));
    expect((await call(s, 'GET', '/sp/user/info', fresh)).code).toBe(401);
    await s.database.db.update(account).set({ active: true }).where(eq(account.id, row.id));
    expect((await call(s, 'GET', '/sp/user/info', fresh)).code).toBe(200);
    // nobody deactivates or deletes themselves
    expect((await call(s, 'PUT', `/sp/company/user/${t.a.adminAccountId}/status`, t.a.adminToken, { active: false })).code).toBe(403);
    expect((await call(s, 'DELETE', `/sp/company/user/${t.a.adminAccountId}`, t.a.adminToken)).code).toBe(403);
  });

  it("a deleted account's tokens are refused", async () => {
    const tok = await s.login('alpha.new', PASSWORD);
    const [row] = await s.database.db.select().from(account).where(eq(account.username, 'alpha.new'));
    expect((await call(s, 'DELETE', `/sp/company/user/${row.id}`, t.a.adminToken)).code).toBe(200);
    expect((await call(s, 'GET', '/sp/user/info', tok)).code).toBe(401);
    expect(await s.database.db.select().from(sessionToken).where(eq(sessionToken.accountId, row.id))).toEqual([]);
  });

  it('resets a password (requirements §7 query form): sessions end, the new password works', async () => {
    const tok = await s.login('alpha.clerk', PASSWORD);
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}/pwd`, t.a.adminToken)).code).toBe(607);
    expect((await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}/pwd?password=abc`, t.a.adminToken)).code).toBe(400);
    expect(
      (await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}/pwd`, t.a.adminToken, { password: 'secret-2', confirmPassword: 'secret-3' })).code,
    ).toBe(400);
    const res = await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}/pwd?password=secret-2`, t.a.adminToken);
    expect(res.code).toBe(200);
    expect((await call(s, 'GET', '/sp/user/info', tok)).code).toBe(401);
    expect(await s.login('alpha.clerk', 'secret-2')).toBeTruthy();
  });

  it('platform administrators create ADMIN accounts without a company; company users cannot', async () => {
    const res = await call(s, 'POST', '/sp/company/user', t.admin, {
      username: 'ops',
      password: PASSWORD,
      userType: 'ADMIN',
      realName: 'Olga Ops',
      phone: '+1 555',
      email: 'ops@platform.example',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ companyCode: null, roleId: null, userType: 'ADMIN' });
    const info = await call(s, 'GET', '/sp/user/info', await s.login('ops', PASSWORD));
    expect(info.data.permissions).toEqual(['role:admin']);
    expect(
      (
        await call(s, 'POST', '/sp/company/user', t.admin, {
          username: 'ops2',
          password: PASSWORD,
          userType: 'ADMIN',
          realName: 'Otto',
          phone: '+1 555',
          email: 'ops2@platform.example',
          companyCode: 'ALPHA',
        })
      ).code,
    ).toBe(400);
  });
});
