/**
 * Order read API (Operations → Orders, requirements §2, §3):
 * - `GET /sp/order` paged, sorted, filtered list with the `totals` of every matching order (count,
 *   kWh, amount per currency; R2.18) (company-scoped; 709 for another company's
 *   `companyCode`; 715 when `endTime` is before `startTime` or `startTime` is in the future,
 *   requirements §5 "Time ranges"; 400 for an unknown `sort`). The time range applies to the charger
 *   start time, both ends inclusive.
 * - `GET /sp/order/:id` one record plus its meter values for the chart (the catalogue has no
 *   order-not-found code, so a missing order answers 400 naming `id`; 709 another company's).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { chargeOrder, meterValue } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { limitOffset, pageQuery } from '../../http/paging.js';
import { assertInScope } from '../../http/scope.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { meterValueRecord, orderRecord, orderTotals } from '../../../domain/entities/order.js';
import { orderTotalsOf } from './totals.js';
import { checkTimeRange, orderConditions, orderFilterQuery, orderSort } from './filter.js';
import { orderQuery, toOrderRecord } from './record.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { idParams } from '../../../domain/entities/api.js';

/** Measurands returned with an order for its chart. */
export const CHART_MEASURANDS = ['Energy.Active.Import.Register', 'Power.Active.Import'];
/** At most this many meter values come with one order. */
const METER_VALUE_LIMIT = 5000;

const listQuery = pageQuery.extend(orderFilterQuery.shape);

/** Requirements §5 time-range rules (kept here for the modules that import it from the order routes). */
export { checkTimeRange };

const orderRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/order', {
    config: { permission: PERMISSIONS.operations.orders },
    schema: { tags: ['order'], querystring: listQuery, response: answersWith(pageOf(orderRecord).extend({ totals: orderTotals })) },
  }, async (req) => {
    const auth = authOf(req);
    const q = req.query;
    const where = orderConditions(auth, q);
    const orderBy = orderSort(q);
    const { limit, offset } = limitOffset(q);
    const rows = await orderQuery(app.db).where(where).orderBy(...orderBy).limit(limit).offset(offset);
    // Filters only touch the order table: the totals need no joins.
    const totals = await orderTotalsOf(app.db, where);
    const now = new Date();
    return ok(req, { records: rows.map((x) => toOrderRecord(x, now)), total: totals.count, totals });
  });

  r.get('/order/:id', {
    config: { permission: PERMISSIONS.operations.orders },
    schema: {
      tags: ['order'],
      params: idParams,
      response: answersWith(orderRecord.extend({ meterValues: z.array(meterValueRecord) })),
    },
  }, async (req) => {
    const auth = authOf(req);
    const [row] = await orderQuery(app.db).where(eq(chargeOrder.id, req.params.id)).limit(1);
    if (!row) throw new AppError(400, 'id');
    assertInScope(auth, chargeOrder, row.o, 'read');
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
      ...toOrderRecord(row),
      meterValues: values.map((v) => ({ timestamp: v.timestamp.toISOString(), measurand: v.measurand, value: v.value, unit: v.unit })),
    });
  });
};

export default orderRoutes;
