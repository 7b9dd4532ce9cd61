/**
 * `GET /sp/analytics?searchType=station|charger|operator&search=&period=24h|30d|1y` (permission
 * `menu:analytics`; requirements §14, docs/api.md "Analytics"): the figures of what the search
 * matches in the caller's scope, by bucket, with the previous period's totals. A blank search → 621.
 * Buckets follow the caller's `Time-Zone` (1 y: UTC months).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { timeZoneOf } from '../../http/time-zone.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith } from '../../../domain/entities/api.js';
import { analyticsAnswer, analyticsQuery } from '../../../domain/entities/analytics.js';
import { applyPendingRollups, ROLLUP_FLUSH_MS } from './rollup.js';
import { analyticsOf } from './service.js';

const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Closed orders noted by their Stops join the rollups here, in bulk (./rollup.ts).
  let flusher: NodeJS.Timeout | undefined;
  let flushing: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    flusher = setInterval(() => {
      if (flushing) return; // the last flush still runs
      flushing = applyPendingRollups(app.db)
        .catch((err: unknown) => app.log.warn({ err }, 'analytics rollups not updated; trying again'))
        .finally(() => {
          flushing = null;
        });
    }, ROLLUP_FLUSH_MS);
    flusher.unref();
  });
  app.addHook('onClose', async () => {
    if (flusher) clearInterval(flusher);
    await flushing;
  });

  r.get(
    '/analytics',
    {
      config: { permission: PERMISSIONS.analytics },
      schema: { tags: ['analytics'], querystring: analyticsQuery, response: answersWith(analyticsAnswer) },
    },
    async (req) => ok(req, await analyticsOf(app.db, authOf(req), req.query, timeZoneOf(req))),
  );
};

export default analyticsRoutes;
