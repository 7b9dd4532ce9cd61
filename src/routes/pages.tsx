/**
 * What the console mounts, by route-table path (domain/routes.ts): the resource declarations of
 * src/resources/registry.ts as react-admin `<Resource>`s (`resourceElements`, each at its spec
 * path, so `create`, `:id` and `:id/show` belong to it; views loaded on first visit), and the
 * pages that are not a resource (dashboard, statistics, search, own account) as custom routes.
 * The sidebar shows only these, and only what the user's permissions allow. Pages are lazy-loaded.
 */
import { lazy, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { findRoute } from '../../domain/routes';
import { Guarded, resourceElement } from '../resources/mount';
import { RESOURCES } from '../resources/registry';

export const PAGES: Record<string, ComponentType> = {
  '/Dashboard/Dashboard': lazy(() => import('../pages/dashboard/Dashboard')),
  '/Monitoring/MapMonitoring': lazy(() => import('../pages/monitoring/MapMonitoring')),
  '/Monitoring/StationMonitoring': lazy(() => import('../pages/monitoring/StationMonitoring')),
  '/AnalyTics/AnalyTics': lazy(() => import('../pages/analytics/Analytics')),
  '/Operations/Statistics': lazy(() => import('../pages/statistics/Statistics')),
  '/Operations/StationIndights': lazy(() => import('../pages/station-insights/StationInsights')),
  '/Search/Search': lazy(() => import('../pages/search/SearchPage')),
  '/TourAccount/TourAccount': lazy(() => import('../pages/account/TourAccount')),
  '/NotificationPreference/NotificationPreference': lazy(() => import('../pages/notification-preference/NotificationPreferencePage')),
  '/Events/Diagnosis': lazy(() => import('../pages/diagnosis/DiagnosisPage')),
  '/Events/ChargerLog': lazy(() => import('../pages/charger-log/ChargerLogPage')),
  '/Notifications': lazy(() => import('../pages/notifications/NotificationsPage')),
  // Beside Device Version (its permission): every firmware campaign (issue #26 item 3).
  '/System/DeviceVersion/Campaigns': lazy(() => import('../pages/firmware-campaigns/CampaignOverview')),
};

/** Paths of the route table the console implements (pages and resources). */
export const IMPLEMENTED: ReadonlySet<string> = new Set([...Object.keys(PAGES), ...RESOURCES.map((r) => r.path).filter((path) => findRoute(path))]);

/** The `<Resource>` of every declaration, children of `<Admin>`. */
export function resourceElements() {
  return RESOURCES.map((r) => resourceElement(r.path, r.declaration));
}

/** `<Route>` elements for `<CustomRoutes>`: the pages that are not a resource. */
export function pageRoutes() {
  return Object.entries(PAGES).map(([path, Page]) => (
    <Route
      key={path}
      path={`${path}/*`}
      element={
        <Guarded path={path}>
          <Page />
        </Guarded>
      }
    />
  ));
}
