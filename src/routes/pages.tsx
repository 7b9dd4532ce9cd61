/**
 * The one map from a route-table path (domain/routes.ts) to the page that implements it. The
 * sidebar shows only these (and only what the user's permissions allow); each page is mounted
 * at `<path>/*` so sub-paths (e.g. `/Operations/Orders/12/show`) belong to it. Heavy pages
 * (charts) are lazy-loaded.
 */
import { lazy, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { AccessDenied } from 'react-admin';
import { canAccess } from './access';

export const PAGES: Record<string, ComponentType> = {
  '/Dashboard/Dashboard': lazy(() => import('../pages/dashboard/Dashboard')),
  '/Monitoring/ChargerMonitoring': lazy(() => import('../../resources/charger/ChargerMonitoring')),
  '/Operations/Orders': lazy(() => import('../../resources/order/OrderPages')),
  '/Operations/Statistics': lazy(() => import('../pages/statistics/Statistics')),
  '/Operations/StationIndights': lazy(() => import('../pages/station-insights/StationInsights')),
  '/ChargerUsers/CardUsers': lazy(() => import('../../resources/card-user/CardUserPages')),
  '/ChargerUsers/AppUsers': lazy(() => import('../../resources/app-user/AppUserPages')),
  '/Stations/StationProfile': lazy(() => import('../../resources/station/StationPages')),
  '/Stations/StationGroup': lazy(() => import('../../resources/station-group/StationGroupPages')),
  '/Search/Search': lazy(() => import('../pages/search/SearchPage')),
  '/TourAccount/TourAccount': lazy(() => import('../pages/account/TourAccount')),
  '/Notifications': lazy(() => import('../pages/notifications/NotificationsPage')),
  '/SystemUsers/Accounts': lazy(() => import('../../resources/account/AccountPages')),
  '/SystemUsers/Permissions': lazy(() => import('../../resources/role/RolePages')),
  '/System/Operators': lazy(() => import('../../resources/operator/OperatorPages')),
  '/System/Menu': lazy(() => import('../../resources/menu/MenuPages')),
};

/** Paths the console implements. */
export const IMPLEMENTED: ReadonlySet<string> = new Set(Object.keys(PAGES));

/** Renders `Page` when the user may open `path` (spec §6), else react-admin's access-denied page. */
function Guarded({ path, Page }: { path: string; Page: ComponentType }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  if (!canAccess(path, Array.isArray(permissions) ? permissions : [])) return <AccessDenied />;
  return <Page />;
}

/** `<Route>` elements for `<CustomRoutes>`. */
export function pageRoutes() {
  return Object.entries(PAGES).map(([path, Page]) => (
    <Route key={path} path={`${path}/*`} element={<Guarded path={path} Page={Page} />} />
  ));
}
