import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSION, ROUTES, allPermissions, canSee, filterRoutes, findRoute, type RouteNode } from '../../../domain/routes.js';

const paths = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);

describe('route table (requirements §2)', () => {
  it('holds every route and permission of the spec, with its spellings', () => {
    const all = paths(ROUTES);
    for (const p of [
      '/Dashboard/Dashboard',
      '/Monitoring/MapMonitoring',
      '/Monitoring/StationMonitoring',
      '/Monitoring/ChargerMonitoring',
      '/Operations/StationIndights',
      '/Operations/Orders',
      '/Operations/Statistics',
      '/Stations/StationProfile',
      '/Stations/StationGroup',
      '/ChargerUsers/CardUsers',
      '/ChargerUsers/AppUsers',
      '/HomeStations/ChargerProfile',
      '/HomeStations/AppUserses',
      '/AnalyTics/AnalyTics',
      '/ReportTickets/ReportTickets',
      '/Search/Search',
      '/Events/Eventes',
      '/Events/ChargerLog',
      '/Events/Diagnosis',
      '/SystemUsers/Accounts',
      '/SystemUsers/Permissions',
      '/System/Operators',
      '/System/DeviceVersion',
      '/System/Menu',
      '/TourAccount/TourAccount',
      '/NotificationPreference/NotificationPreference',
    ])
      expect(all).toContain(p);
    const perms = allPermissions();
    for (const p of [
      'menu:monitoring',
      'menu:monitoring:mapmonotoring',
      'menu:monitoring:stationmonotoring',
      'menu:monitoring:chargermonotoring',
      'menu:operations:stationinsights',
      'menu:operations:orders',
      'menu:homestations:chargerprofiles',
      'menu:analytics',
      'menu:reporttickets',
      'menu:search',
      'menu:events:chargerlog',
      'menu:systemusers:persissions',
      'menu:system:deviceversion',
      'menu:system:menu',
    ])
      expect(perms).toContain(p);
  });

  it('has unique paths, unique i18n keys and unique permission strings', () => {
    const all = paths(ROUTES);
    expect(new Set(all).size).toBe(all.length);
    const keys = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);
    const k = keys(ROUTES);
    expect(new Set(k).size).toBe(k.length);
    const perms = allPermissions();
    expect(new Set(perms).size).toBe(perms.length);
  });

  it('puts every child under its parent path and its parent permission prefix', () => {
    for (const parent of ROUTES) {
      for (const c of parent.children ?? []) {
        expect(c.path.startsWith(`${parent.path}/`)).toBe(true);
        expect(c.permission?.startsWith(`${parent.permission}:`)).toBe(true);
      }
    }
  });

  it('lists parents before their children in allPermissions', () => {
    const perms = allPermissions();
    expect(perms.indexOf('menu:events')).toBeLessThan(perms.indexOf('menu:events:diagnosis'));
  });

  it('leaves the dashboard, Notification Preference and Your Account open to every signed-in user, as menu sections of their own', () => {
    expect(findRoute('/Dashboard/Dashboard')?.permission).toBeUndefined();
    for (const p of ['/TourAccount/TourAccount', '/NotificationPreference/NotificationPreference']) {
      expect(findRoute(p)?.hidden, p).toBeFalsy();
      expect(findRoute(p)?.permission, p).toBeUndefined();
    }
    expect(paths(ROUTES.filter((r) => r.hidden))).not.toContain('/TourAccount/TourAccount');
  });
});

describe('canSee and filterRoutes (requirements §6)', () => {
  it('role:admin sees the whole table, unchanged', () => {
    expect(filterRoutes(ROUTES, [ADMIN_PERMISSION])).toEqual(ROUTES);
    expect(canSee(findRoute('/System/Menu')!, [ADMIN_PERMISSION])).toBe(true);
  });

  it('no permissions leaves only the open routes', () => {
    expect(paths(filterRoutes(ROUTES, [])).filter((p) => !findRoute(p)?.hidden)).toEqual([
      '/Dashboard/Dashboard',
      '/NotificationPreference/NotificationPreference',
      '/TourAccount/TourAccount',
    ]);
  });

  it('filters children recursively: the parent stays with only the allowed children', () => {
    const out = filterRoutes(ROUTES, ['menu:operations', 'menu:operations:orders', 'menu:events', 'menu:events:chargerlog']);
    const ops = out.find((r) => r.path === '/Operations');
    expect(ops?.children?.map((c) => c.path)).toEqual(['/Operations/Orders']);
    const events = out.find((r) => r.path === '/Events');
    expect(events?.children?.map((c) => c.path)).toEqual(['/Events/ChargerLog']);
    expect(out.find((r) => r.path === '/System')).toBeUndefined();
  });

  it('drops a child whose parent permission is missing, and a parent whose children are all refused', () => {
    expect(paths(filterRoutes(ROUTES, ['menu:operations:orders']))).not.toContain('/Operations/Orders');
    expect(paths(filterRoutes(ROUTES, ['menu:operations']))).not.toContain('/Operations');
  });

  it('recurses to any depth and does not mutate the input', () => {
    const deep: RouteNode[] = [
      {
        path: '/A',
        key: 'a',
        permission: 'p:a',
        icon: 'x',
        children: [
          {
            path: '/A/B',
            key: 'b',
            permission: 'p:a:b',
            icon: 'x',
            children: [
              { path: '/A/B/C', key: 'c', permission: 'p:a:b:c', icon: 'x' },
              { path: '/A/B/D', key: 'd', permission: 'p:a:b:d', icon: 'x' },
            ],
          },
        ],
      },
    ];
    const snapshot = structuredClone(deep);
    expect(paths(filterRoutes(deep, ['p:a', 'p:a:b', 'p:a:b:d']))).toEqual(['/A', '/A/B', '/A/B/D']);
    expect(filterRoutes(deep, ['p:a', 'p:a:b'])).toEqual([]);
    expect(deep).toEqual(snapshot);
  });
});

describe('findRoute', () => {
  it('finds leaves and parents, and nothing for unknown paths', () => {
    expect(findRoute('/Operations/Orders')?.key).toBe('orders');
    expect(findRoute('/Operations')?.key).toBe('operations');
    expect(findRoute('/Nope')).toBeUndefined();
  });
});
