/**
 * Station groups (`/sp/station-group`, permission `menu:stations:stationgroup`): list, get,
 * create, update, delete. Rules and codes in ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import { stationGroupCreate, stationGroupFilters, stationGroupRecord, stationGroupUpdate } from '../../../domain/entities/station-group.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { parseInput, writeCompany } from '../station/index.js';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

const permission = PERMISSIONS.stations.groups;
const listQuery = pageQuery.extend(stationGroupFilters.shape);

const stationGroupRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['station-group'];

  r.get(
    '/station-group',
    { config: { permission }, schema: { tags, querystring: listQuery, response: answersWith(pageOf(stationGroupRecord)) } },
    async (req) => ok(req, await listGroups(app.db, authOf(req), req.query)),
  );

  r.get('/station-group/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(stationGroupRecord) } }, async (req) =>
    ok(req, await getGroup(app.db, authOf(req), req.params.id)),
  );

  r.post('/station-group', { config: { permission }, schema: { tags, body: stationGroupUpdate, response: answersWith(stationGroupRecord) } }, async (req) => {
    const auth = authOf(req);
    const companyCode = await writeCompany(app.db, auth, req.body.companyCode);
    const input = parseInput(stationGroupCreate, { ...req.body, companyCode });
    const id = await createGroup(app.db, input);
    return ok(req, await getGroup(app.db, auth, id));
  });

  r.put(
    '/station-group/:id',
    { config: { permission }, schema: { tags, params: idParams, body: stationGroupUpdate, response: answersWith(stationGroupRecord) } },
    async (req) => {
      const auth = authOf(req);
      const current = await getGroup(app.db, auth, req.params.id, 'write');
      const input = parseInput(stationGroupCreate, { ...current, ...req.body });
      await updateGroup(app.db, current, input);
      return ok(req, await getGroup(app.db, auth, current.id));
    },
  );

  r.delete('/station-group/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const current = await getGroup(app.db, authOf(req), req.params.id, 'write');
    await deleteGroup(app.db, current);
    return ok(req, null);
  });
};

export default stationGroupRoutes;
