/**
 * `/sp/charging-schedule` and `/sp/charger/{id}/composite-schedule` (permission
 * `menu:homestations:smartcharging`; requirements §5 "Smart charging", §16): schedules (list, show,
 * create, change, delete), sending one to its chargers (`POST /{id}/send`) and clearing it
 * (`POST /{id}/clear`), each charger's answer in `lastSent`; what caps a schedule for a charger or
 * station (`GET /limits`: the station's total, a home charger's maximum; 602 with neither); and what a charger will do
 * (GetCompositeSchedule in A or W, `chargingRateUnit`; 718/719/720 like the remote commands).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import {
  chargingScheduleCreate,
  chargingScheduleFilters,
  chargingScheduleRecord,
  chargingScheduleUpdate,
  compositeScheduleAnswer,
  compositeScheduleQuery,
  scheduleLimitsAnswer,
  scheduleLimitsQuery,
  type ChargingScheduleInput,
} from '../../../domain/entities/charging-schedule.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { pageQuery } from '../../http/paging.js';
import {
  clearSchedule,
  compositeOf,
  createSchedule,
  deleteSchedule,
  listSchedules,
  loadSchedule,
  scheduleLimits,
  scheduleRecordOf,
  sendSchedule,
  updateSchedule,
} from './service.js';

const PERMISSION = PERMISSIONS.homeStations.smartCharging;
const tags = ['smart-charging'];

const smartChargingRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/charging-schedule',
    {
      config: { permission: PERMISSION },
      schema: { tags, querystring: pageQuery.extend(chargingScheduleFilters.shape), response: answersWith(pageOf(chargingScheduleRecord)) },
    },
    async (req) => ok(req, await listSchedules(db, authOf(req), req.query)),
  );

  r.get(
    '/charging-schedule/limits',
    {
      config: { permission: PERMISSION },
      schema: { tags, querystring: scheduleLimitsQuery, response: answersWith(scheduleLimitsAnswer) },
    },
    async (req) => {
      if (!req.query.chargerId && !req.query.stationId) throw new AppError(602, 'chargerId');
      const { capA, stationTotalA, homeMaxA, stationId, timeZone } = await scheduleLimits(db, authOf(req), req.query, 'read');
      return ok(req, { capA, stationTotalA, homeMaxA, stationId, timeZone });
    },
  );

  r.get(
    '/charging-schedule/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(chargingScheduleRecord) },
    },
    async (req) => {
      await loadSchedule(db, authOf(req), req.params.id, 'read');
      return ok(req, await scheduleRecordOf(db, req.params.id));
    },
  );

  r.post(
    '/charging-schedule',
    {
      config: { permission: PERMISSION },
      schema: { tags, body: chargingScheduleCreate, response: answersWith(chargingScheduleRecord) },
    },
    async (req) => ok(req, await scheduleRecordOf(db, await createSchedule(db, authOf(req), req.body as ChargingScheduleInput))),
  );

  r.put(
    '/charging-schedule/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, body: chargingScheduleUpdate, response: answersWith(chargingScheduleRecord) },
    },
    async (req) => {
      await updateSchedule(db, authOf(req), req.params.id, req.body as Partial<ChargingScheduleInput>);
      return ok(req, await scheduleRecordOf(db, req.params.id));
    },
  );

  r.delete(
    '/charging-schedule/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(noData) },
    },
    async (req) => {
      await deleteSchedule(app, authOf(req), req.params.id);
      return ok(req, null);
    },
  );

  r.post(
    '/charging-schedule/:id/send',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(chargingScheduleRecord) },
    },
    async (req) => ok(req, await sendSchedule(app, authOf(req), req.params.id)),
  );

  r.post(
    '/charging-schedule/:id/clear',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(chargingScheduleRecord) },
    },
    async (req) => ok(req, await clearSchedule(app, authOf(req), req.params.id)),
  );

  r.get(
    '/charger/:id/composite-schedule',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, querystring: compositeScheduleQuery, response: answersWith(compositeScheduleAnswer) },
    },
    async (req) => ok(req, await compositeOf(app, authOf(req), req.params.id, req.query.connectorId, req.query.duration, req.query.chargingRateUnit)),
  );
};

export default smartChargingRoutes;
