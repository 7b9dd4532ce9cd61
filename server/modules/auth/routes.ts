/**
 * Authentication calls (requirements §3, §5, §7): POST /sp/login, DELETE /sp/logout, GET /sp/user/info.
 * Login takes username (trimmed) and password as query parameters (the spec's form), a form
 * body or JSON (the console's form, so passwords never sit in URLs). Wrong login → 700; too many
 * failures for the account from this address, from the address, or (from an address the account
 * never signed in from) for the account → 731 (server/auth/login-throttle.ts, R6.10); too many
 * password hashes waiting → 733.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { verifyPassword } from '../../auth/password.js';
import { issueToken, revokeToken } from '../../auth/tokens.js';
import { LoginThrottle } from '../../auth/login-throttle.js';
import { answersWith, noData } from '../../../domain/entities/api.js';
import { loginAnswer, userInfo } from '../../../domain/entities/session.js';
import { accountByUsername, accountWithRole } from './service.js';

const credentials = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
});

/** A well-formed hash to compare against when the user does not exist (constant-ish timing). */
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const authRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle({
    account: app.config.loginMaxFailures,
    address: app.config.loginMaxAddressFailures,
    windowMs: app.config.loginLockMinutes * 60_000,
    maxKeys: 10_000,
  });

  r.post(
    '/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], querystring: credentials, body: credentials.optional().nullable(), response: answersWith(loginAnswer) },
    },
    async (req) => {
      const username = (req.body?.username ?? req.query.username ?? '').trim();
      const password = req.body?.password ?? req.query.password ?? '';
      if (!username) throw new AppError(609, 'username');
      if (!password) throw new AppError(607, 'password');
      // Locked pair or address, or a delayed account from an unknown address: refused before any hash runs, even with the right password.
      if (throttle.limited(username, req.ip)) throw new AppError(731);
      const row = await accountByUsername(app.db, username);
      const good = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !good || !row.active) {
        throttle.failed(username, req.ip);
        throw new AppError(700);
      }
      throttle.succeeded(username, req.ip);
      const token = await issueToken(app.db, row.id, app.config.tokenTtlHours);
      req.log.info({ accountId: row.id }, 'signed in');
      return ok(req, { token });
    },
  );

  r.delete('/logout', { schema: { tags: ['auth'], response: answersWith(noData) } }, async (req) => {
    await revokeToken(app.db, authOf(req).token);
    return ok(req, null);
  });

  r.get('/user/info', { schema: { tags: ['auth'], response: answersWith(userInfo) } }, async (req) => {
    const auth = authOf(req);
    const row = await accountWithRole(app.db, auth.accountId);
    if (!row) throw new AppError(401);
    return ok(req, {
      id: row.account.id,
      userName: row.account.username,
      realName: row.account.realName,
      avatar: row.account.avatar,
      email: row.account.email,
      phone: row.account.phone,
      userType: row.account.userType,
      companyCode: row.account.companyCode,
      roles: auth.isAdmin ? ['admin'] : row.roleCode ? [row.roleCode] : [],
      permissions: auth.permissions,
    });
  });
};

export default authRoutes;
