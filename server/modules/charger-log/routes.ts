/**
 * Read APIs of the OCPP side (requirements §2 Events → ChargerLog; requirements §12):
 * - GET /sp/charger-log?page&size&serialNum&action&direction&messageType&companyCode&startTime&endTime
 *   every OCPP frame in and out, newest first (messageType CALL, CALLRESULT, CALLERROR, INVALID for
 *   a frame that is not OCPP-J, and COMMAND for the outcome row of a console command);
 * - GET /sp/connection-attempt?page&size&identity&reason&startTime&endTime
 *   refused OCPP handshakes, newest first.
 * - GET /sp/charger-log/frames?size&cursor&serialNum&action&direction&messageType&messageId&companyCode&startTime&endTime
 *   the screen's keyset page (./frames.ts): newest first, each frame with its paired call or
 *   answer, `nextCursor` for the next page, no total; a malformed cursor → 400 `cursor`; a company
 *   user naming a charger that belongs to another company gets an empty page.
 * - GET /sp/charger-log/chargers?q  the chargers in scope whose SN contains `q` (20 at most), for
 *   the charger pickers of the charger log and Diagnosis (either permission).
 * All need `menu:events:chargerlog` and are company-scoped: a company user sees the rows of its
 * own chargers; attempts with an unknown identity (no company) are seen by administrators only.
 * A bad time range (domain/time-range.ts) → 715. Answer `{ records, total }`; times are ISO-8601
 * UTC (`createTimeStamp`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery, timeQuery } from '../../http/paging.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { scheduleLogRetention } from './retention.js';
import { chargerChoice, chargerLogFramePage, chargerLogRecord, connectionAttemptRecord } from '../../../domain/entities/charger-log.js';
import { chargerChoices, chargerLogFrames, chargerLogPage, connectionAttemptPage } from './service.js';

const PERMISSION = PERMISSIONS.events.chargerLog;

const chargerLogQuery = pageQuery.extend({
  serialNum: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  direction: z.enum(['IN', 'OUT']).optional(),
  messageType: z.enum(['CALL', 'CALLRESULT', 'CALLERROR', 'INVALID', 'COMMAND']).optional(),
  companyCode: z.string().max(64).optional(),
  startTime: timeQuery.optional(),
  endTime: timeQuery.optional(),
});

const framesQuery = chargerLogQuery.omit({ page: true, sort: true, order: true }).extend({
  size: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(40).optional(),
  messageId: z.string().max(64).optional(),
});

const chargerChoiceQuery = z.object({ q: z.string().max(64).optional() });

const attemptQuery = pageQuery.extend({
  identity: z.string().max(200).optional(),
  reason: z.string().max(64).optional(),
  companyCode: z.string().max(64).optional(),
  startTime: timeQuery.optional(),
  endTime: timeQuery.optional(),
});

const ocppAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  scheduleLogRetention(app);

  r.get(
    '/charger-log',
    { config: { permission: PERMISSION }, schema: { tags: ['charger-log'], querystring: chargerLogQuery, response: answersWith(pageOf(chargerLogRecord)) } },
    async (req) => ok(req, await chargerLogPage(app.db, authOf(req), req.query)),
  );

  r.get(
    '/charger-log/frames',
    { config: { permission: PERMISSION }, schema: { tags: ['charger-log'], querystring: framesQuery, response: answersWith(chargerLogFramePage) } },
    async (req) => {
      const { size, cursor, ...filter } = req.query;
      return ok(req, await chargerLogFrames(app.db, authOf(req), filter, size, cursor));
    },
  );

  r.get(
    '/charger-log/chargers',
    {
      config: { permission: [PERMISSION, PERMISSIONS.events.diagnosis] },
      schema: { tags: ['charger-log'], querystring: chargerChoiceQuery, response: answersWith(z.array(chargerChoice)) },
    },
    async (req) => ok(req, await chargerChoices(app.db, authOf(req), req.query.q?.trim())),
  );

  r.get(
    '/connection-attempt',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['charger-log'], querystring: attemptQuery, response: answersWith(pageOf(connectionAttemptRecord)) },
    },
    async (req) => ok(req, await connectionAttemptPage(app.db, authOf(req), req.query)),
  );
};

export default ocppAdminRoutes;
