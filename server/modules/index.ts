/** The API modules registered under `/sp`, in order. */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes.js';
import company from './company/routes.js';
import notifications from './notifications/routes.js';
import cardUser from './card-user/routes.js';

export const apiModules: FastifyPluginAsync[] = [auth, company, notifications, cardUser];
