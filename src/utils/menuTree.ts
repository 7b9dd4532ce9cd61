/**
 * Pure helpers over the server's menu tree (`GET /sp/menu/tree`, `/sp/menu/full-tree`, requirements §2,
 * §6): node labels, flattening for the table, and the tri-state permission choice of the role
 * editor (a parent is granted with any of its children, as the server stores it).
 */
import type { z } from 'zod';
import type { menuNodeSchema } from '../../domain/entities/menu';

/** A node of the menu tree as the API answers it. */
export type MenuNode = z.infer<typeof menuNodeSchema>;

/** The i18n key of a node's title (`menu.<routeKey>`); menus created later use their name. */
export function menuLabelKey(node: Pick<MenuNode, 'routeKey'>): string | undefined {
  return node.routeKey ? `menu.${node.routeKey}` : undefined;
}

/** Depth-first list of the tree with each node's depth (0 = top), children in `orderNum` order. */
export function flattenTree(nodes: MenuNode[], depth = 0, out: Array<{ node: MenuNode; depth: number }> = []) {
  for (const n of [...nodes].sort((a, b) => a.orderNum - b.orderNum || a.id - b.id)) {
    out.push({ node: n, depth });
    flattenTree(n.children ?? [], depth + 1, out);
  }
  return out;
}

/**
 * The part of the tree a role can be given: nodes with a permission and `configurable`, keeping
 * their configurable descendants. Nodes without a permission (the dashboard) are open to all.
 */
export function grantableTree(nodes: MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    if (!n.permission || !n.configurable) continue;
    out.push({ ...n, children: grantableTree(n.children ?? []) });
  }
  return out;
}

/** Every permission string in a subtree (the node's own included). */
export function subtreePermissions(node: MenuNode): string[] {
  return [...(node.permission ? [node.permission] : []), ...(node.children ?? []).flatMap(subtreePermissions)];
}

/** Leaf permissions of a subtree (a parent's state derives from these). */
function leafPermissions(node: MenuNode): string[] {
  const kids = node.children ?? [];
  if (!kids.length) return node.permission ? [node.permission] : [];
  return kids.flatMap(leafPermissions);
}

export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

/** Tri-state of a node: a leaf is its own permission; a parent is all / some / none of its leaves. */
export function checkState(node: MenuNode, selected: ReadonlySet<string>): CheckState {
  const leaves = leafPermissions(node);
  if (!leaves.length) return 'unchecked';
  const n = leaves.filter((p) => selected.has(p)).length;
  if (n === 0) return 'unchecked';
  return n === leaves.length ? 'checked' : 'indeterminate';
}

/**
 * Normalises a selection over `tree`: a parent is included exactly when at least one of its
 * leaves is (requirements §6, as the server adds parents). Permissions outside the tree are kept.
 */
export function normalise(tree: MenuNode[], selected: ReadonlySet<string>): string[] {
  const inTree = new Set(tree.flatMap(subtreePermissions));
  const out = new Set([...selected].filter((p) => !inTree.has(p)));
  const walk = (n: MenuNode): boolean => {
    const kids = n.children ?? [];
    const any = kids.length ? kids.map(walk).some(Boolean) : !!n.permission && selected.has(n.permission);
    if (any && n.permission) out.add(n.permission);
    return any;
  };
  tree.forEach(walk);
  return [...out].sort();
}

/** Toggles a node: checking selects every permission of its subtree, unchecking clears them. */
export function toggle(tree: MenuNode[], node: MenuNode, selected: ReadonlySet<string>): string[] {
  const next = new Set(selected);
  const all = subtreePermissions(node);
  if (checkState(node, selected) === 'checked') for (const p of all) next.delete(p);
  else for (const p of all) next.add(p);
  return normalise(tree, next);
}

/** The sidebar's shape of a node (domain/routes.ts `RouteNode`). */
interface SidebarNode {
  path: string;
  key: string;
  permission?: string;
  icon: string;
  children?: SidebarNode[];
  hidden?: boolean;
}

/**
 * The sidebar entries from the server's menu tree (`GET /sp/menu/tree`: already filtered by the
 * user's permissions and without disabled menus), kept only where the console implements the page
 * (`implemented` = paths) and the node is not hidden; sections left empty are dropped. Titles
 * come from `menu.<routeKey>`, so menus without a route key (created later, no console page) are
 * dropped as well. Children follow `orderNum`.
 */
export function sidebarFromMenuTree(tree: MenuNode[], implemented: ReadonlySet<string>): SidebarNode[] {
  const out: SidebarNode[] = [];
  for (const n of [...tree].sort((a, b) => a.orderNum - b.orderNum || a.id - b.id)) {
    if (!n.enabled || n.hidden || !n.routeKey) continue;
    const base = { path: n.url, key: n.routeKey, icon: n.icon, ...(n.permission ? { permission: n.permission } : {}) };
    if (n.children?.length) {
      const children = sidebarFromMenuTree(n.children, implemented);
      if (children.length) out.push({ ...base, children });
    } else if (implemented.has(n.url)) out.push(base);
  }
  return out;
}
