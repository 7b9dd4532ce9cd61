/**
 * Charger read API (Charger monitoring, Station profile):
 * - `GET /sp/charger` paged, sorted, filtered list (company-scoped; 709 for another company's
 *   `companyCode` filter; 400 for an unknown `sort`); with `split=true` also `split`, the count
 *   per dashboard state under the same filters but the state, so a page's chips and rows come
 *   from one answer;
 * - `GET /sp/charger/:id` one record (800 missing, 709 another company's).
 * Two queries per page: chargers (with company, station and open order) and their connectors.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DASHBOARD_SPLIT, OCPP_STATUSES, type DashboardState } from '../../../domain/enums.js';
import type { Db } from '../../db/client.js';
import { charger, company, station } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { booleanStrings, likeTerm, limitOffset, orderByOf, pageQuery, type SortMap } from '../../http/paging.js';
import { assertFilterInScope, assertInScope, scopeWhere } from '../../http/scope.js';
import { envelopeOf, pageOf } from '../../../domain/entities/api.js';
import { chargerRecord } from '../../../domain/entities/charger.js';
import { chargerQuery, connectorsOf, toChargerRecord, dashboardStateSql, loadChargerRecord } from './record.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

/** Permissions that may read chargers (any of them). */
export const CHARGER_READ_PERMISSIONS = [PERMISSIONS.monitoring.chargers, PERMISSIONS.stations.profile];

const listQuery = pageQuery.extend({
  companyCode: z.string().max(64).optional(),
  stationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  online: z.enum(booleanStrings).optional(),
  runStatus: z.enum(OCPP_STATUSES).optional(),
  dashboardState: z.enum(DASHBOARD_SPLIT).optional(),
  q: z.string().max(64).optional(),
  /** `true` adds `split`: the count per dashboard state under the other filters (monitoring chips). */
  split: z.enum(booleanStrings).optional(),
});

const SORTS: SortMap = {
  id: charger.id,
  serialNum: charger.serialNum,
  chargerStationCode: charger.chargerStationCode,
  companyCode: charger.companyCode,
  companyName: company.name,
  stationId: charger.stationId,
  stationName: station.name,
  phase: charger.phase,
  lifeStatus: charger.lifeStatus,
  type: charger.type,
  ratedPowerKw: charger.ratedPowerKw,
  runStatus: charger.runStatus,
  online: charger.online,
  lastSeenAt: charger.lastSeenAt,
  firmwareVersion: charger.firmwareVersion,
  vendor: charger.vendor,
  model: charger.model,
  installationDate: charger.installationDate,
  dashboardState: dashboardStateSql,
  createTimeStamp: charger.createdAt,
};

const splitSchema = z.object(Object.fromEntries(DASHBOARD_SPLIT.map((k) => [k, z.number().int()])) as Record<DashboardState, z.ZodNumber>)
  .describe('chargers per dashboard state under the other filters (with split=true)');

/** Chargers per dashboard state (every state present, 0 when none) among those matching `where`. */
async function splitOf(db: Db, where: SQL | undefined): Promise<Record<DashboardState, number>> {
  const states = db.select({ state: sql<DashboardState>`${dashboardStateSql}`.as('state') }).from(charger).where(where).as('s');
  const rows = await db.select({ state: states.state, n: count() }).from(states).groupBy(states.state);
  const split = Object.fromEntries(DASHBOARD_SPLIT.map((k) => [k, 0])) as Record<DashboardState, number>;
  for (const r of rows) split[r.state] = Number(r.n);
  return split;
}

const chargerReadRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/charger', {
    config: { permission: CHARGER_READ_PERMISSIONS },
    schema: { tags: ['charger'], querystring: listQuery, response: { 200: envelopeOf(pageOf(chargerRecord).extend({ split: splitSchema.optional() })) } },
  }, async (req) => {
    const auth = authOf(req);
    const q = req.query;
    assertFilterInScope(auth, q);
    // Station managers see the chargers of their stations only (requirements §6).
    const conds: (SQL | undefined)[] = [scopeWhere(auth, charger)];
    if (q.companyCode) conds.push(eq(charger.companyCode, q.companyCode));
    if (q.stationId) conds.push(eq(charger.stationId, q.stationId));
    if (q.online) conds.push(eq(charger.online, q.online === 'true'));
    if (q.runStatus) conds.push(eq(charger.runStatus, q.runStatus));
    if (q.q?.trim()) conds.push(ilike(charger.serialNum, likeTerm(q.q.trim())));
    const where = and(...conds, q.dashboardState ? eq(dashboardStateSql, q.dashboardState) : undefined);
    const orderBy = orderByOf(q, SORTS, { fallback: charger.serialNum, tieBreak: charger.id, tieOrder: 'same' });
    const { limit, offset } = limitOffset(q);
    const rows = await chargerQuery(app.db).where(where).orderBy(...orderBy).limit(limit).offset(offset);
    // Filters only touch the charger table: the count needs no joins.
    const [{ total }] = await app.db.select({ total: count() }).from(charger).where(where);
    const connectors = await connectorsOf(app.db, rows.map((x) => x.c.id));
    const records = rows.map((x) => toChargerRecord(x, connectors.get(x.c.id) ?? []));
    // The chips' counts come with the rows they describe, from the same refresh.
    return ok(req, q.split === 'true' ? { records, total, split: await splitOf(app.db, and(...conds)) } : { records, total });
  });

  r.get('/charger/:id', {
    config: { permission: CHARGER_READ_PERMISSIONS },
    schema: { tags: ['charger'], params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), response: { 200: envelopeOf(chargerRecord) } },
  }, async (req) => {
    const auth = authOf(req);
    const record = await loadChargerRecord(app.db, req.params.id);
    if (!record) throw new AppError(800);
    assertInScope(auth, charger, record, 'read');
    return ok(req, record);
  });
};

export default chargerReadRoutes;
