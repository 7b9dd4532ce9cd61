/**
 * Where each react-admin resource lives and which API it talks to (requirements §2, §12): the
 * resource's name is its spec path without the leading slash (`Stations/StationGroup`), because
 * react-admin mounts a `<Resource>` at `/<name>` and builds every link (`useCreatePath`, row
 * clicks, create / edit / show buttons) from it; the data provider turns the name back into the
 * API path under `/sp/` (`station-group`). Names that are not a mounted resource (`charger`,
 * `company/select`, …) are API paths themselves. Pure data: the data provider and the i18n
 * provider read it without loading any view.
 */
import { routePath, STATION_PROFILE_TABS } from '../../domain/routes';

/** Spec path (domain/routes.ts) → API path under `/sp/`. The same API may serve two paths (`charger`). */
export const RESOURCE_APIS: Readonly<Record<string, string>> = {
  [routePath('orders')]: 'order',
  [STATION_PROFILE_TABS.stations]: 'station',
  [STATION_PROFILE_TABS.chargers]: 'charger',
  [STATION_PROFILE_TABS.gateways]: 'gateway',
  [STATION_PROFILE_TABS.rateTemplates]: 'rate-template',
  [routePath('stationGroup')]: 'station-group',
  [routePath('cardUsers')]: 'card-user',
  [routePath('appUsers')]: 'app-user',
  [routePath('chargerMonitoring')]: 'charger',
  [routePath('accounts')]: 'company/user',
  [routePath('permissions')]: 'role',
  [routePath('operators')]: 'company',
  [routePath('eventList')]: 'event',
  [routePath('menu')]: 'menu',
  [routePath('deviceVersion')]: 'firmware',
  [routePath('chargerProfile')]: 'home-charger',
  [routePath('homeAppUsers')]: 'home-app-user',
  [routePath('smartCharging')]: 'charging-schedule',
  [`${routePath('homeAppUsers')}/orders`]: 'home-order',
  [routePath('reportTickets')]: 'report-ticket',
};

/** The react-admin resource name mounted at spec path `path` (`/System/Menu` → `System/Menu`). */
export const resourceAt = (path: string): string => path.replace(/^\/+/, '');

const BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(RESOURCE_APIS).map(([path, api]) => [resourceAt(path), api]));

/** The API path of a react-admin resource (`System/Menu` → `menu`); other names are API paths already. */
export const apiOf = (resource: string): string => BY_NAME.get(resource) ?? resource;

/** Every mounted resource name with its API path (for the i18n aliases). */
export const mountedNames = (): [name: string, api: string][] => [...BY_NAME];
