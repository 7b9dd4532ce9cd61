/**
 * Events (`/sp/event`, permission `menu:events:events`; requirements R2.13, §13):
 * - `GET /sp/event?startTime&endTime&eventStatus=HAPPENING|PROCESSED|IGNORED|RECOVERED|ALL&serialNum
 *   &stationId&deviceType&eventType&eventLevel&companyCode&page&size&sort&order` → `{ records, total }`
 *   (default: HAPPENING, newest occurrence first);
 * - `GET /sp/event/counts?<same filters>` → events per status (the status chips);
 * - `GET /sp/event/export?<same filters>` → xlsx (at most 50 000 rows: 710);
 * - `GET /sp/event/:id`; `POST /sp/event/:id/process` `{ handleMethod }` (617 when empty);
 *   `POST /sp/event/:id/ignore` `{ handleMethod? }`; `POST /sp/event/batch` `{ action, ids, handleMethod }`
 *   → `{ changed, skipped }`;
 * - `GET|POST /sp/event/vendor-code`, `DELETE /sp/event/vendor-code/:id`: the vendor code table.
 * Codes: 734 unknown event, 735 no longer HAPPENING, 709/725 scope, 715 time range, 736/737 vendor codes.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answersWith, fileAnswer, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import {
  eventBatch,
  eventBatchResult,
  eventFilters,
  eventIgnore,
  eventProcess,
  eventRecord,
  eventStatusCounts,
  vendorCodeCreate,
  vendorCodeRecord,
} from '../../../domain/entities/event.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { langOf, ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { timeZoneOf } from '../../http/time-zone.js';
import { sendEventWorkbook } from './export.js';
import { eventCounts, getEvent, handleEvent, handleEvents, listEvents } from './service.js';
import { createVendorCode, deleteVendorCode, listVendorCodes } from './vendor-codes.js';

const permission = PERMISSIONS.events.events;
const listQuery = pageQuery.extend(eventFilters.shape);
const exportQuery = eventFilters.extend({ sort: z.string().max(64).optional(), order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() });

const eventRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['event'];
  const config = { permission };

  r.get('/event', { config, schema: { tags, querystring: listQuery, response: answersWith(pageOf(eventRecord)) } }, async (req) =>
    ok(req, await listEvents(app.db, authOf(req), req.query)),
  );

  r.get('/event/counts', { config, schema: { tags, querystring: eventFilters, response: answersWith(eventStatusCounts) } }, async (req) =>
    ok(req, await eventCounts(app.db, authOf(req), req.query)),
  );

  r.get(
    '/event/export',
    {
      config,
      schema: {
        tags,
        querystring: exportQuery,
        response: { 200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The events as a spreadsheet') },
      },
    },
    async (req, reply) => sendEventWorkbook(app.db, authOf(req), req.query, langOf(req), timeZoneOf(req), reply),
  );

  r.get('/event/vendor-code', { config, schema: { tags, response: answersWith(z.array(vendorCodeRecord)) } }, async (req) =>
    ok(req, await listVendorCodes(app.db, authOf(req))),
  );

  r.post('/event/vendor-code', { config, schema: { tags, body: vendorCodeCreate, response: answersWith(vendorCodeRecord) } }, async (req) =>
    ok(req, await createVendorCode(app.db, authOf(req), req.body)),
  );

  r.delete('/event/vendor-code/:id', { config, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    await deleteVendorCode(app.db, authOf(req), req.params.id);
    return ok(req, null);
  });

  r.post('/event/batch', { config, schema: { tags, body: eventBatch, response: answersWith(eventBatchResult) } }, async (req) =>
    ok(req, await handleEvents(app.db, app.bus, authOf(req), req.body.ids, req.body.action, req.body.handleMethod ?? null)),
  );

  r.get('/event/:id', { config, schema: { tags, params: idParams, response: answersWith(eventRecord) } }, async (req) =>
    ok(req, await getEvent(app.db, authOf(req), req.params.id)),
  );

  r.post('/event/:id/process', { config, schema: { tags, params: idParams, body: eventProcess, response: answersWith(eventRecord) } }, async (req) =>
    ok(req, await handleEvent(app.db, app.bus, authOf(req), req.params.id, 'process', req.body.handleMethod)),
  );

  r.post('/event/:id/ignore', { config, schema: { tags, params: idParams, body: eventIgnore, response: answersWith(eventRecord) } }, async (req) =>
    ok(req, await handleEvent(app.db, app.bus, authOf(req), req.params.id, 'ignore', req.body.handleMethod ?? null)),
  );
};

export default eventRoutes;
