/** The API modules registered under `/sp`, in order. */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes.js';
import company from './company/routes.js';
import notifications from './notifications/routes.js';
import operator from './operator/routes.js';
import accounts from './account/routes.js';
import roles from './role/routes.js';
import menus from './menu/routes.js';
import profile from './profile/routes.js';
import cardUser from './card-user/routes.js';
import appUser from './app-user/routes.js';
import statistics from './statistics/routes.js';
import command from './command/routes.js';
import chargerRead from './charger/read-routes.js';
import order from './order/routes.js';
import dashboard from './dashboard/routes.js';
import live from './live/routes.js';
import ocppAdmin from './ocpp-admin/routes.js';
import assets from './station/assets.js';
import consoleConfig from './config/routes.js';
import orderOperations from './order-export/index.js';

export const apiModules: FastifyPluginAsync[] = [auth, company, notifications, operator, accounts, roles, menus, profile, cardUser, appUser, statistics, command, chargerRead, order, dashboard, live, ocppAdmin, assets, consoleConfig, orderOperations];
