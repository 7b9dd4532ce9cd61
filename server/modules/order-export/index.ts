/**
 * Order operations beyond reading: export settings, Excel/PDF exports and tax invoices
 * (./settings.ts, ./routes.ts) and closing a stuck order by hand (../order/close.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import closeRoutes from '../order/close.js';
import exportRoutes from './routes.js';
import settingRoutes from './settings.js';

const orderOperations: FastifyPluginAsync = async (app) => {
  await app.register(settingRoutes);
  await app.register(exportRoutes);
  await app.register(closeRoutes);
};

export default orderOperations;
