/**
 * Every resource the console mounts as a react-admin `<Resource>` (src/resources/mount.tsx): the
 * API path (`name`, under `/sp/`), the spec path it lives at (domain/routes.ts, see ./names.ts) and
 * its declaration (resources/<name>/index.ts), whose views load on first visit. Adding a screen
 * for an existing API: a line here and in ./names.ts, its declaration and views, its i18n module.
 */
import { routePath, STATION_PROFILE_TABS } from '../../domain/routes';
import type { ResourceDeclaration } from './declaration';
import { RESOURCE_APIS } from './names';
import account from '../../resources/account';
import appUser from '../../resources/app-user';
import cardUser from '../../resources/card-user';
import charger, { chargerMonitoring } from '../../resources/charger';
import chargingSchedule from '../../resources/charging-schedule';
import event from '../../resources/event';
import firmware from '../../resources/firmware';
import gateway from '../../resources/gateway';
import homeAppUser, { homeOrders } from '../../resources/home-app-user';
import homeCharger from '../../resources/home-charger';
import menu from '../../resources/menu';
import operator from '../../resources/operator';
import order from '../../resources/order';
import rateTemplate from '../../resources/rate-template';
import reportTicket from '../../resources/report-ticket';
import role from '../../resources/role';
import station from '../../resources/station';
import stationGroup from '../../resources/station-group';

export interface MountedResource {
  /** The API path under `/sp/` (e.g. `card-user`). */
  name: string;
  /** The spec path (e.g. `/ChargerUsers/CardUsers`); the react-admin resource is this path without its slash. */
  path: string;
  declaration: ResourceDeclaration;
}

const at = (path: string, declaration: ResourceDeclaration): MountedResource => ({ name: RESOURCE_APIS[path], path, declaration });

export const RESOURCES: readonly MountedResource[] = [
  at(routePath('orders'), order),
  at(STATION_PROFILE_TABS.stations, station),
  at(STATION_PROFILE_TABS.chargers, charger),
  at(STATION_PROFILE_TABS.gateways, gateway),
  at(STATION_PROFILE_TABS.rateTemplates, rateTemplate),
  at(routePath('stationGroup'), stationGroup),
  at(routePath('cardUsers'), cardUser),
  at(routePath('appUsers'), appUser),
  at(routePath('chargerMonitoring'), chargerMonitoring),
  at(routePath('accounts'), account),
  at(routePath('permissions'), role),
  at(routePath('operators'), operator),
  at(routePath('eventList'), event),
  at(routePath('menu'), menu),
  at(routePath('deviceVersion'), firmware),
  at(routePath('chargerProfile'), homeCharger),
  at(routePath('homeAppUsers'), homeAppUser),
  at(routePath('smartCharging'), chargingSchedule),
  at(`${routePath('homeAppUsers')}/orders`, homeOrders),
  at(routePath('reportTickets'), reportTicket),
];
