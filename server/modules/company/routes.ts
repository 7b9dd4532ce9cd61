/**
 * Company calls fixed by requirements §7: GET /sp/company/select (the navbar operator dropdown; a company
 * user gets their own company) and PUT /sp/company/user/{id}/pwd (the accounts screen's reset
 * password dialog; query parameter or body `password`, optional `confirmPassword` that must match).
 * The reset follows the account rules (725 another company, 403 an account with more rights than
 * the caller) and ends the account's sessions.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { passwordSchema } from '../../../domain/schemas/required.js';
import { company } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { scopeWhere } from '../../http/scope.js';
import { resetPassword } from '../account/service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith, noData } from '../../../domain/entities/api.js';
import { companyOption } from '../../../domain/entities/operator.js';

const passwordFields = z.object({ password: z.string().max(64).optional(), confirmPassword: z.string().max(64).optional() });

const companyRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/company/select', { config: { scope: 'company' }, schema: { tags: ['company'], response: answersWith(z.array(companyOption)) } }, async (req) => {
    const auth = authOf(req);
    const rows = await app.db
      .select({ companyCode: company.code, companyName: company.name })
      .from(company)
      .where(scopeWhere(auth, company))
      .orderBy(asc(company.name));
    return ok(req, rows);
  });

  r.put('/company/user/:id/pwd', {
    config: { permission: PERMISSIONS.systemUsers.accounts, scope: 'company' },
    schema: {
      tags: ['company'],
      params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      querystring: passwordFields,
      body: passwordFields.optional().nullable(),
      response: answersWith(noData),
    },
  }, async (req) => {
    const password = req.body?.password ?? req.query.password ?? '';
    const confirm = req.body?.confirmPassword ?? req.query.confirmPassword;
    if (!password) throw new AppError(607, 'password');
    if (!passwordSchema.safeParse(password).success) throw new AppError(400, 'password');
    if (confirm !== undefined && confirm !== password) throw new AppError(400, 'confirmPassword');
    await resetPassword(app.db, authOf(req), req.params.id, password);
    return ok(req, null);
  });
};

export default companyRoutes;
