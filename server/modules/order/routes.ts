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
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { meterValueRecord, orderRecord, orderTotals } from '../../../domain/entities/order.js';
import { checkTimeRange, orderFilterQuery } from './filter.js';
import { getOrderWithMeterValues, listOrders } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { idParams } from '../../../domain/entities/api.js';

const listQuery = pageQuery.extend(orderFilterQuery.shape);

/** Requirements §5 time-range rules (kept here for the modules that import it from the order routes). */
export { checkTimeRange };

const orderRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/order',
    {
      config: { permission: PERMISSIONS.operations.orders },
      schema: { tags: ['order'], querystring: listQuery, response: answersWith(pageOf(orderRecord).extend({ totals: orderTotals })) },
    },
    async (req) => ok(req, await listOrders(app.db, authOf(req), req.query)),
  );

  r.get(
    '/order/:id',
    {
      config: { permission: PERMISSIONS.operations.orders },
      schema: {
        tags: ['order'],
        params: idParams,
        response: answersWith(orderRecord.extend({ meterValues: z.array(meterValueRecord) })),
      },
    },
    async (req) => ok(req, await getOrderWithMeterValues(app.db, authOf(req), req.params.id)),
  );
};

export default orderRoutes;
