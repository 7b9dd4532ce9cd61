/**
 * Every resource the console mounts: the react-admin resource (`name`, the API path under
 * `/sp/`), the spec path it lives under (domain/routes.ts) and its declaration
 * (resources/<name>/index.ts), loaded on first visit. Adding a screen for an existing API: a line
 * here, its declaration and views, its i18n module.
 */
import { routePath, STATION_PROFILE_TABS } from '../../domain/routes';
import type { ResourceDeclaration } from './declaration';

export interface MountedResource {
  name: string;
  path: string;
  load: () => Promise<ResourceDeclaration>;
}

export const RESOURCES: readonly MountedResource[] = [
  { name: 'order', path: routePath('orders'), load: () => import('../../resources/order').then((m) => m.default) },
  { name: 'station', path: STATION_PROFILE_TABS.stations, load: () => import('../../resources/station').then((m) => m.default) },
  { name: 'charger', path: STATION_PROFILE_TABS.chargers, load: () => import('../../resources/charger').then((m) => m.default) },
  { name: 'gateway', path: STATION_PROFILE_TABS.gateways, load: () => import('../../resources/gateway').then((m) => m.default) },
  { name: 'rate-template', path: STATION_PROFILE_TABS.rateTemplates, load: () => import('../../resources/rate-template').then((m) => m.default) },
  { name: 'station-group', path: routePath('stationGroup'), load: () => import('../../resources/station-group').then((m) => m.default) },
  { name: 'card-user', path: routePath('cardUsers'), load: () => import('../../resources/card-user').then((m) => m.default) },
  { name: 'app-user', path: routePath('appUsers'), load: () => import('../../resources/app-user').then((m) => m.default) },
  { name: 'charger', path: routePath('chargerMonitoring'), load: () => import('../../resources/charger').then((m) => m.chargerMonitoring) },
  { name: 'company/user', path: routePath('accounts'), load: () => import('../../resources/account').then((m) => m.default) },
  { name: 'role', path: routePath('permissions'), load: () => import('../../resources/role').then((m) => m.default) },
  { name: 'company', path: routePath('operators'), load: () => import('../../resources/operator').then((m) => m.default) },
  { name: 'event', path: routePath('eventList'), load: () => import('../../resources/event').then((m) => m.default) },
  { name: 'menu', path: routePath('menu'), load: () => import('../../resources/menu').then((m) => m.default) },
  { name: 'firmware', path: routePath('deviceVersion'), load: () => import('../../resources/firmware').then((m) => m.default) },
  { name: 'home-charger', path: routePath('chargerProfile'), load: () => import('../../resources/home-charger').then((m) => m.default) },
  { name: 'home-app-user', path: routePath('homeAppUsers'), load: () => import('../../resources/home-app-user').then((m) => m.default) },
  { name: 'charging-schedule', path: routePath('smartCharging'), load: () => import('../../resources/charging-schedule').then((m) => m.default) },
  { name: 'home-order', path: `${routePath('homeAppUsers')}/orders`, load: () => import('../../resources/home-app-user').then((m) => m.homeOrders) },
  { name: 'report-ticket', path: routePath('reportTickets'), load: () => import('../../resources/report-ticket').then((m) => m.default) },
];
