import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSION, ROUTES, filterRoutes } from '../../../domain/routes';
import { breadcrumbKeys, canAccess, menuRoutes, routeChain } from '../../../domain/access';

const implemented = new Set(['/Dashboard/Dashboard', '/Monitoring/ChargerMonitoring', '/Operations/Orders', '/TourAccount/TourAccount']);

describe('canAccess (requirements §6)', () => {
  it('lets an administrator open every route', () => {
    expect(canAccess('/System/Menu', [ADMIN_PERMISSION])).toBe(true);
    expect(canAccess('/Operations/Orders/12/show', [ADMIN_PERMISSION])).toBe(true);
  });
  it('needs the section and the page permission', () => {
    expect(canAccess('/Operations/Orders', ['menu:operations:orders'])).toBe(false);
    expect(canAccess('/Operations/Orders', ['menu:operations', 'menu:operations:orders'])).toBe(true);
    expect(canAccess('/Operations/Statistics', ['menu:operations', 'menu:operations:orders'])).toBe(false);
  });
  it('opens routes without a permission to every signed-in user', () => {
    expect(canAccess('/Dashboard/Dashboard', [])).toBe(true);
    expect(canAccess('/TourAccount/TourAccount', [])).toBe(true);
  });
  it('refuses paths outside the table and bare sections', () => {
    expect(canAccess('/Nope', [ADMIN_PERMISSION])).toBe(false);
    expect(canAccess('/Operations', ['menu:operations'])).toBe(true);
    expect(canAccess('/OperationsX/Orders', [ADMIN_PERMISSION])).toBe(false);
  });
});

describe('menuRoutes', () => {
  it('keeps only implemented, permitted, visible entries and drops empty sections', () => {
    const menu = menuRoutes(['menu:operations', 'menu:operations:orders', 'menu:monitoring'], implemented);
    expect(menu.map((r) => r.path)).toEqual(['/Dashboard/Dashboard', '/Operations', '/TourAccount/TourAccount']);
    expect(menu[1].children?.map((c) => c.path)).toEqual(['/Operations/Orders']);
  });
  it('gives an administrator every implemented page but not hidden ones', () => {
    const menu = menuRoutes([ADMIN_PERMISSION], implemented);
    const leaves = menu.flatMap((r) => (r.children ? r.children.map((c) => c.path) : [r.path]));
    expect(leaves).toEqual(['/Dashboard/Dashboard', '/Monitoring/ChargerMonitoring', '/Operations/Orders', '/TourAccount/TourAccount']);
  });
  it('filters recursively like filterRoutes', () => {
    const all = new Set(ROUTES.flatMap((r) => (r.children ? r.children.map((c) => c.path) : [r.path])));
    const perms = ['menu:events', 'menu:events:diagnosis'];
    const menu = menuRoutes(perms, all);
    const filtered = filterRoutes(ROUTES, perms).filter((r) => !r.hidden);
    expect(menu.map((r) => r.path)).toEqual(filtered.map((r) => r.path));
    expect(menu.find((r) => r.path === '/Events')?.children?.map((c) => c.path)).toEqual(['/Events/Diagnosis']);
  });
});

describe('breadcrumb', () => {
  it('names the section and the page', () => {
    expect(breadcrumbKeys('/Operations/Orders')).toEqual(['menu.operations', 'menu.orders']);
    expect(breadcrumbKeys('/Operations/Orders/5/show')).toEqual(['menu.operations', 'menu.orders']);
    expect(breadcrumbKeys('/Dashboard/Dashboard')).toEqual(['menu.dashboard']);
    expect(breadcrumbKeys('/unknown')).toEqual([]);
    expect(routeChain('/Monitoring/ChargerMonitoring').map((n) => n.key)).toEqual(['monitoring', 'chargerMonitoring']);
  });
});
