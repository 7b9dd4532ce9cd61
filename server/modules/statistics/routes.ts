/**
 * Operations analytics (issue "Charging operations", item 7; requirements §2 Operations → Statistics and
 * Station Insights):
 * - `GET /sp/statistics?startTime&endTime&groupBy=day|station|company&companyCode&stationId`
 *   (permission `menu:operations:statistics`): orders, energy (kWh) and revenue (Σ totalAmount of
 *   FINISHED/CLOSED orders, per currency) per bucket. Days follow the caller's `Time-Zone`.
 * - `GET /sp/station-insights?startTime&endTime&companyCode` (permission
 *   `menu:operations:stationinsights`): per station sessions, energy, revenue, average session
 *   (minutes, kWh) and utilisation = Σ session time ÷ (chargers × range length).
 * Time ranges (requirements §5): end before start or start in the future → 715; at most 366 days.
 * Defaults: the last 30 days.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { timeQuery } from '../../http/paging.js';
import { timeZoneOf } from '../../http/time-zone.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith } from '../../../domain/entities/api.js';
import { stationInsightsAnswer, statisticsAnswer } from '../../../domain/entities/statistics.js';
import { idFilter } from '../../../domain/entities/api.js';
import { stationInsights, statistics } from './service.js';

const rangeQuery = z.object({
  startTime: timeQuery.optional(),
  endTime: timeQuery.optional(),
  companyCode: z.string().max(64).optional(),
  stationId: idFilter,
});

const statisticsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/statistics',
    {
      config: { permission: PERMISSIONS.operations.statistics },
      schema: {
        tags: ['statistics'],
        querystring: rangeQuery.extend({ groupBy: z.enum(['day', 'station', 'company']).default('day') }),
        response: answersWith(statisticsAnswer),
      },
    },
    async (req) => ok(req, await statistics(app.db, authOf(req), req.query, timeZoneOf(req))),
  );

  r.get(
    '/station-insights',
    {
      config: { permission: PERMISSIONS.operations.stationInsights },
      schema: { tags: ['statistics'], querystring: rangeQuery, response: answersWith(stationInsightsAnswer) },
    },
    async (req) => ok(req, await stationInsights(app.db, authOf(req), req.query)),
  );
};

export default statisticsRoutes;
