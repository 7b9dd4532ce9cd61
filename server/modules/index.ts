/** The API modules registered under `/sp`, in order. */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes.js';
import company from './company/routes.js';
import notifications from './notifications/routes.js';
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

export const apiModules: FastifyPluginAsync[] = [auth, company, notifications, cardUser, appUser, statistics, command, chargerRead, order, dashboard, live, ocppAdmin, assets];
