import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { menu } from '../../server/db/schema.js';
import { ROUTES, allPermissions } from '../../domain/routes.js';
import { ensureMenus } from '../../server/modules/menu/service.js';
import type { MenuNode } from '../../domain/entities/menu.js';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, type Tenants, tenantServer } from '../support/tenants.js';

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const perms = (nodes: MenuNode[]) =>
  flat(nodes)
    .map((n) => n.permission)
    .filter(Boolean);

describe.each(backends())('menus on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is seeded from the route table once', async () => {
    expect((await ensureMenus(s.database.db)).inserted).toBe(0);
    const tree = await call(s, 'GET', '/sp/menu/full-tree', t.admin);
    expect(tree.data.map((n: MenuNode) => n.url)).toEqual(ROUTES.map((r) => r.path));
    expect(perms(tree.data).sort()).toEqual(allPermissions().sort());
    const monitoring = tree.data.find((n: MenuNode) => n.routeKey === 'monitoring');
    expect(monitoring).toMatchObject({ level: 1, name: 'Monitoring', configurable: true });
    expect(monitoring.children.map((c: MenuNode) => c.level)).toEqual([2, 2, 2]);
    for (const key of ['tourAccount', 'notificationPreference']) {
      expect(
        tree.data.find((n: MenuNode) => n.routeKey === key),
        key,
      ).toMatchObject({ hidden: false, permission: null, configurable: false });
    }
  });

  it('shows Your Account as a menu section on a database seeded when it was hidden', async () => {
    await s.database.db.update(menu).set({ hidden: true }).where(eq(menu.routeKey, 'tourAccount'));
    await ensureMenus(s.database.db);
    const tree = await call(s, 'GET', '/sp/menu/full-tree', t.admin);
    expect(tree.data.find((n: MenuNode) => n.routeKey === 'tourAccount')).toMatchObject({ hidden: false });
  });

  it('gives each user the tree of their permissions (requirements §6)', async () => {
    const admin = await call(s, 'GET', '/sp/menu/tree', t.admin);
    expect(perms(admin.data).sort()).toEqual(allPermissions().sort());
    const staff = await call(s, 'GET', '/sp/menu/tree', t.staff.token);
    expect(staff.data.map((n: MenuNode) => n.url).filter((u: string) => u !== '/Notifications')).toEqual([
      '/Dashboard/Dashboard',
      '/Stations',
      '/NotificationPreference/NotificationPreference',
      '/TourAccount/TourAccount',
    ]);
    expect(staff.data[1].children.map((n: MenuNode) => n.url)).toEqual(['/Stations/StationProfile']);
    const opAdmin = await call(s, 'GET', '/sp/menu/tree', t.a.adminToken);
    // An operator's administrator has System › Device Version only (their firmware), not Operators nor Menu.
    const system = opAdmin.data.find((n: MenuNode) => n.routeKey === 'system');
    expect(system.children.map((n: MenuNode) => n.routeKey)).toEqual(['deviceVersion']);
    expect(opAdmin.data.map((n: MenuNode) => n.routeKey)).toContain('systemUsers');
    expect((await call(s, 'GET', '/sp/menu/tree')).code).toBe(401);
  });

  it('creates, edits and disables menus with the rules of requirements §5', async () => {
    const tok = t.admin;
    const parent = flat((await call(s, 'GET', '/sp/menu/full-tree', tok)).data).find((n) => n.routeKey === 'stations')!;
    const base = {
      name: 'Parking',
      orderNum: 30,
      url: '/Stations/Parking',
      icon: 'LocalParking',
      permission: 'menu:stations:parking',
      level: 2,
      configurable: true,
      parentId: parent.id,
    };
    const made = await call(s, 'POST', '/sp/menu', tok, base);
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ name: 'Parking', parentId: parent.id, enabled: true, routeKey: null });
    expect((await call(s, 'POST', '/sp/menu', tok, { ...base, permission: 'menu:stations:other' })).code).toBe(307);
    expect((await call(s, 'POST', '/sp/menu', tok, { ...base, name: 'Other' })).code).toBe(308);
    const noParent = await call(s, 'POST', '/sp/menu', tok, { ...base, name: 'Orphan', permission: 'menu:orphan', parentId: null });
    expect(noParent.code).toBe(611);
    expect(noParent.msg).toContain('parentId');
    for (const field of ['name', 'orderNum', 'url', 'icon', 'permission', 'level', 'configurable']) {
      const res = await call(s, 'POST', '/sp/menu', tok, { ...base, name: 'N', permission: 'menu:n', [field]: null });
      expect(res.code, field).toBe(611);
      expect(res.msg, field).toContain(field);
    }
    expect((await call(s, 'POST', '/sp/menu', tok, { ...base, name: 'Deep', permission: 'menu:deep', level: 3 })).code).toBe(400);
    expect((await call(s, 'GET', '/sp/menu/999999', tok)).code).toBe(806);
    // the new permission can be granted and then shows in the tree
    const role = await call(s, 'POST', '/sp/role', tok, {
      name: 'Parking',
      code: 'ALPHA_PARK',
      description: 'x',
      companyCode: 'ALPHA',
      permissions: ['menu:stations:parking'],
    });
    expect(role.data.permissions).toEqual(['menu:stations', 'menu:stations:parking']);
    // edit, then a seeded menu keeps its permission and url
    expect((await call(s, 'PUT', `/sp/menu/${made.data.id}`, tok, { name: 'Car park', orderNum: 5 })).data).toMatchObject({ name: 'Car park', orderNum: 5 });
    expect((await call(s, 'PUT', `/sp/menu/${parent.id}`, tok, { permission: 'menu:renamed' })).code).toBe(400);
    expect((await call(s, 'PUT', `/sp/menu/${parent.id}`, tok, { ...parent, name: 'Sites' })).data).toMatchObject({
      name: 'Sites',
      permission: 'menu:stations',
    });
    expect((await call(s, 'PUT', `/sp/menu/${parent.id}`, tok, { level: 2, parentId: made.data.id })).code).toBe(400);
    // disabling hides the subtree for everyone
    expect((await call(s, 'PUT', `/sp/menu/${parent.id}/status`, tok, { enabled: false })).data.enabled).toBe(false);
    expect(perms((await call(s, 'GET', '/sp/menu/tree', t.staff.token)).data)).toEqual([]);
    expect(perms((await call(s, 'GET', '/sp/menu/tree', tok)).data)).not.toContain('menu:stations:stationprofile');
    expect((await call(s, 'PUT', `/sp/menu/${parent.id}/status?enabled=true`, tok)).data.enabled).toBe(true);
    const list = await call(s, 'GET', '/sp/menu?q=car%20p', tok);
    expect(list.data.records.map((m: { name: string }) => m.name)).toEqual(['Car park']);
  });
});
