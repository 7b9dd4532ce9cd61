/**
 * Order read API (Operations → Orders, spec §2, §3):
 * - `GET /sp/order` paged, sorted, filtered list (company-scoped; 709 for another company's
 *   `companyCode`; 715 when `endTime` is before `startTime` or `startTime` is in the future,
 *   spec §5 "Time ranges"; 400 for an unknown `sort`). The time range applies to the charger
 *   start time, both ends inclusive.
 * - `GET /sp/order/:id` one record plus its meter values for the chart (the catalogue has no
 *   order-not-found code, so a missing order answers 400 naming `id`; 709 another company's).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUSES, USER_TYPES } from '../../../domain/enums.js';
import { chargeOrder, meterValue, station } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { limitOffset, manyQuery, pageQuery, timeQuery } from '../../http/paging.js';
import { assertSameCompany, companyScope } from '../../http/scope.js';
import { booleanStrings, containsPattern, orderByOf, type SortMap } from '../charger/query-helpers.js';
import { envelopeOf, meterValueRecordSchema, orderRecordSchema, pageOf } from '../charger/response-schemas.js';
import { durationSecondsSql, orderQuery, orderRecord } from './record.js';

/** Measurands returned with an order for its chart. */
export const CHART_MEASURANDS = ['Energy.Active.Import.Register', 'Power.Active.Import'];
/** At most this many meter values come with one order. */
const METER_VALUE_LIMIT = 5000;

const listQuery = pageQuery.extend({
  companyCode: z.string().max(64).optional(),
  stationId: z.coerce.number().int().positive().optional(),
  chargerSn: z.string().max(64).optional(),
  status: manyQuery.pipe(z.array(z.enum(ORDER_STATUSES))).optional(),
  paid: z.enum(booleanStrings).optional(),
  userType: z.enum(USER_TYPES).optional(),
  startTime: timeQuery.optional(),
  endTime: timeQuery.optional(),
  q: z.string().max(64).optional(),
});

const SORTS: SortMap = {
  id: chargeOrder.id,
  orderNo: chargeOrder.orderNo,
  companyCode: chargeOrder.companyCode,
  stationId: chargeOrder.stationId,
  stationName: station.name,
  chargerSn: chargeOrder.chargerSn,
  connectorId: chargeOrder.connectorId,
  idTag: chargeOrder.idTag,
  userType: chargeOrder.userType,
  chargerStartTime: chargeOrder.chargerStartTime,
  chargerStopTime: chargeOrder.chargerStopTime,
  serverStartTime: chargeOrder.serverStartTime,
  serverStopTime: chargeOrder.serverStopTime,
  energyKwh: chargeOrder.energyKwh,
  durationSeconds: durationSecondsSql,
  status: chargeOrder.status,
  electricityFee: chargeOrder.electricityFee,
  serviceFee: chargeOrder.serviceFee,
  taxAmount: chargeOrder.taxAmount,
  cost: chargeOrder.cost,
  totalAmount: chargeOrder.totalAmount,
  paid: chargeOrder.paid,
  createTimeStamp: chargeOrder.createdAt,
};

/** Spec §5 time-range rules on a list's startTime/endTime: 715 when violated. */
export function checkTimeRange(start: Date | undefined, end: Date | undefined, now: Date = new Date()): void {
  if (start && end && end.getTime() < start.getTime()) throw new AppError(715, 'endTime');
  if (start && start.getTime() > now.getTime()) throw new AppError(715, 'startTime');
}

const orderRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/order', {
    config: { permission: 'menu:operations:orders' },
    schema: { tags: ['order'], querystring: listQuery, response: { 200: envelopeOf(pageOf(orderRecordSchema)) } },
  }, async (req) => {
    const auth = authOf(req);
    const q = req.query;
    assertSameCompany(auth, q.companyCode, 'read');
    checkTimeRange(q.startTime, q.endTime);
    const conds: (SQL | undefined)[] = [companyScope(auth, chargeOrder.companyCode)];
    if (q.companyCode) conds.push(eq(chargeOrder.companyCode, q.companyCode));
    if (q.stationId) conds.push(eq(chargeOrder.stationId, q.stationId));
    if (q.chargerSn) conds.push(eq(chargeOrder.chargerSn, q.chargerSn));
    if (q.status?.length) conds.push(inArray(chargeOrder.status, q.status));
    if (q.paid) conds.push(eq(chargeOrder.paid, q.paid === 'true'));
    if (q.userType) conds.push(eq(chargeOrder.userType, q.userType));
    if (q.startTime) conds.push(gte(chargeOrder.chargerStartTime, q.startTime));
    if (q.endTime) conds.push(lte(chargeOrder.chargerStartTime, q.endTime));
    const term = q.q?.trim();
    if (term) {
      const p = containsPattern(term);
      conds.push(or(ilike(chargeOrder.orderNo, p), ilike(chargeOrder.idTag, p), ilike(chargeOrder.chargerSn, p)));
    }
    const where = and(...conds);
    const orderBy = orderByOf(q, SORTS, { sort: 'chargerStartTime', order: 'desc' }, chargeOrder.id);
    const { limit, offset } = limitOffset(q);
    const rows = await orderQuery(app.db).where(where).orderBy(...orderBy).limit(limit).offset(offset);
    // Filters only touch the order table: the count needs no joins.
    const [{ total }] = await app.db.select({ total: count() }).from(chargeOrder).where(where);
    const now = new Date();
    return ok(req, { records: rows.map((x) => orderRecord(x, now)), total });
  });

  r.get('/order/:id', {
    config: { permission: 'menu:operations:orders' },
    schema: {
      tags: ['order'],
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: { 200: envelopeOf(orderRecordSchema.extend({ meterValues: z.array(meterValueRecordSchema) })) },
    },
  }, async (req) => {
    const auth = authOf(req);
    const [row] = await orderQuery(app.db).where(eq(chargeOrder.id, req.params.id)).limit(1);
    if (!row) throw new AppError(400, 'id');
    assertSameCompany(auth, row.o.companyCode, 'read');
    const values = await app.db
      .select({ timestamp: meterValue.timestamp, measurand: meterValue.measurand, value: meterValue.value, unit: meterValue.unit })
      .from(meterValue)
      .where(and(
        eq(meterValue.transactionId, row.o.transactionId),
        eq(meterValue.chargerId, row.o.chargerId),
        inArray(meterValue.measurand, CHART_MEASURANDS),
      ))
      .orderBy(asc(meterValue.timestamp), asc(meterValue.id))
      .limit(METER_VALUE_LIMIT);
    return ok(req, {
      ...orderRecord(row),
      meterValues: values.map((v) => ({ timestamp: v.timestamp.toISOString(), measurand: v.measurand, value: v.value, unit: v.unit })),
    });
  });
};

export default orderRoutes;
