/**
 * Chargers, `/sp/charger`:
 * - reads (Charger monitoring, Station profile: `menu:monitoring:chargers` or
 *   `menu:stations:stationprofile`): `GET /sp/charger` paged, sorted, filtered list, with
 *   `split=true` also the count per dashboard state; `GET /sp/charger/{id}` one record;
 * - writes (`menu:stations:stationprofile`): POST (register), PUT /{id}, PUT /{id}/status
 *   `{ active }`, POST /{id}/ocpp-password (answers the plain password once), DELETE
 *   /{id}/ocpp-password, POST /{id}/ocpp-password/rotate (a connected charger is sent a new key
 *   over OCPP: ./key-rotation.ts, 770–773).
 * Schemas: domain/entities/charger.ts. Rules and codes: ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData } from '../../../domain/entities/api.js';
import {
  chargerCreate,
  chargerFilters,
  chargerPage,
  chargerRecord,
  chargerStatusInput,
  chargerUpdate,
  chargerWriteRecord,
  ocppKeyRotationAnswer,
  ocppPasswordAnswer,
} from '../../../domain/entities/charger.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { parseInput } from '../station/index.js';
import {
  chargerAsInput,
  chargerForWrite,
  chargerWriteAnswer,
  clearOcppPassword,
  createCharger,
  getCharger,
  listChargers,
  rotateOcppPassword,
  setChargerActive,
  updateCharger,
} from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { rotateOcppKey } from './key-rotation.js';

/** Permissions that may read chargers (any of them). */
const readers = [PERMISSIONS.monitoring.chargers, PERMISSIONS.stations.profile];
const permission = PERMISSIONS.stations.profile;
const listQuery = pageQuery.extend(chargerFilters.shape);

const chargerRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['charger'];

  r.get('/charger', { config: { permission: readers }, schema: { tags, querystring: listQuery, response: answersWith(chargerPage) } }, async (req) =>
    ok(req, await listChargers(app.db, authOf(req), req.query)),
  );

  r.get('/charger/:id', { config: { permission: readers }, schema: { tags, params: idParams, response: answersWith(chargerRecord) } }, async (req) =>
    ok(req, await getCharger(app.db, authOf(req), req.params.id)),
  );

  r.post('/charger', { config: { permission }, schema: { tags, body: chargerCreate, response: answersWith(chargerWriteRecord) } }, async (req) => {
    const id = await createCharger(app.db, authOf(req), req.body);
    return ok(req, await chargerWriteAnswer(app.db, id));
  });

  r.put(
    '/charger/:id',
    { config: { permission }, schema: { tags, params: idParams, body: chargerUpdate, response: answersWith(chargerWriteRecord) } },
    async (req) => {
      const auth = authOf(req);
      const current = await chargerForWrite(app.db, auth, req.params.id);
      const input = parseInput(chargerCreate, { ...chargerAsInput(current), ...req.body });
      await updateCharger(app.db, auth, current, input);
      // Not ACTIVE any more (or renamed away): its socket closes, as with PUT /status.
      if (input.lifeStatus !== 'ACTIVE' || input.serialNum !== current.serialNum) app.bus.emit('identityDeactivated', { serialNum: current.serialNum });
      return ok(req, await chargerWriteAnswer(app.db, current.id));
    },
  );

  r.put(
    '/charger/:id/status',
    { config: { permission }, schema: { tags, params: idParams, body: chargerStatusInput, response: answersWith(chargerWriteRecord) } },
    async (req) => {
      const current = await chargerForWrite(app.db, authOf(req), req.params.id);
      const { active } = req.body;
      const deactivated = await setChargerActive(app.db, current, active);
      if (deactivated) app.bus.emit('identityDeactivated', { serialNum: current.serialNum });
      return ok(req, await chargerWriteAnswer(app.db, current.id));
    },
  );

  r.post(
    '/charger/:id/ocpp-password',
    { config: { permission }, schema: { tags, params: idParams, response: answersWith(ocppPasswordAnswer) } },
    async (req) => {
      const current = await chargerForWrite(app.db, authOf(req), req.params.id);
      const password = await rotateOcppPassword(app.db, current);
      req.log.info({ chargerId: current.id }, 'OCPP password generated');
      // The socket opened without (or with the old) password closes; the charger reconnects with the new one.
      app.bus.emit('identityDeactivated', { serialNum: current.serialNum, reason: 'credentials' });
      return ok(req, { username: current.serialNum, password });
    },
  );

  r.post(
    '/charger/:id/ocpp-password/rotate',
    { config: { permission }, schema: { tags, params: idParams, response: answersWith(ocppKeyRotationAnswer) } },
    async (req) => ok(req, await rotateOcppKey(app, authOf(req), req.params.id)),
  );

  r.delete('/charger/:id/ocpp-password', { config: { permission }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const current = await chargerForWrite(app.db, authOf(req), req.params.id);
    await clearOcppPassword(app.db, current);
    return ok(req, null);
  });
};

export default chargerRoutes;
