/**
 * Console configuration (`GET /sp/config`, public: the console reads it before and after
 * sign-in): `{ mapTileUrl }`, the map tile URL template (`{z}/{x}/{y}`) of the MAP_TILE_URL
 * setting. Offline installations simply fail to load tiles; the maps still show coordinates.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { answersWith } from '../../../domain/entities/api.js';
import { consoleConfig } from '../../../domain/entities/console-config.js';

const configRoutes: FastifyPluginAsync = async (app) => {
  app.get('/config', { config: { public: true }, schema: { tags: ['config'], response: answersWith(consoleConfig) } }, async (req) =>
    ok(req, { mapTileUrl: app.config.mapTileUrl }),
  );
};

export default configRoutes;
