/**
 * Accounts, `/sp/company/user` (requirements §2 "/SystemUsers/Accounts", §3, §4, §5, §7): `GET|POST
 * /sp/company/user`, `GET|PUT|DELETE /sp/company/user/{id}`, `PUT /sp/company/user/{id}/status`
 * (activate / deactivate) and requirements §7's fixed `PUT /sp/company/user/{id}/pwd` (the reset
 * password dialog; query parameter or body `password`, optional `confirmPassword` that must match;
 * 607 empty, 400 weak or not matching), all menu:systemusers:accounts. The reset follows the
 * account rules (725 another company, 403 an account with more rights than the caller) and ends
 * the account's sessions.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCreateInput, accountListFilters, accountUpdateInput, accountRecordSchema } from '../../../domain/entities/company-user.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { pageQuery } from '../../http/paging.js';
import { switchSchema, switchValue } from '../../http/switch.js';
import { answersWith, noData, pageOf } from '../../../domain/entities/api.js';
import { passwordSchema } from '../../../domain/entities/rules.js';
import { createAccount, deleteAccount, getAccount, listAccounts, resetPassword, setAccountActive, updateAccount } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { idParams } from '../../../domain/entities/api.js';

const passwordFields = z.object({ password: z.string().max(64).optional(), confirmPassword: z.string().max(64).optional() });

const companyUserRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: PERMISSIONS.systemUsers.accounts, scope: 'company' } as const;
  const one = answersWith(accountRecordSchema);

  r.get(
    '/company/user',
    { config, schema: { tags: ['company-user'], querystring: pageQuery.extend(accountListFilters.shape), response: answersWith(pageOf(accountRecordSchema)) } },
    async (req) => {
      const { companyCode, userType, q, active, roleId, ...page } = req.query;
      return ok(req, await listAccounts(app.db, authOf(req), { companyCode: companyCode || undefined, userType, q, active, roleId }, page));
    },
  );

  r.get('/company/user/:id', { config, schema: { tags: ['company-user'], params: idParams, response: one } }, async (req) =>
    ok(req, await getAccount(app.db, authOf(req), req.params.id)),
  );

  r.post('/company/user', { config, schema: { tags: ['company-user'], body: accountCreateInput, response: one } }, async (req) =>
    ok(req, await createAccount(app.db, authOf(req), req.body)),
  );

  r.put('/company/user/:id', { config, schema: { tags: ['company-user'], params: idParams, body: accountUpdateInput, response: one } }, async (req) =>
    ok(req, await updateAccount(app.db, authOf(req), req.params.id, req.body)),
  );

  r.put('/company/user/:id/status', { config, schema: { tags: ['company-user'], params: idParams, ...switchSchema('active'), response: one } }, async (req) =>
    ok(req, await setAccountActive(app.db, authOf(req), req.params.id, switchValue(req, 'active', 609))),
  );

  r.delete('/company/user/:id', { config, schema: { tags: ['company-user'], params: idParams, response: answersWith(z.null()) } }, async (req) => {
    await deleteAccount(app.db, authOf(req), req.params.id);
    return ok(req, null);
  });

  r.put(
    '/company/user/:id/pwd',
    {
      config,
      schema: {
        tags: ['company-user'],
        params: idParams,
        querystring: passwordFields,
        body: passwordFields.optional().nullable(),
        response: answersWith(noData),
      },
    },
    async (req) => {
      const password = req.body?.password ?? req.query.password ?? '';
      const confirm = req.body?.confirmPassword ?? req.query.confirmPassword;
      if (!password) throw new AppError(607, 'password');
      if (!passwordSchema.safeParse(password).success) throw new AppError(400, 'password');
      if (confirm !== undefined && confirm !== password) throw new AppError(400, 'confirmPassword');
      await resetPassword(app.db, authOf(req), req.params.id, password);
      return ok(req, null);
    },
  );
};

export default companyUserRoutes;
