/**
 * `/sp/card-user` (permission `menu:chargerusers:cardusers`): list, show, create, update,
 * activate/deactivate, balance operations and the balance record view (requirements §2 `?id=`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import type { cardUser } from '../../db/schema.js';
import { answersWith, idParams, pageOf } from '../../../domain/entities/api.js';
import { balanceClearInput, balanceOperationInput, balanceRecord } from '../../../domain/entities/balance-record.js';
import { cardUserCreate, cardUserFilters, cardUserRecord, cardUserStatusInput, cardUserUpdate } from '../../../domain/entities/card-user.js';
import { toBalanceRecordJson } from './mapper.js';
import {
  cardBalanceRecords,
  createCardUser,
  listCardUsers,
  loadCardUser,
  operateBalance,
  setCardActive,
  updateCardUser,
  withCompanies as withCompaniesOf,
  type BalanceOperation,
} from './service.js';
import type { PrepayType } from '../../../domain/enums.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

const PERMISSION = PERMISSIONS.chargerUsers.cardUsers;

const cardUserRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const withCompanies = (rows: (typeof cardUser.$inferSelect)[]) => withCompaniesOf(db, rows);

  r.get(
    '/card-user',
    {
      config: { permission: PERMISSION },
      schema: {
        tags: ['card-user'],
        querystring: pageQuery.extend(cardUserFilters.shape),
        response: answersWith(pageOf(cardUserRecord)),
      },
    },
    async (req) => ok(req, await listCardUsers(db, authOf(req), req.query)),
  );

  r.get(
    '/card-user/:id',
    { config: { permission: PERMISSION }, schema: { tags: ['card-user'], params: idParams, response: answersWith(cardUserRecord) } },
    async (req) => {
      const row = await loadCardUser(db, authOf(req), req.params.id);
      return ok(req, (await withCompanies([row]))[0]);
    },
  );

  r.post(
    '/card-user',
    { config: { permission: PERMISSION }, schema: { tags: ['card-user'], body: cardUserCreate, response: answersWith(cardUserRecord) } },
    async (req) => {
      const row = await createCardUser(db, authOf(req), req.body);
      return ok(req, (await withCompanies([row]))[0]);
    },
  );

  r.put(
    '/card-user/:id',
    { config: { permission: PERMISSION }, schema: { tags: ['card-user'], params: idParams, body: cardUserUpdate, response: answersWith(cardUserRecord) } },
    async (req) => {
      const row = await updateCardUser(db, authOf(req), req.params.id, req.body);
      return ok(req, (await withCompanies([row]))[0]);
    },
  );

  r.put(
    '/card-user/:id/status',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['card-user'], params: idParams, body: cardUserStatusInput, response: answersWith(cardUserRecord) },
    },
    async (req) => {
      const row = await setCardActive(db, authOf(req), req.params.id, req.body.active);
      return ok(req, (await withCompanies([row]))[0]);
    },
  );

  for (const op of ['recharge', 'gift', 'refund', 'clear'] as BalanceOperation[]) {
    r.post(
      `/card-user/:id/${op}`,
      {
        config: { permission: PERMISSION },
        schema: {
          tags: ['card-user'],
          params: idParams,
          body: op === 'clear' ? balanceClearInput : balanceOperationInput,
          response: answersWith(balanceRecord),
        },
      },
      async (req) => {
        const body = (req.body ?? {}) as { amount?: string; prepayType?: PrepayType | null; remark?: string | null };
        const record = await operateBalance(db, authOf(req), req.params.id, op, body);
        return ok(req, toBalanceRecordJson(record));
      },
    );
  }

  r.get(
    '/card-user/:id/balance-records',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['card-user'], params: idParams, querystring: pageQuery, response: answersWith(pageOf(balanceRecord)) },
    },
    async (req) => {
      return ok(req, await cardBalanceRecords(db, authOf(req), req.params.id, req.query));
    },
  );
};

export default cardUserRoutes;
