/**
 * Monitoring API (requirements §14; docs/api.md "Monitoring"):
 * - `GET /sp/monitoring/map?companyCode=` (permission `menu:monitoring:mapmonotoring`): the map's
 *   compact station rows. Company users always get their own company (another one → 709).
 * - `GET /sp/monitoring/station?q=&companyCode=&page=&size=` (either permission): the stations to
 *   watch, by name, each with its worst state and charger count (scoped like the map).
 * - `GET /sp/monitoring/station/:id` (`menu:monitoring:stationmonotoring` or the map's permission,
 *   whose popups show it): one station's live grid; 801 missing, 709 another company's station.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { assertSameCompany } from '../../http/scope.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith, idParams, pageOf } from '../../../domain/entities/api.js';
import { limitOffset, pageQuery } from '../../http/paging.js';
import { mapAnswer, stationListItem, stationMonitorAnswer } from '../../../domain/entities/monitoring.js';
import { mapOf, stationList, stationMonitor } from './service.js';

const monitoringRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/monitoring/map',
    {
      config: { permission: PERMISSIONS.monitoring.map },
      schema: { tags: ['monitoring'], querystring: z.object({ companyCode: z.string().max(64).optional() }), response: answersWith(mapAnswer) },
    },
    async (req) => {
      const auth = authOf(req);
      assertSameCompany(auth, req.query.companyCode, 'read');
      const code = auth.isAdmin ? req.query.companyCode || undefined : (auth.companyCode ?? '\u0000');
      return ok(req, await mapOf(app.db, auth, code));
    },
  );

  r.get(
    '/monitoring/station',
    {
      config: { permission: [PERMISSIONS.monitoring.stations, PERMISSIONS.monitoring.map] },
      schema: {
        tags: ['monitoring'],
        querystring: pageQuery.extend({ companyCode: z.string().max(64).optional(), q: z.string().max(64).optional() }),
        response: answersWith(pageOf(stationListItem)),
      },
    },
    async (req) => {
      const auth = authOf(req);
      assertSameCompany(auth, req.query.companyCode, 'read');
      return ok(req, await stationList(app.db, auth, { ...req.query, ...limitOffset(req.query) }));
    },
  );

  r.get(
    '/monitoring/station/:id',
    {
      config: { permission: [PERMISSIONS.monitoring.stations, PERMISSIONS.monitoring.map] },
      schema: { tags: ['monitoring'], params: idParams, response: answersWith(stationMonitorAnswer) },
    },
    async (req) => ok(req, await stationMonitor(app.db, authOf(req), req.params.id)),
  );
};

export default monitoringRoutes;
