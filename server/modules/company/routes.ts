/**
 * Operator companies, `/sp/company` (requirements §2 "/System/Operators", §3, §5): `GET /sp/company`,
 * `GET|PUT /sp/company/{id}` (menu:system:operators; a company user holding it sees and edits only
 * their own operator), `POST /sp/company` (platform administrators), `POST /sp/company/logo` (JPG
 * or PNG ≤ 200 KB → `{ logo }` URL to put in the operator's `logo`) and requirements §7's fixed
 * `GET /sp/company/select` (the navbar operator dropdown; a company user gets their own company).
 * The company's accounts, `/sp/company/user…`, are the company-user module.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES } from '../../../domain/enums.js';
import { companyOption, operatorCreateInput, operatorUpdateInput, operatorRecordSchema } from '../../../domain/entities/operator.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { checkImage, fileOf, registerUploadParsers, storeImage, UPLOAD_BODY_LIMIT } from '../profile/index.js';
import { companyOptions, createOperator, getOperator, listOperators, updateOperator } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { idParams } from '../../../domain/entities/api.js';

const PERMISSION = PERMISSIONS.system.operators;

/** Operator logo limit (requirements §5 logo: JPEG or PNG, at most 200 KB). */
export const LOGO_LIMITS = { maxBytes: 200 * 1024 };

const companyRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerUploadParsers(app);
  const config = { permission: PERMISSION, scope: 'company' } as const;

  r.get('/company/select', { config: { scope: 'company' }, schema: { tags: ['company'], response: answersWith(z.array(companyOption)) } }, async (req) => {
    return ok(req, await companyOptions(app.db, authOf(req)));
  });

  r.get(
    '/company',
    {
      config,
      schema: {
        tags: ['company'],
        querystring: pageQuery.extend({
          companyCode: z.string().trim().max(32).optional(),
          q: z.string().trim().max(100).optional(),
          currency: z.enum(CURRENCIES).optional(),
        }),
        response: answersWith(pageOf(operatorRecordSchema)),
      },
    },
    async (req) => {
      const { companyCode, q, currency, ...page } = req.query;
      return ok(req, await listOperators(app.db, authOf(req), { companyCode: companyCode || undefined, q, currency }, page));
    },
  );

  r.get('/company/:id', { config, schema: { tags: ['company'], params: idParams, response: answersWith(operatorRecordSchema) } }, async (req) =>
    ok(req, await getOperator(app.db, authOf(req), req.params.id)),
  );

  r.post(
    '/company',
    {
      config: { permission: PERMISSION, scope: 'platform' },
      schema: { tags: ['company'], body: operatorCreateInput, response: answersWith(operatorRecordSchema) },
    },
    async (req) => ok(req, (await createOperator(app.db, req.body)).operator),
  );

  r.put(
    '/company/:id',
    { config, schema: { tags: ['company'], params: idParams, body: operatorUpdateInput, response: answersWith(operatorRecordSchema) } },
    async (req) => ok(req, await updateOperator(app.db, authOf(req), req.params.id, req.body)),
  );

  r.post(
    '/company/logo',
    { config, bodyLimit: UPLOAD_BODY_LIMIT, schema: { tags: ['company'], response: answersWith(z.object({ logo: z.string() })) } },
    async (req) => {
      const file = fileOf(req.headers['content-type'], req.body);
      const info = checkImage(file, LOGO_LIMITS);
      return ok(req, { logo: await storeImage(app.config.dataDir, 'logo', file, info) });
    },
  );
};

export default companyRoutes;
