/**
 * `/sp/home-charger` (permission `menu:homestations:chargerprofiles`; requirements §3 "Home charger",
 * §16): list, show, create (a registered charger by SN), change (sent to the charger, its answer in
 * `lastCommand`), resend (`POST /{id}/apply`, answering 718/719/720 like the remote commands) and
 * delete (which clears the home limit from the charger, R16.8).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import { commandOutcome, homeChargerCreate, homeChargerFilters, homeChargerRecord, homeChargerUpdate } from '../../../domain/entities/home-charger.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { throwIfFailed } from '../smart-charging/index.js';
import { applyHomeLimit, createHomeCharger, deleteHomeCharger, homeChargerRecordOf, listHomeChargers, loadHomeCharger, updateHomeCharger } from './service.js';

const PERMISSION = PERMISSIONS.homeStations.chargerProfiles;
const tags = ['home-charger'];

const homeChargerRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/home-charger',
    {
      config: { permission: PERMISSION },
      schema: { tags, querystring: pageQuery.extend(homeChargerFilters.shape), response: answersWith(pageOf(homeChargerRecord)) },
    },
    async (req) => ok(req, await listHomeChargers(db, authOf(req), req.query)),
  );

  r.get(
    '/home-charger/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(homeChargerRecord) },
    },
    async (req) => {
      await loadHomeCharger(db, authOf(req), req.params.id, 'read');
      return ok(req, await homeChargerRecordOf(db, req.params.id));
    },
  );

  r.post(
    '/home-charger',
    {
      config: { permission: PERMISSION },
      schema: { tags, body: homeChargerCreate, response: answersWith(homeChargerRecord) },
    },
    async (req) => {
      const id = await createHomeCharger(app, authOf(req), req.body);
      return ok(req, await homeChargerRecordOf(db, id));
    },
  );

  r.put(
    '/home-charger/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, body: homeChargerUpdate, response: answersWith(homeChargerRecord) },
    },
    async (req) => {
      await updateHomeCharger(app, authOf(req), req.params.id, req.body);
      return ok(req, await homeChargerRecordOf(db, req.params.id));
    },
  );

  r.post(
    '/home-charger/:id/apply',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(commandOutcome) },
    },
    async (req) => {
      const auth = authOf(req);
      await loadHomeCharger(db, auth, req.params.id, 'write');
      return ok(req, throwIfFailed(await applyHomeLimit(app, auth.username, req.params.id)));
    },
  );

  r.delete(
    '/home-charger/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(noData) },
    },
    async (req) => {
      await deleteHomeCharger(app, authOf(req), req.params.id);
      return ok(req, null);
    },
  );
};

export default homeChargerRoutes;
