/**
 * Station groups (`/sp/station-group`, permission `menu:stations:stationgroup`): list, get,
 * create, update, delete. Rules and codes in ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATION_GROUP_EMPTY_CODES, stationGroupInput } from '../../../domain/schemas/station-group.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { parseInput, writeCompany } from '../station/common.js';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

const permission = PERMISSIONS.stations.groups;
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const listQuery = pageQuery.extend({
  companyCode: z.string().optional(),
  q: z.string().max(100).optional(),
  isDefault: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

const stationGroupRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['station-group'];

  r.get('/station-group', { config: { permission }, schema: { tags, querystring: listQuery } }, async (req) =>
    ok(req, await listGroups(app.db, authOf(req), req.query)));

  r.get('/station-group/:id', { config: { permission }, schema: { tags, params: idParams } }, async (req) =>
    ok(req, await getGroup(app.db, authOf(req), req.params.id)));

  r.post('/station-group', { config: { permission }, schema: { tags } }, async (req) => {
    const auth = authOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const companyCode = await writeCompany(app.db, auth, typeof body.companyCode === 'string' ? body.companyCode : undefined);
    const input = parseInput(stationGroupInput, { ...body, companyCode }, STATION_GROUP_EMPTY_CODES);
    const id = await createGroup(app.db, input);
    return ok(req, await getGroup(app.db, auth, id));
  });

  r.put('/station-group/:id', { config: { permission }, schema: { tags, params: idParams } }, async (req) => {
    const auth = authOf(req);
    const current = await getGroup(app.db, auth, req.params.id, 'write');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = parseInput(stationGroupInput, { ...current, ...body }, STATION_GROUP_EMPTY_CODES);
    await updateGroup(app.db, current, input);
    return ok(req, await getGroup(app.db, auth, current.id));
  });

  r.delete('/station-group/:id', { config: { permission }, schema: { tags, params: idParams } }, async (req) => {
    const current = await getGroup(app.db, authOf(req), req.params.id, 'write');
    await deleteGroup(app.db, current);
    return ok(req, null);
  });
};

export default stationGroupRoutes;
