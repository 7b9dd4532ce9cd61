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
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { charger, chargerLog, connectionAttempt } from '../../db/schema.js';
import { authOf, type AuthContext } from '../../http/access.js';
import type { Db } from '../../db/client.js';
import { ok, type Page } from '../../http/envelope.js';
import { likeTerm, limitOffset, pageQuery, timeQuery, type PageQuery } from '../../http/paging.js';
import { assertFilterInScope, scopeWhere } from '../../http/scope.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { checkTimeRange } from '../order/index.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { chargerOfAnotherCompany, framePage, frameWhere } from './frames.js';
import { scheduleLogRetention } from './retention.js';
import { chargerChoice, chargerLogFramePage, chargerLogRecord, connectionAttemptRecord, type ChargerLogRecord, type ConnectionAttemptRecord } from '../../../domain/entities/charger-log.js';
import { redactSecrets } from '../../auth/secrets.js';

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

type LogTable = typeof chargerLog | typeof connectionAttempt;

/** The caller's scope of a log table, after refusing a company outside it and a bad time range (715). */
function checkedScope(auth: AuthContext, q: { companyCode?: string; startTime?: Date; endTime?: Date }, table: LogTable): SQL | undefined {
  assertFilterInScope(auth, q);
  checkTimeRange(q.startTime, q.endTime);
  return scopeWhere(auth, table);
}

/** One page of a log table, newest first (time, then id), with the total matching `where`. */
async function newestFirst<T extends LogTable>(db: Db, table: T, where: SQL | undefined, q: PageQuery) {
  const { limit, offset } = limitOffset(q);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(table as LogTable).where(where).orderBy(desc(table.at), desc(table.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(table as LogTable).where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: Number(n) };
}

const ocppAdminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  scheduleLogRetention(app);

  r.get('/charger-log', { config: { permission: PERMISSION }, schema: { tags: ['charger-log'], querystring: chargerLogQuery, response: answersWith(pageOf(chargerLogRecord)) } }, async (req) => {
    const q = req.query;
    const where = and(...frameWhere({ ...q, scope: checkedScope(authOf(req), q, chargerLog) }));
    const { rows, total } = await newestFirst(app.db, chargerLog, where, q);
    const page: Page<ChargerLogRecord> = {
      total,
      records: rows.map((x) => ({
        id: x.id, serialNum: x.chargerSn, companyCode: x.companyCode, direction: x.direction, messageType: x.messageType,
        action: x.action, messageId: x.messageId, payload: redactSecrets(x.payload), createTimeStamp: x.at.toISOString(),
      })),
    };
    return ok(req, page);
  });

  r.get('/charger-log/frames', { config: { permission: PERMISSION }, schema: { tags: ['charger-log'], querystring: framesQuery, response: answersWith(chargerLogFramePage) } }, async (req) => {
    const auth = authOf(req);
    const { size, cursor, ...filter } = req.query;
    const scope = checkedScope(auth, filter, chargerLog);
    // Another company's charger has no frames of the caller's: answered without reading its frames.
    if (!auth.isAdmin && filter.serialNum && await chargerOfAnotherCompany(app.db, filter.serialNum, auth.companyCode)) return ok(req, { records: [], nextCursor: null });
    return ok(req, await framePage(app.db, { ...filter, scope }, size, cursor));
  });

  r.get('/charger-log/chargers', { config: { permission: [PERMISSION, PERMISSIONS.events.diagnosis] }, schema: { tags: ['charger-log'], querystring: chargerChoiceQuery, response: answersWith(z.array(chargerChoice)) } }, async (req) => {
    const auth = authOf(req);
    const q = req.query.q?.trim();
    const rows = await app.db.select({ serialNum: charger.serialNum, companyCode: charger.companyCode, online: charger.online })
      .from(charger).where(and(scopeWhere(auth, charger), q ? ilike(charger.serialNum, likeTerm(q)) : undefined))
      .orderBy(charger.serialNum).limit(20);
    return ok(req, rows);
  });

  r.get('/connection-attempt', { config: { permission: PERMISSION }, schema: { tags: ['charger-log'], querystring: attemptQuery, response: answersWith(pageOf(connectionAttemptRecord)) } }, async (req) => {
    const q = req.query;
    const where = and(
      checkedScope(authOf(req), q, connectionAttempt),
      q.companyCode ? eq(connectionAttempt.companyCode, q.companyCode) : undefined,
      q.identity ? eq(connectionAttempt.identity, q.identity) : undefined,
      q.reason ? eq(connectionAttempt.reason, q.reason) : undefined,
      q.startTime ? gte(connectionAttempt.at, q.startTime) : undefined,
      q.endTime ? lte(connectionAttempt.at, q.endTime) : undefined,
    );
    const { rows, total } = await newestFirst(app.db, connectionAttempt, where, q);
    const page: Page<ConnectionAttemptRecord> = {
      total,
      records: rows.map((x) => ({
        id: x.id, identity: x.identity, companyCode: x.companyCode, remoteAddress: x.remoteAddress, reason: x.reason, count: x.count, firstTimeStamp: x.firstAt.toISOString(), createTimeStamp: x.at.toISOString(),
      })),
    };
    return ok(req, page);
  });
};

export default ocppAdminRoutes;
