/**
 * Access rules of the console in one place (requirements §2, §6), pure and tested; the console's
 * layout and the auth provider both read them from here. Which route a user may open
 * (`canAccess`), which entries the sidebar shows (`menuRoutes`: allowed by the permissions AND
 * implemented by the console) and the breadcrumb of a path.
 */
import { ROUTES, canSee, filterRoutes, type RouteNode } from './routes.js';

/** The chain of nodes from the top section down to the route that owns `pathname`. */
export function routeChain(pathname: string, routes: RouteNode[] = ROUTES): RouteNode[] {
  for (const r of routes) {
    const owns = pathname === r.path || pathname.startsWith(`${r.path}/`);
    if (!owns) continue;
    if (r.children) {
      const below = routeChain(pathname, r.children);
      if (below.length) return [r, ...below];
      if (pathname === r.path) return [r];
      continue;
    }
    return [r];
  }
  return [];
}

/**
 * True when a user holding `permissions` may open `pathname` (or a sub-path of a route, such as
 * `/Operations/Orders/12/show`): every node of its chain must be visible to them (requirements §6:
 * `role:admin` sees everything). Paths outside the route table → false.
 */
export function canAccess(pathname: string, permissions: readonly string[], routes: RouteNode[] = ROUTES): boolean {
  const chain = routeChain(pathname, routes);
  return chain.length > 0 && chain.every((n) => canSee(n, permissions));
}

/**
 * The sidebar's entries: the route table filtered by permissions (recursively, `filterRoutes`),
 * keeping only leaves the console implements (`implemented` holds their paths) and dropping
 * hidden routes and sections left empty.
 */
export function menuRoutes(permissions: readonly string[], implemented: ReadonlySet<string>, routes: RouteNode[] = ROUTES): RouteNode[] {
  const prune = (nodes: RouteNode[]): RouteNode[] => {
    const out: RouteNode[] = [];
    for (const n of nodes) {
      if (n.hidden) continue;
      if (n.children) {
        const children = prune(n.children);
        if (children.length) out.push({ ...n, children });
      } else if (implemented.has(n.path)) out.push(n);
    }
    return out;
  };
  return prune(filterRoutes(routes, permissions));
}

/** i18n keys (`menu.<key>`) of the breadcrumb for `pathname` (section › page); [] when unknown. */
export function breadcrumbKeys(pathname: string, routes: RouteNode[] = ROUTES): string[] {
  return routeChain(pathname, routes).map((n) => `menu.${n.key}`);
}
