import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ROUTES, allPermissions } from '../../../domain/routes.js';
import { cardUser, chargerLog, station } from '../../../server/db/schema.js';
import type { AuthContext } from '../../../server/http/access.js';
import type { AppError } from '../../../domain/app-error.js';
import { assertInScope, assertStationAccess, scopeWhere } from '../../../server/http/scope.js';
import { buildTree, filterTree, labelOfKey } from '../../../server/modules/menu/service.js';
import { operatorAdminPermissions } from '../../../server/modules/company/service.js';
import { imageInfo } from '../../../server/modules/profile/image.js';

const auth = (over: Partial<AuthContext>): AuthContext => ({
  accountId: 1,
  username: 'u',
  userType: 'STAFF',
  companyCode: 'A',
  isAdmin: false,
  permissions: [],
  managedStationIds: [],
  token: 't',
  ...over,
});
const dialect = new PgDialect();

describe('station scope', () => {
  it('limits station managers to their stations and leaves everyone else alone', () => {
    const sqlOf = (a: AuthContext, t: Parameters<typeof scopeWhere>[1]) => dialect.sqlToQuery(scopeWhere(a, t)!);
    expect(scopeWhere(auth({ isAdmin: true, userType: 'ADMIN', companyCode: null }), station)).toBeUndefined();
    expect(sqlOf(auth({}), station).params).toEqual(['A']);
    const some = sqlOf(auth({ userType: 'STATION_MANAGER', managedStationIds: [3, 7] }), station);
    expect(some.sql).toContain('in');
    expect(some.params).toEqual(['A', 3, 7]);
    expect(sqlOf(auth({ userType: 'STATION_MANAGER' }), station).sql).toBe('false');
    // The charger log reaches its station through the charger (or gateway) that sent the frame.
    const log = sqlOf(auth({ userType: 'STATION_MANAGER', managedStationIds: [3] }), chargerLog);
    expect(log.sql).toContain('"charger_sn" in (select');
    expect(log.params).toEqual(['A', 3, 3]);
    // Card users belong to the company: a station manager sees the company's.
    expect(sqlOf(auth({ userType: 'STATION_MANAGER', managedStationIds: [3] }), cardUser).params).toEqual(['A']);
  });

  it('checks a row of a station-bound table against company and station at once', () => {
    const m = auth({ userType: 'STATION_MANAGER', managedStationIds: [3] });
    const code = (fn: () => void) => {
      try {
        fn();
        return 0;
      } catch (e) {
        return (e as AppError).code;
      }
    };
    expect(code(() => assertInScope(m, station, { id: 3, companyCode: 'A' }, 'write'))).toBe(0);
    expect(code(() => assertInScope(m, station, { id: 4, companyCode: 'A' }, 'write'))).toBe(725);
    expect(code(() => assertInScope(m, station, { id: 3, companyCode: 'B' }, 'read'))).toBe(709);
    expect(code(() => assertInScope(auth({}), station, { id: 4, companyCode: 'A' }, 'write'))).toBe(0);
  });

  it('answers 709 / 725 for a station outside the list', () => {
    const m = auth({ userType: 'STATION_MANAGER', managedStationIds: [3] });
    expect(() => assertStationAccess(m, 3, 'read')).not.toThrow();
    expect(() => assertStationAccess(m, null, 'read')).not.toThrow();
    const code = (fn: () => void) => {
      try {
        fn();
        return 0;
      } catch (e) {
        return (e as AppError).code;
      }
    };
    expect(code(() => assertStationAccess(m, 4, 'read'))).toBe(709);
    expect(code(() => assertStationAccess(m, 4, 'write'))).toBe(725);
    expect(code(() => assertStationAccess(auth({}), 4, 'write'))).toBe(0);
  });
});

describe('menu tree filtering (requirements §6)', () => {
  let id = 0;
  const rows: Parameters<typeof buildTree>[0] = [];
  const add = (nodes: typeof ROUTES, level: number, parentId: number | null) => {
    for (const [i, n] of nodes.entries()) {
      const row = {
        id: ++id,
        name: labelOfKey(n.key),
        routeKey: n.key,
        orderNum: i,
        level,
        enabled: true,
        permission: n.permission ?? null,
        url: n.path,
        icon: n.icon,
        parentId,
        configurable: true,
        hidden: !!n.hidden,
        createdAt: new Date(),
      };
      rows.push(row);
      if (n.children) add(n.children, level + 1, row.id);
    }
  };
  add(ROUTES, 1, null);

  it('shows everything to the administrator and drops parents whose children are all hidden', () => {
    const tree = buildTree(rows);
    expect(filterTree(tree, ['role:admin'], true).length).toBe(ROUTES.length);
    const narrow = filterTree(tree, ['menu:stations', 'menu:events'], false);
    expect(narrow.map((n) => n.routeKey)).toEqual(['dashboard', 'notificationPreference', 'tourAccount', 'notifications']);
    const one = filterTree(tree, ['menu:stations', 'menu:stations:stationgroup'], false);
    expect(one.map((n) => n.routeKey)).toEqual(['dashboard', 'stations', 'notificationPreference', 'tourAccount', 'notifications']);
    expect(one[1].children.map((n) => n.routeKey)).toEqual(['stationGroup']);
  });

  it("gives operator administrators every menu but the platform's System menus (Device Version is theirs too)", () => {
    const p = operatorAdminPermissions();
    expect(p).toContain('menu:systemusers');
    expect(p.filter((x) => x === 'menu:system' || x.startsWith('menu:system:')).sort()).toEqual(['menu:system', 'menu:system:deviceversion']);
    expect(p.length).toBe(allPermissions().length - 2);
    expect(labelOfKey('stationInsights')).toBe('Station Insights');
  });
});

describe('image headers', () => {
  it('reads PNG and JPEG sizes and refuses the rest', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000001000000008008060000', 'hex');
    expect(imageInfo(png)).toEqual({ type: 'png', width: 256, height: 128 });
    const jpg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb0004 0000ffc0001108012c00c80301220002110103110100'.replace(/ /g, ''), 'hex');
    expect(imageInfo(jpg)).toEqual({ type: 'jpeg', width: 200, height: 300 });
    expect(imageInfo(Buffer.from('GIF89a'))).toBeNull();
    expect(imageInfo(Buffer.from('ffd8ffe0', 'hex'))).toBeNull();
    expect(imageInfo(Buffer.alloc(0))).toBeNull();
  });
});
