/**
 * Rate templates (`/sp/rate-template`, permission `menu:stations:stationprofile`): list, get,
 * create and update (`?context=station` allows 4 taxes instead of 5), `PUT /{id}/status`
 * `{ activated }`, delete, and `DELETE /{id}/detail/{detailId}` for one time-of-use row.
 * Rules and codes in ./service.ts and domain/rate-template.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES } from '../../../domain/enums.js';
import { RATE_TEMPLATE_TYPES } from '../../../domain/rate-template.js';
import { RATE_TEMPLATE_EMPTY_CODES, rateTemplateSchema, rateTemplateStatusInput } from '../../../domain/entities/rate-template.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { pageQuery } from '../../http/paging.js';
import { parseInput, writeCompany } from '../station/index.js';
import { createTemplate, deleteDetail, deleteTemplate, getTemplate, listTemplates, setTemplateActivated, updateTemplate } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith, noData, pageOf } from '../../../domain/entities/api.js';
import { rateTemplateRecord } from '../../../domain/entities/rate-template.js';
import { flagFilter, idParams } from '../../../domain/entities/api.js';

const permission = PERMISSIONS.stations.profile;
const detailParams = idParams.extend({ detailId: z.coerce.number().int().positive().max(2_147_483_647) });
const contextQuery = z.object({ context: z.enum(['template', 'station']).default('template') });
const listQuery = pageQuery.extend({
  companyCode: z.string().optional(),
  type: z.enum(RATE_TEMPLATE_TYPES).optional(),
  activated: flagFilter,
  currency: z.enum(CURRENCIES).optional(),
  q: z.string().max(100).optional(),
});
const bodyOf = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;

const rateTemplateRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rate-template'];

  r.get(
    '/rate-template',
    { config: { permission }, schema: { tags, querystring: listQuery, response: answersWith(pageOf(rateTemplateRecord)) } },
    async (req) => ok(req, await listTemplates(app.db, authOf(req), req.query)),
  );

  r.get('/rate-template/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(rateTemplateRecord) } }, async (req) =>
    ok(req, await getTemplate(app.db, authOf(req), req.params.id)),
  );

  r.post('/rate-template', { config: { permission }, schema: { tags, querystring: contextQuery, response: answersWith(rateTemplateRecord) } }, async (req) => {
    const auth = authOf(req);
    const body = bodyOf(req);
    const companyCode = await writeCompany(app.db, auth, typeof body.companyCode === 'string' ? body.companyCode : undefined);
    const input = parseInput(rateTemplateSchema(req.query.context), { ...body, companyCode }, RATE_TEMPLATE_EMPTY_CODES);
    const id = await createTemplate(app.db, input);
    return ok(req, await getTemplate(app.db, auth, id));
  });

  r.put(
    '/rate-template/:id',
    { config: { permission }, schema: { tags, params: idParams, querystring: contextQuery, response: answersWith(rateTemplateRecord) } },
    async (req) => {
      const auth = authOf(req);
      const current = await getTemplate(app.db, auth, req.params.id, 'write');
      if (current.type === 'FREE') throw new AppError(811);
      const input = parseInput(rateTemplateSchema(req.query.context), { ...current, ...bodyOf(req) }, RATE_TEMPLATE_EMPTY_CODES);
      await updateTemplate(app.db, current, input);
      return ok(req, await getTemplate(app.db, auth, current.id));
    },
  );

  r.put('/rate-template/:id/status', { config: { permission }, schema: { tags, params: idParams, response: answersWith(rateTemplateRecord) } }, async (req) => {
    const auth = authOf(req);
    const current = await getTemplate(app.db, auth, req.params.id, 'write');
    const { activated } = parseInput(rateTemplateStatusInput, bodyOf(req), {});
    await setTemplateActivated(app.db, current, activated);
    return ok(req, await getTemplate(app.db, auth, current.id));
  });

  r.delete('/rate-template/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const current = await getTemplate(app.db, authOf(req), req.params.id, 'write');
    await deleteTemplate(app.db, current);
    return ok(req, null);
  });

  r.delete(
    '/rate-template/:id/detail/:detailId',
    { config: { permission }, schema: { tags, params: detailParams, response: answersWith(rateTemplateRecord) } },
    async (req) => {
      const auth = authOf(req);
      const current = await getTemplate(app.db, auth, req.params.id, 'write');
      await deleteDetail(app.db, current, req.params.detailId);
      return ok(req, await getTemplate(app.db, auth, current.id));
    },
  );
};

export default rateTemplateRoutes;
