/**
 * `POST /sp/charger/:id/command/{remote-start|remote-stop|reset|unlock|availability}`
 * (permission `menu:monitoring:chargermonotoring`): remote commands to a connected charger.
 * Answers `{ action, request, answer }` with the charger's answer, or 718/719/720.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { sendCommand, type Command } from './service.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith } from '../../../domain/entities/api.js';
import { commandAnswer, remoteStartProfile } from '../../../domain/entities/command.js';
import { idParams } from '../../../domain/entities/api.js';

const PERMISSION = PERMISSIONS.monitoring.chargers;
const connectorId = z.number().int().min(0).max(99);

const bodies = {
  'remote-start': z
    .object({
      connectorId: connectorId.min(1).optional(),
      idTag: z.string().trim().min(1).max(20).optional(),
      cardUserId: z.number().int().positive().optional(),
      appUserId: z.number().int().positive().optional(),
      /** A TxProfile for the session it starts (R16.10). */
      chargingProfile: remoteStartProfile.optional(),
    })
    .transform((b) => ({ action: 'RemoteStartTransaction' as const, ...b })),
  'remote-stop': z
    .object({ transactionId: z.number().int().optional(), connectorId: connectorId.min(1).optional() })
    .optional()
    .nullable()
    .transform((b) => ({ action: 'RemoteStopTransaction' as const, ...(b ?? {}) })),
  reset: z.object({ type: z.enum(['Soft', 'Hard']).default('Soft') }).transform((b) => ({ action: 'Reset' as const, ...b })),
  unlock: z.object({ connectorId: connectorId.min(1) }).transform((b) => ({ action: 'UnlockConnector' as const, ...b })),
  availability: z.object({ connectorId, type: z.enum(['Operative', 'Inoperative']) }).transform((b) => ({ action: 'ChangeAvailability' as const, ...b })),
};

const commandRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [name, body] of Object.entries(bodies)) {
    r.post(
      `/charger/:id/command/${name}`,
      {
        config: { permission: PERMISSION },
        schema: { tags: ['command'], params: idParams, body, response: answersWith(commandAnswer) },
      },
      async (req) => ok(req, await sendCommand(app, authOf(req), req.params.id, req.body as Command)),
    );
  }
};

export default commandRoutes;
