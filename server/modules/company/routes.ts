/**
 * Company calls fixed by spec §7: GET /sp/company/select (the navbar operator dropdown) and
 * PUT /sp/company/user/{id}/pwd (reset an account's password; query parameter `password`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { account, company } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { companyScope, assertSameCompany } from '../../http/scope.js';
import { hashPassword } from '../auth/password.js';
import { sessionToken } from '../../db/schema.js';

const companyRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/company/select', { schema: { tags: ['company'] } }, async (req) => {
    const auth = authOf(req);
    const rows = await app.db
      .select({ companyCode: company.code, companyName: company.name })
      .from(company)
      .where(companyScope(auth, company.code))
      .orderBy(asc(company.name));
    return ok(req, rows);
  });

  r.put('/company/user/:id/pwd', {
    config: { permission: 'menu:systemusers:accounts' },
    schema: {
      tags: ['company'],
      params: z.object({ id: z.coerce.number().int().positive() }),
      querystring: z.object({ password: z.string().optional() }),
      body: z.object({ password: z.string().optional() }).optional().nullable(),
    },
  }, async (req) => {
    const auth = authOf(req);
    const password = req.body?.password ?? req.query.password ?? '';
    if (!password) throw new AppError(607, 'password');
    if (password.length < 6 || password.length > 64) throw new AppError(400, 'password');
    const [target] = await app.db.select().from(account).where(eq(account.id, req.params.id));
    if (!target) throw new AppError(803);
    if (!auth.isAdmin && target.companyCode === null) throw new AppError(725);
    assertSameCompany(auth, target.companyCode, 'write');
    const passwordHash = await hashPassword(password);
    await app.db.transaction(async (tx) => {
      await tx.update(account).set({ passwordHash }).where(eq(account.id, target.id));
      // A reset password ends the account's other sessions.
      await tx.update(sessionToken).set({ revokedAt: new Date() }).where(eq(sessionToken.accountId, target.id));
    });
    return ok(req, null);
  });
};

export default companyRoutes;
