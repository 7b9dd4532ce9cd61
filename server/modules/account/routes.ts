/**
 * Accounts (requirements §2 "/SystemUsers/Accounts", §3, §4, §5): `GET|POST /sp/company/user`,
 * `GET|PUT|DELETE /sp/company/user/{id}`, `PUT /sp/company/user/{id}/status` (activate /
 * deactivate), all menu:systemusers:accounts. The password reset `PUT /sp/company/user/{id}/pwd`
 * is in the company module (requirements §7's fixed call).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCreateInput, accountListFilters, accountUpdateInput, accountRecordSchema } from '../../../domain/schemas/account.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { envelopeOf, pageOf } from '../../../domain/entities/api.js';
import { createAccount, deleteAccount, getAccount, listAccounts, setAccountActive, updateAccount } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

export const ACCOUNTS_PERMISSION = PERMISSIONS.systemUsers.accounts;
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

const accountRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ACCOUNTS_PERMISSION, scope: 'company' } as const;
  const one = { 200: envelopeOf(accountRecordSchema) };

  r.get('/company/user', { config, schema: { tags: ['account'], querystring: pageQuery.extend(accountListFilters.shape), response: { 200: envelopeOf(pageOf(accountRecordSchema)) } } }, async (req) => {
    const { companyCode, userType, q, active, roleId, ...page } = req.query;
    return ok(req, await listAccounts(app.db, authOf(req), { companyCode: companyCode || undefined, userType, q, active, roleId }, page));
  });

  r.get('/company/user/:id', { config, schema: { tags: ['account'], params: idParams, response: one } },
    async (req) => ok(req, await getAccount(app.db, authOf(req), req.params.id)));

  r.post('/company/user', { config, schema: { tags: ['account'], body: accountCreateInput, response: one } },
    async (req) => ok(req, await createAccount(app.db, authOf(req), req.body)));

  r.put('/company/user/:id', { config, schema: { tags: ['account'], params: idParams, body: accountUpdateInput, response: one } },
    async (req) => ok(req, await updateAccount(app.db, authOf(req), req.params.id, req.body)));

  r.put('/company/user/:id/status', {
    config,
    schema: {
      tags: ['account'], params: idParams,
      querystring: z.object({ active: boolQuery.optional() }),
      body: z.object({ active: z.boolean().optional() }).nullish(),
      response: one,
    },
  }, async (req) => {
    const active = req.body?.active ?? req.query.active;
    if (active === undefined) throw new AppError(609, 'active');
    return ok(req, await setAccountActive(app.db, authOf(req), req.params.id, active));
  });

  r.delete('/company/user/:id', { config, schema: { tags: ['account'], params: idParams, response: { 200: envelopeOf(z.null()) } } }, async (req) => {
    await deleteAccount(app.db, authOf(req), req.params.id);
    return ok(req, null);
  });
};

export default accountRoutes;
