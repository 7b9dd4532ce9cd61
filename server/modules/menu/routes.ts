/**
 * Menus (requirements §2 "/System/Menu", §5, §6): `GET /sp/menu/tree` (the caller's sidebar, any signed-in
 * user), `GET /sp/menu`, `GET /sp/menu/full-tree`, `GET /sp/menu/{id}` (menu:system:menu), and
 * `POST /sp/menu`, `PUT /sp/menu/{id}`, `PUT /sp/menu/{id}/status` (menu:system:menu, platform
 * administrators only: menus are shared by every operator).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuInput, menuRecordSchema } from '../../../domain/entities/menu.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { switchSchema, switchValue } from '../../http/switch.js';
import { answersWith, pageOf } from '../../../domain/entities/api.js';
import { createMenu, fullTree, getMenu, listMenus, menuTreeFor, setMenuEnabled, toMenuDto, updateMenu } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { menuNodeSchema } from '../../../domain/entities/menu.js';
import { idParams } from '../../../domain/entities/api.js';

const PERMISSION = PERMISSIONS.system.menu;
const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

const menuRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = answersWith(menuRecordSchema);

  r.get('/menu/tree', { config: { scope: 'own' }, schema: { tags: ['menu'], response: answersWith(z.array(menuNodeSchema)) } }, async (req) =>
    ok(req, await menuTreeFor(app.db, authOf(req))),
  );

  r.get('/menu/full-tree', { config: { permission: PERMISSION }, schema: { tags: ['menu'], response: answersWith(z.array(menuNodeSchema)) } }, async (req) =>
    ok(req, await fullTree(app.db)),
  );

  r.get(
    '/menu',
    {
      config: { permission: PERMISSION },
      schema: {
        tags: ['menu'],
        querystring: pageQuery.extend({
          q: z.string().trim().max(100).optional(),
          enabled: boolQuery.optional(),
          level: z.coerce.number().int().min(1).max(5).optional(),
        }),
        response: answersWith(pageOf(menuRecordSchema)),
      },
    },
    async (req) => {
      const { q, enabled, level, ...page } = req.query;
      return ok(req, await listMenus(app.db, { q, enabled, level }, page));
    },
  );

  r.get('/menu/:id', { config: { permission: PERMISSION }, schema: { tags: ['menu'], params: idParams, response: one } }, async (req) =>
    ok(req, toMenuDto(await getMenu(app.db, req.params.id))),
  );

  r.post('/menu', { config: { permission: PERMISSION, scope: 'platform' }, schema: { tags: ['menu'], body: menuInput, response: one } }, async (req) =>
    ok(req, await createMenu(app.db, req.body)),
  );

  r.put(
    '/menu/:id',
    {
      config: { permission: PERMISSION, scope: 'platform' },
      schema: { tags: ['menu'], params: idParams, body: menuInput, response: one },
    },
    async (req) => ok(req, await updateMenu(app.db, req.params.id, req.body)),
  );

  r.put(
    '/menu/:id/status',
    {
      config: { permission: PERMISSION, scope: 'platform' },
      schema: { tags: ['menu'], params: idParams, ...switchSchema('enabled'), response: one },
    },
    async (req) => ok(req, await setMenuEnabled(app.db, req.params.id, switchValue(req, 'enabled', 611))),
  );
};

export default menuRoutes;
