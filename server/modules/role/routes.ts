/**
 * Roles (requirements §2 "/SystemUsers/Permissions", §3, §6): `GET|POST /sp/role`,
 * `GET|PUT|DELETE /sp/role/{id}`, `PUT /sp/role/{id}/status` (menu:systemusers:persissions) and
 * `GET /sp/role/select` (the account form's role dropdown; accounts or permissions screen).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleCreateInput, roleUpdateInput, roleRecordSchema } from '../../../domain/entities/role.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { switchSchema, switchValue } from '../../http/switch.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { createRole, deleteRole, getRole, listRoles, selectRoles, setRoleEnabled, updateRole } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { idParams } from '../../../domain/entities/api.js';

const PERMISSION = PERMISSIONS.systemUsers.permissions;
const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

const roleRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = answersWith(roleRecordSchema);

  r.get(
    '/role',
    {
      config: { permission: PERMISSION, scope: 'company' },
      schema: {
        tags: ['role'],
        querystring: pageQuery.extend({
          companyCode: z.string().trim().max(32).optional(),
          q: z.string().trim().max(100).optional(),
          enabled: boolQuery.optional(),
        }),
        response: answersWith(pageOf(roleRecordSchema)),
      },
    },
    async (req) => {
      const { companyCode, q, enabled, ...page } = req.query;
      return ok(req, await listRoles(app.db, authOf(req), { companyCode: companyCode || undefined, q, enabled }, page));
    },
  );

  r.get(
    '/role/select',
    {
      config: { permission: [PERMISSION, PERMISSIONS.systemUsers.accounts], scope: 'company' },
      schema: {
        tags: ['role'],
        querystring: z.object({ companyCode: z.string().trim().max(32).optional() }),
        response: answersWith(z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string(), companyCode: z.string().nullable() }))),
      },
    },
    async (req) => ok(req, await selectRoles(app.db, authOf(req), req.query.companyCode || undefined)),
  );

  r.get('/role/:id', { config: { permission: PERMISSION, scope: 'company' }, schema: { tags: ['role'], params: idParams, response: one } }, async (req) =>
    ok(req, await getRole(app.db, authOf(req), req.params.id)),
  );

  r.post('/role', { config: { permission: PERMISSION, scope: 'company' }, schema: { tags: ['role'], body: roleCreateInput, response: one } }, async (req) =>
    ok(req, await createRole(app.db, authOf(req), req.body)),
  );

  r.put(
    '/role/:id',
    {
      config: { permission: PERMISSION, scope: 'company' },
      schema: { tags: ['role'], params: idParams, body: roleUpdateInput, response: one },
    },
    async (req) => ok(req, await updateRole(app.db, authOf(req), req.params.id, req.body)),
  );

  r.put(
    '/role/:id/status',
    {
      config: { permission: PERMISSION, scope: 'company' },
      schema: { tags: ['role'], params: idParams, ...switchSchema('enabled'), response: one },
    },
    async (req) => ok(req, await setRoleEnabled(app.db, authOf(req), req.params.id, switchValue(req, 'enabled', 608))),
  );

  r.delete(
    '/role/:id',
    { config: { permission: PERMISSION, scope: 'company' }, schema: { tags: ['role'], params: idParams, response: answersWith(z.null()) } },
    async (req) => {
      await deleteRole(app.db, authOf(req), req.params.id);
      return ok(req, null);
    },
  );
};

export default roleRoutes;
