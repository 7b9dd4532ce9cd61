/**
 * Charger read API (Charger monitoring, Station profile):
 * - `GET /sp/charger` paged, sorted, filtered list (company-scoped; 709 for another company's
 *   `companyCode` filter; 400 for an unknown `sort`);
 * - `GET /sp/charger/:id` one record (800 missing, 709 another company's).
 * Two queries per page: chargers (with company, station and open order) and their connectors.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DASHBOARD_SPLIT, OCPP_STATUSES } from '../../../domain/enums.js';
import { charger, company, station } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { likeTerm, limitOffset, pageQuery } from '../../http/paging.js';
import { assertSameCompany, assertStationAccess, companyScope, stationScope } from '../../http/scope.js';
import { booleanStrings, orderByOf, type SortMap } from './query-helpers.js';
import { envelopeOf, pageOf } from '../../../domain/entities/api.js';
import { chargerRecord } from '../../../domain/entities/charger.js';
import { chargerQuery, connectorsOf, toChargerRecord, dashboardStateSql, loadChargerRecord } from './record.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

/** Permissions that may read chargers (any of them). */
export const CHARGER_READ_PERMISSIONS = [PERMISSIONS.monitoring.chargers, PERMISSIONS.stations.profile];

const listQuery = pageQuery.extend({
  companyCode: z.string().max(64).optional(),
  stationId: z.coerce.number().int().positive().optional(),
  online: z.enum(booleanStrings).optional(),
  runStatus: z.enum(OCPP_STATUSES).optional(),
  dashboardState: z.enum(DASHBOARD_SPLIT).optional(),
  q: z.string().max(64).optional(),
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

const chargerReadRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/charger', {
    config: { permission: CHARGER_READ_PERMISSIONS },
    schema: { tags: ['charger'], querystring: listQuery, response: { 200: envelopeOf(pageOf(chargerRecord)) } },
  }, async (req) => {
    const auth = authOf(req);
    const q = req.query;
    assertSameCompany(auth, q.companyCode, 'read');
    assertStationAccess(auth, q.stationId, 'read');
    // Station managers see the chargers of their stations only (spec §6).
    const conds: (SQL | undefined)[] = [companyScope(auth, charger.companyCode), stationScope(auth, charger.stationId)];
    if (q.companyCode) conds.push(eq(charger.companyCode, q.companyCode));
    if (q.stationId) conds.push(eq(charger.stationId, q.stationId));
    if (q.online) conds.push(eq(charger.online, q.online === 'true'));
    if (q.runStatus) conds.push(eq(charger.runStatus, q.runStatus));
    if (q.dashboardState) conds.push(eq(dashboardStateSql, q.dashboardState));
    if (q.q?.trim()) conds.push(ilike(charger.serialNum, likeTerm(q.q.trim())));
    const where = and(...conds);
    const orderBy = orderByOf(q, SORTS, { sort: 'serialNum', order: 'asc' }, charger.id);
    const { limit, offset } = limitOffset(q);
    const rows = await chargerQuery(app.db).where(where).orderBy(...orderBy).limit(limit).offset(offset);
    // Filters only touch the charger table: the count needs no joins.
    const [{ total }] = await app.db.select({ total: count() }).from(charger).where(where);
    const connectors = await connectorsOf(app.db, rows.map((x) => x.c.id));
    return ok(req, { records: rows.map((x) => toChargerRecord(x, connectors.get(x.c.id) ?? [])), total });
  });

  r.get('/charger/:id', {
    config: { permission: CHARGER_READ_PERMISSIONS },
    schema: { tags: ['charger'], params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: envelopeOf(chargerRecord) } },
  }, async (req) => {
    const auth = authOf(req);
    const record = await loadChargerRecord(app.db, req.params.id);
    if (!record) throw new AppError(800);
    assertSameCompany(auth, record.companyCode, 'read');
    assertStationAccess(auth, record.stationId ?? -1, 'read');
    return ok(req, record);
  });
};

export default chargerReadRoutes;
