/**
 * `GET`/`PUT`/`DELETE /sp/station/{id}/load-balancing` (permission `menu:stations:stationprofile`;
 * requirements §16): a station's grid connection limit, minimum and fallback currents, and each
 * charging connector's allotted and measured current. Saving rebalances the running sessions and
 * sends the fallback TxDefaultProfile to the station's chargers; deleting turns balancing off and
 * clears those profiles from the chargers (R16.8).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams } from '../../../domain/entities/api.js';
import { stationLoadFields, stationLoadRecord } from '../../../domain/entities/charging-schedule.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { balancedStation, rebalanceStation, saveStationLoad, sendFallbacks, stationLoadOf, turnOffBalancing } from './service.js';

const PERMISSION = PERMISSIONS.stations.profile;
const tags = ['load-balancing'];

const loadBalancingRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const stationOf = (id: number, auth: ReturnType<typeof authOf>, mode: 'read' | 'write') => balancedStation(db, auth, id, mode);

  r.get(
    '/station/:id/load-balancing',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(stationLoadRecord) },
    },
    async (req) => {
      await stationOf(req.params.id, authOf(req), 'read');
      return ok(req, await stationLoadOf(db, req.params.id));
    },
  );

  r.put(
    '/station/:id/load-balancing',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, body: stationLoadFields.partial(), response: answersWith(stationLoadRecord) },
    },
    async (req) => {
      const st = await stationOf(req.params.id, authOf(req), 'write');
      // Checked after the scope, so that another station's row answers 725 whatever the body.
      if (req.body.gridLimitA === undefined || req.body.gridLimitA === null) throw new AppError(614, 'gridLimitA');
      await saveStationLoad(db, st, {
        gridLimitA: req.body.gridLimitA as number,
        minCurrentA: req.body.minCurrentA ?? 6,
        fallbackCurrentA: req.body.fallbackCurrentA ?? 6,
      });
      await sendFallbacks(app, st.id);
      await rebalanceStation(app, st.id);
      return ok(req, await stationLoadOf(db, st.id));
    },
  );

  r.delete(
    '/station/:id/load-balancing',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(stationLoadRecord) },
    },
    async (req) => {
      const auth = authOf(req);
      const st = await stationOf(req.params.id, auth, 'write');
      await turnOffBalancing(app, auth.username, st.id);
      return ok(req, await stationLoadOf(db, st.id));
    },
  );
};

export default loadBalancingRoutes;
