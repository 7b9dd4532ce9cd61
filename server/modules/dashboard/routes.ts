/**
 * `GET /sp/dashboard?companyCode=` (requirements §2 "Dashboard"; any signed-in user): the figures of
 * ./service.ts for the caller's company (another `companyCode` → 709), in the caller's `Time-Zone`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { timeZoneOf } from '../../http/time-zone.js';
import { answersWith } from '../../../domain/entities/api.js';
import { dashboardAnswer } from '../../../domain/entities/dashboard.js';
import { companyOf, computeDashboard } from './service.js';

const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        querystring: z.object({ companyCode: z.string().max(64).optional() }),
        response: answersWith(dashboardAnswer),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const code = companyOf(auth, req.query.companyCode);
      return ok(req, await computeDashboard(app.db, code, timeZoneOf(req), auth));
    },
  );
};

export default dashboardRoutes;
