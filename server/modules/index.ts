/**
 * Every API plugin registered under `/sp`, in order, in this one place. A module's folder is named
 * after its API path (`charger-log` serves `/sp/charger-log` and `/sp/connection-attempt`).
 */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes.js';
import notifications from './notifications/routes.js';
import company from './company/routes.js';
import companyUser from './company-user/routes.js';
import roles from './role/routes.js';
import menus from './menu/routes.js';
import profile from './profile/routes.js';
import cardUser from './card-user/routes.js';
import appUser from './app-user/routes.js';
import statistics from './statistics/routes.js';
import command from './command/routes.js';
import charger from './charger/routes.js';
import order from './order/routes.js';
import dashboard from './dashboard/routes.js';
import live from './live/routes.js';
import chargerLog from './charger-log/routes.js';
import stationGroup from './station-group/routes.js';
import station from './station/routes.js';
import gateway from './gateway/routes.js';
import rateTemplate from './rate-template/routes.js';
import search from './search/routes.js';
import consoleConfig from './config/routes.js';
import orderExportSetting from './order-export/settings.js';
import orderExport from './order-export/routes.js';
import listExport from './list-export/routes.js';
import orderClose from './order/close.js';
import monitoring from './monitoring/routes.js';
import analytics from './analytics/routes.js';
import diagnosis from './diagnosis/routes.js';
import mail from './mail/routes.js';
import firmware from './firmware/routes.js';
import firmwareCampaign from './firmware/campaign-routes.js';
import diagnostics from './diagnostics/routes.js';
import events from './event/routes.js';
import homeCharger from './home-charger/routes.js';
import homeAppUser from './home-app-user/routes.js';
import smartCharging from './smart-charging/routes.js';
import loadBalancing from './load-balancing/routes.js';
import deviceCommand from './device-command/routes.js';
import reportTicket from './report-ticket/routes.js';
import security from './security/routes.js';

export const apiModules: FastifyPluginAsync[] = [
  auth,
  notifications,
  company,
  companyUser,
  roles,
  menus,
  profile,
  cardUser,
  appUser,
  statistics,
  command,
  charger,
  order,
  dashboard,
  live,
  chargerLog,
  stationGroup,
  station,
  gateway,
  rateTemplate,
  search,
  consoleConfig,
  orderExportSetting,
  orderExport,
  listExport,
  orderClose,
  monitoring,
  analytics,
  firmware,
  firmwareCampaign,
  diagnostics,
  diagnosis,
  events,
  homeCharger,
  homeAppUser,
  smartCharging,
  loadBalancing,
  deviceCommand,
  reportTicket,
  mail,
  security,
];
