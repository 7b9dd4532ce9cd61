import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, PASSWORD, type Tenants, tenantServer } from '../support/tenants.js';

describe.each(backends())('roles on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
  });
  afterAll(async () => {
    await s?.close();
  });

  it("creates a role in the caller's company with its menu permissions (parents added)", async () => {
    const res = await call(s, 'POST', '/sp/role', t.a.adminToken, {
      name: 'Orders desk',
      code: 'ALPHA_ORDERS',
      description: 'Orders only',
      remark: 'night shift',
      permissions: ['menu:operations:orders'],
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ companyCode: 'ALPHA', enabled: true, remark: 'night shift', permissions: ['menu:operations', 'menu:operations:orders'] });
    const got = await call(s, 'GET', `/sp/role/${res.data.id}`, t.a.adminToken);
    expect(got.data.code).toBe('ALPHA_ORDERS');
  });

  it('answers 309 for a duplicate code, 608 naming empty fields, 400 for unknown permissions', async () => {
    const tok = t.a.adminToken;
    expect((await call(s, 'POST', '/sp/role', tok, { name: 'Again', code: 'ALPHA_ORDERS', description: 'x' })).code).toBe(309);
    expect((await call(s, 'POST', '/sp/role', t.b.adminToken, { name: 'Again', code: 'ALPHA_ORDERS', description: 'x' })).code).toBe(309);
    for (const field of ['name', 'code', 'description']) {
      const res = await call(s, 'POST', '/sp/role', tok, { name: 'n', code: 'ALPHA_N', description: 'd', [field]: ' ' });
      expect(res.code, field).toBe(608);
      expect(res.msg, field).toContain(field);
    }
    const bad = await call(s, 'POST', '/sp/role', tok, { name: 'n', code: 'ALPHA_N', description: 'd', permissions: ['role:admin'] });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('permissions');
    expect((await call(s, 'POST', '/sp/role', t.admin, { name: 'n', code: 'ALPHA_N', description: 'd', companyCode: 'NOPE' })).code).toBe(400);
  });

  it('edits, disables (the holder loses its menus at once), and deletes only unused roles', async () => {
    const tok = t.a.adminToken;
    const clerk = await s.login('alpha.clerk', PASSWORD);
    expect((await call(s, 'GET', '/sp/user/info', clerk)).data.permissions).toContain('menu:stations:stationprofile');
    const edit = await call(s, 'PUT', `/sp/role/${t.staff.roleId}`, tok, { permissions: ['menu:stations:stationgroup'], code: 'IGNORED' });
    expect(edit.code).toBe(200);
    expect(edit.data).toMatchObject({ code: 'ALPHA_CLERK', permissions: ['menu:stations', 'menu:stations:stationgroup'] });
    const tree = await call(s, 'GET', '/sp/menu/tree', clerk);
    expect(JSON.stringify(tree.data)).toContain('menu:stations:stationgroup');
    expect(JSON.stringify(tree.data)).not.toContain('menu:stations:stationprofile');
    expect((await call(s, 'PUT', `/sp/role/${t.staff.roleId}/status`, tok, { enabled: false })).data.enabled).toBe(false);
    expect((await call(s, 'GET', '/sp/user/info', clerk)).data.permissions).toEqual([]);
    expect((await call(s, 'PUT', `/sp/role/${t.staff.roleId}/status?enabled=true`, tok)).data.enabled).toBe(true);
    const del = await call(s, 'DELETE', `/sp/role/${t.staff.roleId}`, tok);
    expect(del.code).toBe(400);
    expect(del.msg).toContain('accounts');
    const spare = await call(s, 'POST', '/sp/role', tok, { name: 'Spare', code: 'ALPHA_SPARE', description: 'x' });
    expect((await call(s, 'DELETE', `/sp/role/${spare.data.id}`, tok)).code).toBe(200);
    expect((await call(s, 'GET', `/sp/role/${spare.data.id}`, tok)).code).toBe(807);
  });

  it('lists roles with filters and offers assignable roles for the account form', async () => {
    await call(s, 'POST', '/sp/role', t.admin, { name: 'Shared viewer', code: 'SHARED_VIEW', description: 'platform', permissions: ['menu:search'] });
    const all = await call(s, 'GET', '/sp/role?size=100', t.admin);
    expect(all.data.records.some((r: { code: string }) => r.code === 'BETA_ADMIN')).toBe(true);
    const alpha = await call(s, 'GET', '/sp/role?q=clerk', t.a.adminToken);
    expect(alpha.data.records.map((r: { code: string }) => r.code)).toEqual(['ALPHA_CLERK']);
    const sel = await call(s, 'GET', '/sp/role/select', t.a.adminToken);
    const codes = sel.data.map((r: { code: string }) => r.code);
    expect(codes).toContain('SHARED_VIEW');
    expect(codes).toContain('ALPHA_ADMIN');
    expect(codes).not.toContain('BETA_ADMIN');
  });
});
