/**
 * The route table of spec §2, defined once: path, i18n title key, menu permission string and
 * children. The console builds its sidebar and route guard from it; the server seeds its menu
 * table and checks route permissions from the same strings. Spellings are the spec's own
 * (e.g. `StationIndights`, `menu:monitoring:mapmonotoring`, `menu:systemusers:persissions`).
 */

export interface RouteNode {
  /** Absolute hash-router path, e.g. `/Operations/Orders`. */
  path: string;
  /** i18n key of the title: `menu.<key>` in the console's messages. */
  key: string;
  /** Menu permission string; undefined = every signed-in user (spec: "no role listed"). */
  permission?: string;
  /** Material icon name for the sidebar. */
  icon: string;
  children?: RouteNode[];
  /** Routes reachable but not in the sidebar (own profile). */
  hidden?: boolean;
}

/** The full administrator permission (spec §6). */
export const ADMIN_PERMISSION = 'role:admin';

const child = (parent: string, name: string, key: string, permission: string, icon: string): RouteNode => ({
  path: `/${parent}/${name}`,
  key,
  permission,
  icon,
});

export const ROUTES: RouteNode[] = [
  { path: '/Dashboard/Dashboard', key: 'dashboard', icon: 'Dashboard' },
  {
    path: '/Monitoring', key: 'monitoring', permission: 'menu:monitoring', icon: 'Monitor',
    children: [
      child('Monitoring', 'MapMonitoring', 'mapMonitoring', 'menu:monitoring:mapmonotoring', 'Map'),
      child('Monitoring', 'StationMonitoring', 'stationMonitoring', 'menu:monitoring:stationmonotoring', 'EvStation'),
      child('Monitoring', 'ChargerMonitoring', 'chargerMonitoring', 'menu:monitoring:chargermonotoring', 'ElectricalServices'),
    ],
  },
  {
    path: '/Operations', key: 'operations', permission: 'menu:operations', icon: 'Insights',
    children: [
      child('Operations', 'StationIndights', 'stationInsights', 'menu:operations:stationinsights', 'QueryStats'),
      child('Operations', 'Orders', 'orders', 'menu:operations:orders', 'ReceiptLong'),
      child('Operations', 'Statistics', 'statistics', 'menu:operations:statistics', 'BarChart'),
    ],
  },
  {
    path: '/Stations', key: 'stations', permission: 'menu:stations', icon: 'EvStation',
    children: [
      child('Stations', 'StationProfile', 'stationProfile', 'menu:stations:stationprofile', 'Place'),
      child('Stations', 'StationGroup', 'stationGroup', 'menu:stations:stationgroup', 'Workspaces'),
    ],
  },
  {
    path: '/ChargerUsers', key: 'chargerUsers', permission: 'menu:chargerusers', icon: 'People',
    children: [
      child('ChargerUsers', 'CardUsers', 'cardUsers', 'menu:chargerusers:cardusers', 'CreditCard'),
      child('ChargerUsers', 'AppUsers', 'appUsers', 'menu:chargerusers:appusers', 'PhoneIphone'),
    ],
  },
  {
    path: '/HomeStations', key: 'homeStations', permission: 'menu:homestations', icon: 'Home',
    children: [
      child('HomeStations', 'ChargerProfile', 'chargerProfile', 'menu:homestations:chargerprofiles', 'Power'),
      child('HomeStations', 'AppUserses', 'homeAppUsers', 'menu:homestations:appusers', 'PhoneIphone'),
    ],
  },
  { path: '/AnalyTics/AnalyTics', key: 'analytics', permission: 'menu:analytics', icon: 'Analytics' },
  { path: '/ReportTickets/ReportTickets', key: 'reportTickets', permission: 'menu:reporttickets', icon: 'Feedback' },
  { path: '/Search/Search', key: 'search', permission: 'menu:search', icon: 'Search' },
  {
    path: '/Events', key: 'events', permission: 'menu:events', icon: 'NotificationsActive',
    children: [
      child('Events', 'Eventes', 'eventList', 'menu:events:events', 'WarningAmber'),
      child('Events', 'ChargerLog', 'chargerLog', 'menu:events:chargerlog', 'Terminal'),
      child('Events', 'Diagnosis', 'diagnosis', 'menu:events:diagnosis', 'MedicalServices'),
    ],
  },
  {
    path: '/SystemUsers', key: 'systemUsers', permission: 'menu:systemusers', icon: 'ManageAccounts',
    children: [
      child('SystemUsers', 'Accounts', 'accounts', 'menu:systemusers:accounts', 'Person'),
      child('SystemUsers', 'Permissions', 'permissions', 'menu:systemusers:persissions', 'Security'),
    ],
  },
  {
    path: '/System', key: 'system', permission: 'menu:system', icon: 'Settings',
    children: [
      child('System', 'Operators', 'operators', 'menu:system:operators', 'Business'),
      child('System', 'DeviceVersion', 'deviceVersion', 'menu:system:deviceversion', 'Memory'),
      child('System', 'Menu', 'menu', 'menu:system:menu', 'Menu'),
    ],
  },
  { path: '/TourAccount/TourAccount', key: 'tourAccount', icon: 'AccountCircle', hidden: true },
];

/** Every permission string of the table, parents first. */
export function allPermissions(routes: RouteNode[] = ROUTES): string[] {
  return routes.flatMap((r) => [
    ...(r.permission ? [r.permission] : []),
    ...allPermissions(r.children ?? []),
  ]);
}

/** True when a user with `permissions` may see a node (spec §6: `role:admin` sees all). */
export function canSee(node: RouteNode, permissions: readonly string[]): boolean {
  if (permissions.includes(ADMIN_PERMISSION)) return true;
  return node.permission === undefined || permissions.includes(node.permission);
}

/**
 * Filters the table recursively to what `permissions` allow (spec §6). A parent whose children
 * are all filtered away is dropped too.
 */
export function filterRoutes(routes: RouteNode[], permissions: readonly string[]): RouteNode[] {
  const out: RouteNode[] = [];
  for (const r of routes) {
    if (!canSee(r, permissions)) continue;
    if (r.children) {
      const children = filterRoutes(r.children, permissions);
      if (children.length === 0) continue;
      out.push({ ...r, children });
    } else out.push(r);
  }
  return out;
}

/** Finds the node (leaf or parent) whose path is `path`. */
export function findRoute(path: string, routes: RouteNode[] = ROUTES): RouteNode | undefined {
  for (const r of routes) {
    if (r.path === path) return r;
    const hit = r.children && findRoute(path, r.children);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The path of the route whose i18n key is `key` (e.g. `routePath('orders')` →
 * `/Operations/Orders`). Throws for a key the table does not hold, so a misspelt key fails when
 * the module that asks for it loads.
 */
export function routePath(key: string, routes: RouteNode[] = ROUTES): string {
  const find = (nodes: RouteNode[]): RouteNode | undefined => {
    for (const n of nodes) {
      if (n.key === key) return n;
      const hit = n.children && find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = find(routes);
  if (!node) throw new Error(`No route with key ${key}`);
  return node.path;
}

/**
 * The station profile page's tabs (spec §2 `/Stations/StationProfile`): the stations at the page
 * itself, chargers, gateways and rate templates at these sub-paths, each with its own create,
 * `:id` (edit) and `:id/show`.
 */
export const STATION_PROFILE_TABS = {
  stations: routePath('stationProfile'),
  chargers: `${routePath('stationProfile')}/chargers`,
  gateways: `${routePath('stationProfile')}/gateways`,
  rateTemplates: `${routePath('stationProfile')}/rate-templates`,
} as const;

/** The remote-upgrade view of a gateway: the station profile with `?GatewaySN=<sn>` (spec §2). */
export const gatewayUpgradePath = (gatewaySn: string) =>
  `${STATION_PROFILE_TABS.stations}?${new URLSearchParams({ GatewaySN: gatewaySn })}`;
