/**
 * Stations (`/sp/station`, permission `menu:stations:stationprofile`; the list is also open to
 * `menu:operations:orders` and `menu:monitoring:chargermonotoring`, whose filters need it).
 * `GET /sp/station/{id}` carries the station's chargers and gateways with live status.
 * Rules and codes in ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import { stationCreate, stationDetail, stationFilters, stationRecord, stationUpdate } from '../../../domain/entities/station.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { parseInput, writeCompany } from './common.js';
import { createStation, deleteStation, getStation, getStationDetail, listStations, updateStation } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

const permission = PERMISSIONS.stations.profile;
const readPermission = [permission, PERMISSIONS.operations.orders, PERMISSIONS.monitoring.chargers];
const listQuery = pageQuery.extend(stationFilters.shape);

const stationRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['station'];

  r.get(
    '/station',
    { config: { permission: readPermission }, schema: { tags, querystring: listQuery, response: answersWith(pageOf(stationRecord)) } },
    async (req) => ok(req, await listStations(app.db, authOf(req), req.query)),
  );

  r.get('/station/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(stationDetail) } }, async (req) =>
    ok(req, await getStationDetail(app.db, authOf(req), req.params.id)),
  );

  r.post('/station', { config: { permission }, schema: { tags, body: stationUpdate, response: answersWith(stationDetail) } }, async (req) => {
    const auth = authOf(req);
    const body = req.body;
    const companyCode = await writeCompany(app.db, auth, body.companyCode);
    const input = parseInput(stationCreate, { ...body, companyCode });
    const id = await createStation(app.db, input);
    return ok(req, await getStationDetail(app.db, auth, id));
  });

  r.put(
    '/station/:id',
    { config: { permission }, schema: { tags, params: idParams, body: stationUpdate, response: answersWith(stationDetail) } },
    async (req) => {
      const auth = authOf(req);
      const current = await getStation(app.db, auth, req.params.id, 'write');
      const input = parseInput(stationCreate, { ...current, ...req.body });
      await updateStation(app.db, current, input);
      return ok(req, await getStationDetail(app.db, auth, current.id));
    },
  );

  r.delete('/station/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const current = await getStation(app.db, authOf(req), req.params.id, 'write');
    await deleteStation(app.db, current);
    return ok(req, null);
  });
};

export default stationRoutes;
