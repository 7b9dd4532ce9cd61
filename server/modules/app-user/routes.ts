/**
 * `/sp/app-user` (permission `menu:chargerusers:appusers`; requirements §3 "App user"): list with filters,
 * show with order count and total spend, activate/deactivate, expiry date, balance operations through the
 * ledger and the balance record view (requirements §2 `?id=`), order history.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, pageQuery } from '../../http/paging.js';
import { balanceOperationInput as amountInput, rechargeAmountError } from '../../../domain/entities/balance-record.js';
import { changeBalance, ledgerPage } from '../balance/index.js';
import { toBalanceRecordJson } from '../card-user/service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { appUserExpiryInput, appUserOrder, appUserRecord, appUserStatusInput } from '../../../domain/entities/app-user.js';
import { balanceRecord } from '../../../domain/entities/balance-record.js';
import { companyListFilters, idParams } from '../../../domain/entities/api.js';
import { appUserOrders, getAppUser, listAppUsers, loadAppUser, updateAppUser } from './service.js';

const PERMISSION = PERMISSIONS.chargerUsers.appUsers;

const appUserRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/app-user',
    {
      config: { permission: PERMISSION },
      schema: {
        tags: ['app-user'],
        response: answersWith(pageOf(appUserRecord)),
        querystring: pageQuery.extend({
          ...companyListFilters,
          active: z.enum(['true', 'false']).optional(),
          registrationMethod: z.string().max(32).optional(),
        }),
      },
    },
    async (req) => {
      const { companyCode, active, registrationMethod, q, ...page } = req.query;
      return ok(req, await listAppUsers(db, authOf(req), { companyCode, active, registrationMethod, q }, page));
    },
  );

  r.get(
    '/app-user/:id',
    { config: { permission: PERMISSION }, schema: { tags: ['app-user'], params: idParams, response: answersWith(appUserRecord) } },
    async (req) => {
      return ok(req, await getAppUser(db, authOf(req), req.params.id));
    },
  );

  r.put(
    '/app-user/:id/status',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['app-user'], params: idParams, body: appUserStatusInput, response: answersWith(appUserRecord) },
    },
    async (req) => {
      return ok(req, await updateAppUser(db, authOf(req), req.params.id, { active: req.body.active }));
    },
  );

  /** Sets or clears the app user's expiry date (requirements R12.42): after it the idTag is answered `Expired`. */
  r.put(
    '/app-user/:id/expiry',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['app-user'], params: idParams, body: appUserExpiryInput, response: answersWith(appUserRecord) },
    },
    async (req) => {
      const expiryDate = req.body.expiryDate === null ? null : new Date(req.body.expiryDate);
      return ok(req, await updateAppUser(db, authOf(req), req.params.id, { expiryDate }));
    },
  );

  for (const op of ['recharge', 'gift', 'refund'] as const) {
    r.post(
      `/app-user/:id/${op}`,
      {
        config: { permission: PERMISSION },
        schema: { tags: ['app-user'], params: idParams, body: amountInput, response: answersWith(balanceRecord) },
      },
      async (req) => {
        const auth = authOf(req);
        await loadAppUser(db, auth, req.params.id, 'write');
        const bad = rechargeAmountError(req.body.amount);
        if (bad) throw new AppError(bad, 'amount');
        const record = await changeBalance(db, {
          holderType: 'APP',
          holderId: req.params.id,
          changeType: op === 'gift' ? 'GIFT' : op === 'refund' ? 'USER_REFUND' : req.body.prepayType ? 'PREPAY' : 'PLATFORM_RECHARGE',
          amount: op === 'refund' ? `-${req.body.amount}` : req.body.amount,
          prepayType: op === 'recharge' ? (req.body.prepayType ?? null) : null,
          remark: req.body.remark ?? null,
          operator: auth.username,
        });
        return ok(req, toBalanceRecordJson(record));
      },
    );
  }

  r.get(
    '/app-user/:id/balance-records',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['app-user'], params: idParams, querystring: pageQuery, response: answersWith(pageOf(balanceRecord)) },
    },
    async (req) => {
      await loadAppUser(db, authOf(req), req.params.id, 'read');
      const { rows, total } = await ledgerPage(db, 'APP', req.params.id, limitOffset(req.query));
      return ok(req, { records: rows.map((x) => toBalanceRecordJson(x)), total });
    },
  );

  r.get(
    '/app-user/:id/orders',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['app-user'], params: idParams, querystring: pageQuery, response: answersWith(pageOf(appUserOrder)) },
    },
    async (req) => {
      // A station manager sees the app user's orders at their stations only.
      return ok(req, await appUserOrders(db, authOf(req), req.params.id, req.query));
    },
  );
};

export default appUserRoutes;
