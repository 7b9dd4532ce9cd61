/**
 * The route table of requirements §2, defined once: path, i18n title key, menu permission string and
 * children. The console builds its sidebar and route guard from it; the server seeds its menu
 * table and checks route permissions from the same strings. Spellings are the spec's own
 * (e.g. `StationIndights`, `menu:monitoring:mapmonotoring`, `menu:systemusers:persissions`).
 */

import { PERMISSIONS as P, type MenuPermission } from './permissions.js';

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
  /** Routes reachable but not in the sidebar (every notification of the bell). */
  hidden?: boolean;
}

/** The full administrator permission (requirements §6). */
export const ADMIN_PERMISSION = P.admin;

const child = (parent: string, name: string, key: string, permission: MenuPermission, icon: string): RouteNode => ({
  path: `/${parent}/${name}`,
  key,
  permission,
  icon,
});

export const ROUTES: RouteNode[] = [
  { path: '/Dashboard/Dashboard', key: 'dashboard', icon: 'Dashboard' },
  {
    path: '/Monitoring',
    key: 'monitoring',
    permission: P.monitoring.section,
    icon: 'Monitor',
    children: [
      child('Monitoring', 'MapMonitoring', 'mapMonitoring', P.monitoring.map, 'Map'),
      child('Monitoring', 'StationMonitoring', 'stationMonitoring', P.monitoring.stations, 'EvStation'),
      child('Monitoring', 'ChargerMonitoring', 'chargerMonitoring', P.monitoring.chargers, 'ElectricalServices'),
    ],
  },
  {
    path: '/Operations',
    key: 'operations',
    permission: P.operations.section,
    icon: 'Insights',
    children: [
      child('Operations', 'StationIndights', 'stationInsights', P.operations.stationInsights, 'QueryStats'),
      child('Operations', 'Orders', 'orders', P.operations.orders, 'ReceiptLong'),
      child('Operations', 'Statistics', 'statistics', P.operations.statistics, 'BarChart'),
    ],
  },
  {
    path: '/Stations',
    key: 'stations',
    permission: P.stations.section,
    icon: 'EvStation',
    children: [
      child('Stations', 'StationProfile', 'stationProfile', P.stations.profile, 'Place'),
      child('Stations', 'StationGroup', 'stationGroup', P.stations.groups, 'Workspaces'),
    ],
  },
  {
    path: '/ChargerUsers',
    key: 'chargerUsers',
    permission: P.chargerUsers.section,
    icon: 'People',
    children: [
      child('ChargerUsers', 'CardUsers', 'cardUsers', P.chargerUsers.cardUsers, 'CreditCard'),
      child('ChargerUsers', 'AppUsers', 'appUsers', P.chargerUsers.appUsers, 'PhoneIphone'),
    ],
  },
  {
    path: '/HomeStations',
    key: 'homeStations',
    permission: P.homeStations.section,
    icon: 'Home',
    children: [
      child('HomeStations', 'ChargerProfile', 'chargerProfile', P.homeStations.chargerProfiles, 'Power'),
      child('HomeStations', 'AppUserses', 'homeAppUsers', P.homeStations.appUsers, 'PhoneIphone'),
      child('HomeStations', 'SmartCharging', 'smartCharging', P.homeStations.smartCharging, 'ElectricalServices'),
    ],
  },
  { path: '/AnalyTics/AnalyTics', key: 'analytics', permission: P.analytics, icon: 'Analytics' },
  { path: '/ReportTickets/ReportTickets', key: 'reportTickets', permission: P.reportTickets, icon: 'Feedback' },
  { path: '/Search/Search', key: 'search', permission: P.search, icon: 'Search' },
  {
    path: '/Events',
    key: 'events',
    permission: P.events.section,
    icon: 'NotificationsActive',
    children: [
      child('Events', 'Eventes', 'eventList', P.events.events, 'WarningAmber'),
      child('Events', 'ChargerLog', 'chargerLog', P.events.chargerLog, 'Terminal'),
      child('Events', 'Diagnosis', 'diagnosis', P.events.diagnosis, 'MedicalServices'),
    ],
  },
  {
    path: '/SystemUsers',
    key: 'systemUsers',
    permission: P.systemUsers.section,
    icon: 'ManageAccounts',
    children: [
      child('SystemUsers', 'Accounts', 'accounts', P.systemUsers.accounts, 'Person'),
      child('SystemUsers', 'Permissions', 'permissions', P.systemUsers.permissions, 'Security'),
    ],
  },
  {
    path: '/System',
    key: 'system',
    permission: P.system.section,
    icon: 'Settings',
    children: [
      child('System', 'Operators', 'operators', P.system.operators, 'Business'),
      child('System', 'DeviceVersion', 'deviceVersion', P.system.deviceVersion, 'Memory'),
      child('System', 'Menu', 'menu', P.system.menu, 'Menu'),
    ],
  },
  // Menu sections of their own for every signed-in user (requirements §2 menu list: "Notification
  // Preference; Your Account (edit details, change password)").
  { path: '/NotificationPreference/NotificationPreference', key: 'notificationPreference', icon: 'NotificationsNone' },
  { path: '/TourAccount/TourAccount', key: 'tourAccount', icon: 'AccountCircle' },
  // Every notification of the bell ("see all"); any signed-in user, like the bell.
  { path: '/Notifications', key: 'notifications', icon: 'NotificationsActive', hidden: true },
];

/** Every permission string of the table, parents first. */
export function allPermissions(routes: RouteNode[] = ROUTES): string[] {
  return routes.flatMap((r) => [...(r.permission ? [r.permission] : []), ...allPermissions(r.children ?? [])]);
}

/** True when a user with `permissions` may see a node (requirements §6: `role:admin` sees all). */
export function canSee(node: RouteNode, permissions: readonly string[]): boolean {
  if (permissions.includes(ADMIN_PERMISSION)) return true;
  return node.permission === undefined || permissions.includes(node.permission);
}

/**
 * Filters the table recursively to what `permissions` allow (requirements §6). A parent whose children
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
 * The station profile page's tabs (requirements §2 `/Stations/StationProfile`): the stations at the page
 * itself, chargers, gateways and rate templates at these sub-paths, each with its own create,
 * `:id` (edit) and `:id/show`.
 */
export const STATION_PROFILE_TABS = {
  stations: routePath('stationProfile'),
  chargers: `${routePath('stationProfile')}/chargers`,
  gateways: `${routePath('stationProfile')}/gateways`,
  rateTemplates: `${routePath('stationProfile')}/rate-templates`,
} as const;

/** The remote-upgrade view of a gateway: the station profile with `?GatewaySN=<sn>` (requirements §2). */
export const gatewayUpgradePath = (gatewaySn: string) => `${STATION_PROFILE_TABS.stations}?${new URLSearchParams({ GatewaySN: gatewaySn })}`;
