/**
 * The menu tree as data (requirements §2, §3 "Menu item", §5, §6): seeding from `ROUTES`, the caller's
 * filtered tree, and create / edit / enable-disable with codes 307 (name), 308 (permission),
 * 611 (field empty), 806 (not found).
 */
import { and, asc, count, eq, ilike, isNotNull, ne, type SQL } from 'drizzle-orm';
import { ROUTES, allPermissions, type RouteNode } from '../../../domain/routes.js';
import { MENU_REQUIRED, type MenuDto, type MenuInput, type MenuNode } from '../../../domain/entities/menu.js';
import type { Db } from '../../db/client.js';
import { menu } from '../../db/schema.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, type PageQuery } from '../../http/paging.js';
import { requireFields } from '../../http/required.js';
import type { Page } from '../../http/envelope.js';

type MenuRow = typeof menu.$inferSelect;

/** Unique constraints of the menu table → catalogue codes. */
const MENU_UNIQUE = {
  menu_name_unique: [307, 'name'],
  menu_permission_unique: [308, 'permission'],
} as const satisfies Record<string, UniqueAnswer>;

/** English label of a seeded menu from its i18n key (`stationInsights` → `Station Insights`). */
export function labelOfKey(key: string): string {
  if (key === 'tourAccount') return 'Your Account';
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Seeds the menu table from `ROUTES` (domain/routes.ts): every route node whose key is not yet
 * present is inserted (parents first), so a first start gets the whole tree and a later version
 * adds only its new menus; the menus open to every signed-in user (not configurable) take the
 * table's `hidden` flag. Safe to call on every start and from several nodes at once.
 */
export async function ensureMenus(db: Db): Promise<{ inserted: number }> {
  let inserted = 0;
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: menu.id, routeKey: menu.routeKey }).from(menu).where(isNotNull(menu.routeKey));
    const idOf = new Map(existing.map((m) => [m.routeKey!, m.id]));
    const walk = async (nodes: RouteNode[], level: number, parentKey: string | null) => {
      for (const [i, node] of nodes.entries()) {
        if (!idOf.has(node.key)) {
          const parentId = parentKey ? (idOf.get(parentKey) ?? null) : null;
          const rows = await tx
            .insert(menu)
            .values({
              name: labelOfKey(node.key),
              routeKey: node.key,
              orderNum: (i + 1) * 10,
              level,
              enabled: true,
              permission: node.permission ?? null,
              url: node.path,
              icon: node.icon,
              parentId,
              configurable: node.permission !== undefined,
              hidden: node.hidden === true,
            })
            .onConflictDoNothing()
            .returning({ id: menu.id });
          if (rows[0]) {
            idOf.set(node.key, rows[0].id);
            inserted++;
          } else {
            const [again] = await tx.select({ id: menu.id }).from(menu).where(eq(menu.routeKey, node.key));
            if (again) idOf.set(node.key, again.id);
          }
        } else if (node.permission === undefined) {
          // Menus open to every signed-in user are not configurable: they follow the route table
          // (e.g. "Your Account", once hidden, is a menu section of its own now).
          await tx
            .update(menu)
            .set({ hidden: node.hidden === true })
            .where(and(eq(menu.routeKey, node.key), eq(menu.configurable, false), ne(menu.hidden, node.hidden === true)));
        }
        if (node.children) await walk(node.children, level + 1, node.key);
      }
    };
    await walk(ROUTES, 1, null);
  });
  return { inserted };
}

/** A menu row as the API answers it. */
export function toMenuDto(m: MenuRow): MenuDto {
  return {
    id: m.id,
    name: m.name,
    routeKey: m.routeKey,
    orderNum: m.orderNum,
    level: m.level,
    enabled: m.enabled,
    permission: m.permission,
    url: m.url,
    icon: m.icon,
    parentId: m.parentId,
    configurable: m.configurable,
    hidden: m.hidden,
  };
}

const byOrder = (a: MenuRow, b: MenuRow) => a.orderNum - b.orderNum || a.id - b.id;

/** Builds the tree of `rows` (children ordered by orderNum, then id). */
export function buildTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(rows.map((r) => [r.id, { ...toMenuDto(r), children: [] }]));
  const roots: MenuNode[] = [];
  for (const r of [...rows].sort(byOrder)) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (r.parentId === null) roots.push(node);
    // a row whose parent is missing (disabled or filtered out) is dropped with it
  }
  return roots;
}

/**
 * Filters a tree to what `permissions` allow (requirements §6): `role:admin` sees every node; others the
 * nodes without a permission or whose permission they hold, recursively; a parent whose children
 * are all filtered away is dropped.
 */
export function filterTree(nodes: MenuNode[], permissions: readonly string[], isAdmin: boolean): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    if (!isAdmin && n.permission !== null && !permissions.includes(n.permission)) continue;
    if (n.children.length) {
      const children = filterTree(n.children, permissions, isAdmin);
      if (children.length === 0) continue;
      out.push({ ...n, children });
    } else out.push(n);
  }
  return out;
}

/** GET /sp/menu/tree: the enabled menus the caller may see, as a tree (requirements §6). */
export async function menuTreeFor(db: Db, auth: AuthContext): Promise<MenuNode[]> {
  const rows = await db.select().from(menu).where(eq(menu.enabled, true));
  return filterTree(buildTree(rows), auth.permissions, auth.isAdmin);
}

/** Every menu (enabled or not) as a tree, for the menu administration screen. */
export async function fullTree(db: Db): Promise<MenuNode[]> {
  return buildTree(await db.select().from(menu));
}

/**
 * Every permission a role may hold: the route table's and those of menus created later.
 */
export async function grantablePermissions(db: Db): Promise<Set<string>> {
  const rows = await db.select({ p: menu.permission }).from(menu).where(isNotNull(menu.permission));
  return new Set([...allPermissions(), ...rows.map((r) => r.p!)]);
}

/**
 * The permission strings of the ancestors of each of `permissions` (a role that holds a child
 * menu holds its parents, as a tree with half-checked parents does).
 */
export async function withAncestors(db: Db, permissions: string[]): Promise<string[]> {
  const rows = await db.select({ id: menu.id, parentId: menu.parentId, permission: menu.permission }).from(menu);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byPerm = new Map(rows.filter((r) => r.permission).map((r) => [r.permission!, r]));
  const out = new Set(permissions);
  for (const p of permissions) {
    let cur = byPerm.get(p);
    for (let guard = 0; cur && cur.parentId !== null && guard < 10; guard++) {
      const parent = byId.get(cur.parentId);
      if (parent?.permission) out.add(parent.permission);
      cur = parent;
    }
  }
  return [...out];
}

export interface MenuFilters {
  q?: string;
  enabled?: boolean;
  level?: number;
}

/** GET /sp/menu: menus, flat, ordered by level then order number. */
export async function listMenus(db: Db, f: MenuFilters, page: PageQuery): Promise<Page<MenuDto>> {
  const conds: SQL[] = [];
  if (f.q) conds.push(ilike(menu.name, likeTerm(f.q)));
  if (f.enabled !== undefined) conds.push(eq(menu.enabled, f.enabled));
  if (f.level !== undefined) conds.push(eq(menu.level, f.level));
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = limitOffset(page);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(menu).where(where).orderBy(asc(menu.level), asc(menu.orderNum), asc(menu.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(menu).where(where),
  ]);
  return { records: rows.map(toMenuDto), total: n };
}

/** One menu; 806 when absent. */
export async function getMenu(db: Db, id: number): Promise<MenuRow> {
  const [row] = await db.select().from(menu).where(eq(menu.id, id));
  if (!row) throw new AppError(806);
  return row;
}

/** Checks the level/parent rule of requirements §5 and returns the parent id to store. */
async function checkParent(db: Db, level: number, parentId: number | null | undefined, selfId?: number): Promise<number | null> {
  if (level === 1) {
    if (parentId !== null && parentId !== undefined) throw new AppError(400, 'parentId');
    return null;
  }
  if (parentId === null || parentId === undefined) throw new AppError(611, 'parentId');
  if (parentId === selfId) throw new AppError(400, 'parentId');
  const [parent] = await db.select().from(menu).where(eq(menu.id, parentId));
  if (!parent) throw new AppError(806, 'parentId');
  if (parent.level !== level - 1) throw new AppError(400, 'level');
  return parentId;
}

/** POST /sp/menu: creates a menu (platform administrators). */
export async function createMenu(db: Db, input: MenuInput): Promise<MenuDto> {
  const body = requireFields(input, MENU_REQUIRED, 'create');
  const parentId = await checkParent(db, body.level, body.parentId);
  const [row] = await mapUnique(
    () =>
      db
        .insert(menu)
        .values({
          name: body.name,
          orderNum: body.orderNum,
          level: body.level,
          url: body.url,
          icon: body.icon,
          permission: body.permission,
          configurable: body.configurable,
          parentId,
          enabled: body.enabled ?? true,
          hidden: body.hidden ?? false,
        })
        .returning(),
    MENU_UNIQUE,
  );
  return toMenuDto(row);
}

/**
 * PUT /sp/menu/{id}: edits a menu. A seeded menu keeps its url and permission (the console's
 * routes and the server's checks use them: 400 naming the field when changed); a menu with
 * children keeps its level.
 */
export async function updateMenu(db: Db, id: number, input: MenuInput): Promise<MenuDto> {
  const current = await getMenu(db, id);
  const seeded = current.routeKey !== null;
  const { permission: _fixed, ...requiredOfSeeded } = MENU_REQUIRED;
  if (seeded) requireFields(input, requiredOfSeeded, 'update');
  else requireFields(input, MENU_REQUIRED, 'update');
  if (seeded) {
    if (input.permission !== undefined && input.permission !== null && input.permission !== current.permission) throw new AppError(400, 'permission');
    if (input.url !== undefined && input.url !== null && input.url !== current.url) throw new AppError(400, 'url');
  }
  const level = input.level ?? current.level;
  const parentInput = input.parentId === undefined ? current.parentId : input.parentId;
  if (level !== current.level) {
    const [{ n }] = await db.select({ n: count() }).from(menu).where(eq(menu.parentId, id));
    if (n > 0) throw new AppError(400, 'level');
  }
  const parentId = await checkParent(db, level, parentInput, id);
  const [row] = await mapUnique(
    () =>
      db
        .update(menu)
        .set({
          name: input.name ?? undefined,
          orderNum: input.orderNum ?? undefined,
          url: seeded ? undefined : (input.url ?? undefined),
          icon: input.icon ?? undefined,
          permission: seeded ? undefined : (input.permission ?? undefined),
          configurable: input.configurable ?? undefined,
          enabled: input.enabled,
          hidden: input.hidden,
          level,
          parentId,
        })
        .where(eq(menu.id, id))
        .returning(),
    MENU_UNIQUE,
  );
  return toMenuDto(row);
}

/** PUT /sp/menu/{id}/status: enables or disables a menu (its subtree disappears from the tree). */
export async function setMenuEnabled(db: Db, id: number, enabled: boolean): Promise<MenuDto> {
  await getMenu(db, id);
  const [row] = await db.update(menu).set({ enabled }).where(eq(menu.id, id)).returning();
  return toMenuDto(row);
}
