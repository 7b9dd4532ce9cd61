/**
 * Gateways (`/sp/gateway`, permission `menu:stations:stationprofile`): list, get (with its
 * chargers), create, update, delete, POST /{id}/ocpp-password (answers `{ username, password }`
 * once), DELETE /{id}/ocpp-password. Rules and codes in ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import { ocppPasswordAnswer } from '../../../domain/entities/charger.js';
import { gatewayCreate, gatewayDetail, gatewayFilters, gatewayRecord, gatewayUpdate } from '../../../domain/entities/gateway.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { parseInput } from '../station/index.js';
import {
  clearGatewayPassword,
  createGateway,
  deleteGateway,
  getGateway,
  getGatewayDetail,
  listGateways,
  rotateGatewayPassword,
  updateGateway,
} from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

const permission = PERMISSIONS.stations.profile;
const listQuery = pageQuery.extend(gatewayFilters.shape);

const gatewayRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gateway'];

  r.get('/gateway', { config: { permission }, schema: { tags, querystring: listQuery, response: answersWith(pageOf(gatewayRecord)) } }, async (req) =>
    ok(req, await listGateways(app.db, authOf(req), req.query)),
  );

  r.get('/gateway/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(gatewayDetail) } }, async (req) =>
    ok(req, await getGatewayDetail(app.db, authOf(req), req.params.id)),
  );

  r.post('/gateway', { config: { permission }, schema: { tags, body: gatewayCreate, response: answersWith(gatewayDetail) } }, async (req) => {
    const auth = authOf(req);
    const id = await createGateway(app.db, auth, req.body);
    return ok(req, await getGatewayDetail(app.db, auth, id));
  });

  r.put(
    '/gateway/:id',
    { config: { permission }, schema: { tags, params: idParams, body: gatewayUpdate, response: answersWith(gatewayDetail) } },
    async (req) => {
      const auth = authOf(req);
      const current = await getGateway(app.db, auth, req.params.id, 'write');
      const input = parseInput(gatewayCreate, { ...current, ...req.body });
      const deactivated = await updateGateway(app.db, auth, current, input);
      // A deactivated gateway loses its socket; so does a renamed one (its old identity is gone).
      if (deactivated || input.serialNum !== current.serialNum) app.bus.emit('identityDeactivated', { serialNum: current.serialNum });
      return ok(req, await getGatewayDetail(app.db, auth, current.id));
    },
  );

  r.post(
    '/gateway/:id/ocpp-password',
    { config: { permission }, schema: { tags, params: idParams, response: answersWith(ocppPasswordAnswer) } },
    async (req) => {
      const current = await getGateway(app.db, authOf(req), req.params.id, 'write');
      const password = await rotateGatewayPassword(app.db, current);
      req.log.info({ gatewayId: current.id }, 'OCPP password generated');
      // The socket opened without (or with the old) password closes; the gateway reconnects with the new one.
      app.bus.emit('identityDeactivated', { serialNum: current.serialNum, reason: 'credentials' });
      return ok(req, { username: current.serialNum, password });
    },
  );

  r.delete('/gateway/:id/ocpp-password', { config: { permission }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const current = await getGateway(app.db, authOf(req), req.params.id, 'write');
    await clearGatewayPassword(app.db, current);
    return ok(req, null);
  });

  r.delete('/gateway/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const current = await getGateway(app.db, authOf(req), req.params.id, 'write');
    await deleteGateway(app.db, current);
    // A deleted gateway's identity is gone: its open socket closes.
    app.bus.emit('identityDeactivated', { serialNum: current.serialNum });
    return ok(req, null);
  });
};

export default gatewayRoutes;
