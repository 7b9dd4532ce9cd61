/**
 * Charger writes (`/sp/charger`, permission `menu:stations:stationprofile`): POST (register),
 * PUT /{id}, PUT /{id}/status `{ active }`, POST /{id}/ocpp-password (answers the plain password
 * once), DELETE /{id}/ocpp-password. Reads live in ./read-routes.ts. Rules in ./write-service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { answersWith, idParams, noData } from '../../../domain/entities/api.js';
import {
  chargerCreate, chargerStatusInput, chargerUpdate, chargerWriteRecord, ocppPasswordAnswer, type ChargerRecord,
} from '../../../domain/entities/charger.js';
import type { Db } from '../../db/client.js';
import { charger } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { AppError, ok } from '../../http/envelope.js';
import { parseInput } from '../station/common.js';
import { loadChargerRecord } from './record.js';
import {
  chargerAsInput, chargerForWrite, clearOcppPassword, createCharger, rotateOcppPassword, setChargerActive, updateCharger,
} from './write-service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

const permission = PERMISSIONS.stations.profile;

/** The charger record of the read API plus whether an OCPP password is set. */
async function recordOf(db: Db, id: number): Promise<ChargerRecord & { hasOcppPassword: boolean }> {
  const rec = await loadChargerRecord(db, id);
  if (!rec) throw new AppError(800);
  const [row] = await db.select({ hash: charger.ocppPasswordHash }).from(charger).where(eq(charger.id, id));
  return { ...rec, hasOcppPassword: Boolean(row?.hash) };
}

const chargerWriteRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['charger'];

  r.post('/charger', { config: { permission }, schema: { tags, body: chargerCreate, response: answersWith(chargerWriteRecord) } }, async (req) => {
    const id = await createCharger(app.db, authOf(req), req.body);
    return ok(req, await recordOf(app.db, id));
  });

  r.put('/charger/:id', { config: { permission }, schema: { tags, params: idParams, body: chargerUpdate, response: answersWith(chargerWriteRecord) } }, async (req) => {
    const auth = authOf(req);
    const current = await chargerForWrite(app.db, auth, req.params.id);
    const input = parseInput(chargerCreate, { ...chargerAsInput(current), ...req.body });
    await updateCharger(app.db, auth, current, input);
    // Not ACTIVE any more (or renamed away): its socket closes, as with PUT /status.
    if (input.lifeStatus !== 'ACTIVE' || input.serialNum !== current.serialNum) app.bus.emit('identityDeactivated', { serialNum: current.serialNum });
    return ok(req, await recordOf(app.db, current.id));
  });

  r.put('/charger/:id/status', { config: { permission }, schema: { tags, params: idParams, body: chargerStatusInput, response: answersWith(chargerWriteRecord) } }, async (req) => {
    const current = await chargerForWrite(app.db, authOf(req), req.params.id);
    const { active } = req.body;
    const deactivated = await setChargerActive(app.db, current, active);
    if (deactivated) app.bus.emit('identityDeactivated', { serialNum: current.serialNum });
    return ok(req, await recordOf(app.db, current.id));
  });

  r.post('/charger/:id/ocpp-password', { config: { permission }, schema: { tags, params: idParams, response: answersWith(ocppPasswordAnswer) } }, async (req) => {
    const current = await chargerForWrite(app.db, authOf(req), req.params.id);
    const password = await rotateOcppPassword(app.db, current);
    req.log.info({ chargerId: current.id }, 'OCPP password generated');
    // The socket opened without (or with the old) password closes; the charger reconnects with the new one.
    app.bus.emit('identityDeactivated', { serialNum: current.serialNum, reason: 'credentials' });
    return ok(req, { username: current.serialNum, password });
  });

  r.delete('/charger/:id/ocpp-password', { config: { permission }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const current = await chargerForWrite(app.db, authOf(req), req.params.id);
    await clearOcppPassword(app.db, current);
    return ok(req, null);
  });
};

export default chargerWriteRoutes;
