import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { call, operatorBody, PASSWORD } from '../support/tenants.js';
import { account, cardUser, company, role, stationGroup } from '../../server/db/schema.js';
import { operatorAdminPermissions, systemSectionPermissions } from '../../server/modules/company/service.js';

describe.each(backends())('operators on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await build(backend, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cd-op-')) });
    admin = await s.login();
  });
  afterAll(async () => {
    await s?.close();
  });

  const rows = async () => {
    const db = s.database.db;
    const [[c], [a], [r], [g]] = await Promise.all([
      db.select({ n: count() }).from(company),
      db.select({ n: count() }).from(account),
      db.select({ n: count() }).from(role),
      db.select({ n: count() }).from(stationGroup),
    ]);
    return { companies: c.n, accounts: a.n, roles: r.n, groups: g.n };
  };

  it('gives existing operator administrator roles Device Version once (migration 0024), other roles unchanged', async () => {
    const db = s.database.db;
    const [old] = await db
      .insert(role)
      .values({ name: 'Old admin', code: 'OLDCO_ADMIN', companyCode: 'OLDCO', permissions: ['menu:dashboard', 'menu:system'] })
      .returning();
    const [staff] = await db
      .insert(role)
      .values({ name: 'Old staff', code: 'OLDCO_STAFF', companyCode: 'OLDCO', permissions: ['menu:dashboard'] })
      .returning();
    const migration = fs.readFileSync(path.resolve('server/db/migrations/0024_operator_device_version.sql'), 'utf8');
    for (let i = 0; i < 2; i++) await db.execute(sql.raw(migration));
    const [after] = await db.select().from(role).where(eq(role.id, old.id));
    expect(after.permissions).toEqual(['menu:dashboard', 'menu:system', 'menu:system:deviceversion']);
    const [kept] = await db.select().from(role).where(eq(role.id, staff.id));
    expect(kept.permissions).toEqual(['menu:dashboard']);
    await db.delete(role).where(inArray(role.id, [old.id, staff.id]));
  });

  it('creates an operator with its administrator, role and default station group', async () => {
    const res = await call(s, 'POST', '/sp/company', admin, operatorBody('OPA'));
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ code: 'OPA', name: 'OPA Charging Ltd', currency: 'EUR', adminUsername: 'opa.admin', timeZone: 'Europe/London' });
    expect(res.data).not.toHaveProperty('password');
    const db = s.database.db;
    const [acc] = await db.select().from(account).where(eq(account.username, 'opa.admin'));
    expect(acc).toMatchObject({ companyCode: 'OPA', userType: 'OPERATOR_ADMIN', active: true });
    expect(acc.passwordHash).toMatch(/^scrypt\$/);
    const [r] = await db.select().from(role).where(eq(role.id, acc.roleId!));
    expect(r.companyCode).toBe('OPA');
    expect([...r.permissions].sort()).toEqual([...operatorAdminPermissions()].sort());
    for (const p of systemSectionPermissions()) {
      if (p === 'menu:system' || p === 'menu:system:deviceversion')
        expect(r.permissions).toContain(p); // their firmware (decided)
      else expect(r.permissions).not.toContain(p);
    }
    expect(r.permissions).toContain('menu:systemusers:accounts');
    const groups = await db.select().from(stationGroup).where(eq(stationGroup.companyCode, 'OPA'));
    expect(groups).toHaveLength(1);
    expect(groups[0].isDefault).toBe(true);
    // the administrator can sign in and sees the operator's own data only
    const token = await s.login('opa.admin', PASSWORD);
    const list = await call(s, 'GET', '/sp/company/user', token);
    expect(list.code).toBe(200);
    expect(list.data.records.map((x: { username: string }) => x.username)).toEqual(['opa.admin']);
  });

  it('answers 300 for a duplicate code and 301 for a taken administrator username, creating nothing', async () => {
    const before = await rows();
    const dupCode = await call(s, 'POST', '/sp/company', admin, operatorBody('OPA', { adminUsername: 'someone.else' }));
    expect(dupCode.code).toBe(300);
    expect(dupCode.status).toBe(409);
    const dupUser = await call(s, 'POST', '/sp/company', admin, operatorBody('OPB', { adminUsername: 'opa.admin' }));
    expect(dupUser.code).toBe(301);
    expect(await rows()).toEqual(before);
  });

  it('names missing required fields with their empty codes and enforces limits', async () => {
    const before = await rows();
    for (const [field, code] of [
      ['name', 600],
      ['code', 600],
      ['currency', 600],
      ['address', 600],
      ['adminUsername', 609],
      ['password', 607],
    ] as const) {
      const res = await call(s, 'POST', '/sp/company', admin, operatorBody('OPC', { [field]: '' }));
      expect(res.code, field).toBe(code);
      expect(res.msg, field).toContain(field);
      const absent: Record<string, unknown> = operatorBody('OPC');
      delete absent[field];
      expect((await call(s, 'POST', '/sp/company', admin, absent)).code, field).toBe(code);
    }
    const long = await call(s, 'POST', '/sp/company', admin, operatorBody('OPC', { name: 'x'.repeat(501) }));
    expect(long.code).toBe(400);
    expect(long.msg).toContain('name');
    expect((await call(s, 'POST', '/sp/company', admin, operatorBody('OPC', { name: 'x'.repeat(500) }))).code).toBe(200);
    const addr = await call(s, 'POST', '/sp/company', admin, operatorBody('OPD', { address: 'y'.repeat(1001) }));
    expect(addr.code).toBe(400);
    expect(addr.msg).toContain('address');
    const cur = await call(s, 'POST', '/sp/company', admin, operatorBody('OPD', { currency: 'XYZ' }));
    expect(cur.code).toBe(400);
    expect(cur.msg).toContain('currency');
    const tz = await call(s, 'POST', '/sp/company', admin, operatorBody('OPD', { timeZone: 'Mars/Base' }));
    expect(tz.code).toBe(400);
    const after = await rows();
    expect(after.companies).toBe(before.companies + 1);
  });

  it('lists, filters, reads and edits operators; code and administrator stay fixed', async () => {
    const list = await call(s, 'GET', '/sp/company?q=opa&size=5', admin);
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(1);
    const id = list.data.records[0].id;
    const one = await call(s, 'GET', `/sp/company/${id}`, admin);
    expect(one.data.code).toBe('OPA');
    const edit = await call(s, 'PUT', `/sp/company/${id}`, admin, {
      ...one.data,
      name: 'OPA Renamed',
      code: 'HACK',
      adminUsername: 'x',
      currency: 'GBP',
      remark: '',
    });
    expect(edit.code).toBe(200);
    expect(edit.data).toMatchObject({ name: 'OPA Renamed', code: 'OPA', currency: 'GBP', adminUsername: 'opa.admin', remark: null });
    const blank = await call(s, 'PUT', `/sp/company/${id}`, admin, { name: '  ' });
    expect(blank.code).toBe(600);
    expect((await call(s, 'GET', '/sp/company/999999', admin)).code).toBe(400);
    const sel = await call(s, 'GET', '/sp/company/select', admin);
    expect(sel.data).toContainEqual({ companyCode: 'OPA', companyName: 'OPA Renamed' });
  });

  it('refuses a currency change (730, in both languages) once the operator holds balances or orders', async () => {
    const list = await call(s, 'GET', '/sp/company?q=opa&size=5', admin);
    const id = list.data.records[0].id;
    const one = (await call(s, 'GET', `/sp/company/${id}`, admin)).data;
    const [card] = await s.database.db
      .insert(cardUser)
      .values({ companyCode: one.code, cardNumber: 'CUR-1', lastName: 'Doe', firstName: 'Jo', balance: '141.60' })
      .returning();
    const refused = await call(s, 'PUT', `/sp/company/${id}`, admin, { ...one, currency: 'JPY' });
    expect(refused).toMatchObject({ code: 730, msg: expect.stringContaining('The currency cannot change while balances or orders exist') });
    const zh = await s.app.inject({
      method: 'PUT',
      url: `/sp/company/${id}`,
      payload: { ...one, currency: 'JPY' },
      headers: { authorization: `Bearer ${admin}`, cookie: 'language=zh' },
    });
    expect(zh.json()).toMatchObject({ code: 730, msg: expect.stringContaining('存在余额或订单时不能更改币种') });
    const [still] = await s.database.db.select({ currency: company.currency }).from(company).where(eq(company.id, id));
    expect(still.currency).toBe(one.currency);
    // Other fields still edit; the same currency is no change.
    expect((await call(s, 'PUT', `/sp/company/${id}`, admin, { ...one, name: 'OPA Again' })).code).toBe(200);
    await s.database.db.delete(cardUser).where(eq(cardUser.id, card.id));
    expect((await call(s, 'PUT', `/sp/company/${id}`, admin, { ...one, currency: 'JPY' })).code).toBe(200);
  });

  it('lets only platform administrators create operators', async () => {
    const token = await s.login('opa.admin', PASSWORD);
    const res = await call(s, 'POST', '/sp/company', token, operatorBody('OPZ'));
    expect(res.code).toBe(403);
    expect((await call(s, 'GET', '/sp/company', token)).code).toBe(403);
  });

  it('uploads a logo (JPG/PNG ≤ 200 KB)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000', 'hex');
    const res = await s.app.inject({
      method: 'POST',
      url: '/sp/company/logo',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
      payload: png,
    });
    expect(res.json().code).toBe(200);
    expect(res.json().data.logo).toMatch(/^\/sp\/files\/logo\/[a-f0-9]{32}\.png$/);
    const big = Buffer.concat([png, Buffer.alloc(201 * 1024)]);
    const tooBig = await s.app.inject({
      method: 'POST',
      url: '/sp/company/logo',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
      payload: big,
    });
    expect(tooBig.json().code).toBe(714);
  });
});
