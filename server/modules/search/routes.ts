/**
 * `GET /sp/search?ChargerSN=<chargerSn|gatewaySn|stationName>&Search=<term>&page&size`
 * (permission `menu:search`; requirements §2 query parameters). An empty term → 400 (`Search`);
 * an unknown type → 400 (`ChargerSN`); no type searches all three.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { search, searchTypeOf } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { searchHit } from '../../../domain/entities/search.js';

const query = z.object({
  ChargerSN: z.string().max(32).optional(),
  Search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

const searchRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/search',
    { config: { permission: PERMISSIONS.search }, schema: { tags: ['search'], querystring: query, response: answersWith(pageOf(searchHit)) } },
    async (req) => {
      const term = (req.query.Search ?? '').trim();
      if (!term) throw new AppError(400, 'Search');
      const type = searchTypeOf(req.query.ChargerSN);
      if (req.query.ChargerSN && !type) throw new AppError(400, 'ChargerSN');
      return ok(req, await search(app.db, authOf(req), type, term, req.query.page, req.query.size));
    },
  );
};

export default searchRoutes;
