/**
 * Device management of one charger (permission `menu:monitoring:chargermonotoring`, like the
 * remote commands; requirements R15.20–R15.25, docs/api.md "Device management"):
 * - `GET /sp/charger/{id}/configuration?keys=` GetConfiguration; `POST …/configuration` ChangeConfiguration;
 * - `POST …/command/clear-cache`, `…/command/trigger`, `…/command/data-transfer`,
 *   `…/command/clear-profile` (ClearChargingProfile by id, criteria or all);
 * - `GET …/local-list` the list last sent, `GET …/local-list/version` GetLocalListVersion,
 *   `POST …/local-list` SendLocalList;
 * - `GET …/reservations`, `POST …/reservations` ReserveNow (connector 0 where supported), `POST …/reservations/{reservationId}/cancel`.
 * Each answers the charger's reply, or 718 / 719 / 720 (see ./service.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, pageOf } from '../../../domain/entities/api.js';
import {
  clearProfileInput,
  configurationAnswer,
  configurationChange,
  configurationChangeAnswer,
  configurationQuery,
  dataTransferAnswer,
  dataTransferInput,
  localListInput,
  localListRecord,
  reservationFilters,
  reservationParams,
  reservationRecord,
  reserveInput,
  statusAnswer,
  triggerInput,
} from '../../../domain/entities/device-command.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { RESERVATION_SWEEP_MS, cancelReservation, expireReservations, listReservations, reserve } from './reservation.js';
import {
  changeConfiguration,
  clearCache,
  clearChargingProfile,
  dataTransfer,
  getConfiguration,
  localListSent,
  localListVersion,
  sendLocalList,
  triggerMessage,
} from './service.js';

const config = { permission: PERMISSIONS.monitoring.chargers };
const tags = ['device-command'];

const deviceCommandRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      expireReservations(app.db).catch((err: unknown) => app.log.warn({ err }, 'reservation expiry sweep failed'));
    }, RESERVATION_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  r.get(
    '/charger/:id/configuration',
    { config, schema: { tags, params: idParams, querystring: configurationQuery, response: answersWith(configurationAnswer) } },
    async (req) => ok(req, await getConfiguration(app, authOf(req), req.params.id, req.query.keys)),
  );
  r.post(
    '/charger/:id/configuration',
    { config, schema: { tags, params: idParams, body: configurationChange, response: answersWith(configurationChangeAnswer) } },
    async (req) => ok(req, await changeConfiguration(app, authOf(req), req.params.id, req.body)),
  );

  r.post('/charger/:id/command/clear-cache', { config, schema: { tags, params: idParams, response: answersWith(statusAnswer) } }, async (req) =>
    ok(req, await clearCache(app, authOf(req), req.params.id)),
  );
  r.post(
    '/charger/:id/command/clear-profile',
    { config, schema: { tags, params: idParams, body: clearProfileInput, response: answersWith(statusAnswer) } },
    async (req) => ok(req, await clearChargingProfile(app, authOf(req), req.params.id, req.body)),
  );
  r.post('/charger/:id/command/trigger', { config, schema: { tags, params: idParams, body: triggerInput, response: answersWith(statusAnswer) } }, async (req) =>
    ok(req, await triggerMessage(app, authOf(req), req.params.id, req.body)),
  );
  r.post(
    '/charger/:id/command/data-transfer',
    { config, schema: { tags, params: idParams, body: dataTransferInput, response: answersWith(dataTransferAnswer) } },
    async (req) => ok(req, await dataTransfer(app, authOf(req), req.params.id, req.body)),
  );

  r.get('/charger/:id/local-list', { config, schema: { tags, params: idParams, response: answersWith(localListRecord) } }, async (req) =>
    ok(req, await localListSent(app.db, authOf(req), req.params.id)),
  );
  r.get('/charger/:id/local-list/version', { config, schema: { tags, params: idParams, response: answersWith(localListRecord) } }, async (req) =>
    ok(req, await localListVersion(app, authOf(req), req.params.id)),
  );
  r.post('/charger/:id/local-list', { config, schema: { tags, params: idParams, body: localListInput, response: answersWith(localListRecord) } }, async (req) =>
    ok(req, await sendLocalList(app, authOf(req), req.params.id, req.body)),
  );

  r.get(
    '/charger/:id/reservations',
    {
      config,
      schema: { tags, params: idParams, querystring: pageQuery.extend(reservationFilters.shape), response: answersWith(pageOf(reservationRecord)) },
    },
    async (req) => ok(req, await listReservations(app.db, authOf(req), req.params.id, req.query)),
  );
  r.post(
    '/charger/:id/reservations',
    { config, schema: { tags, params: idParams, body: reserveInput, response: answersWith(reservationRecord) } },
    async (req) => ok(req, await reserve(app, authOf(req), req.params.id, req.body)),
  );
  r.post(
    '/charger/:id/reservations/:reservationId/cancel',
    { config, schema: { tags, params: reservationParams, response: answersWith(reservationRecord) } },
    async (req) => ok(req, await cancelReservation(app, authOf(req), req.params.id, req.params.reservationId)),
  );
};

export default deviceCommandRoutes;
