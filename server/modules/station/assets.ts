/**
 * The network-asset and pricing API as one plugin: stations, station groups, charger writes,
 * gateways, rate templates and search (registered once in server/modules/index.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import chargerWrite from '../charger/write-routes.js';
import gateway from '../gateway/routes.js';
import rateTemplate from '../rate-template/routes.js';
import search from '../search/routes.js';
import stationGroup from '../station-group/routes.js';
import station from './routes.js';

const assetRoutes: FastifyPluginAsync = async (app) => {
  for (const mod of [stationGroup, station, chargerWrite, gateway, rateTemplate, search]) await app.register(mod);
};

export default assetRoutes;
