/**
 * Upgrade campaigns (`/sp/firmware-campaign`, requirements R4.5–R4.6, §15; permission: the station
 * profile's or charger monitoring's): `GET` (filters status, gatewaySn, stationId, chargerId),
 * `GET /{id}`, `GET /candidates?chargerIds=` (eligibility), `POST` (send request; answers the
 * campaign and the chargers refused), `POST /{id}/reset`, `POST /{id}/send` (send again after a
 * reset or a pause). Also starts the sweeper that fails chargers silent past FIRMWARE_SILENCE_S.
 * Rules and codes in ./campaign.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answersWith, idParams, pageOf } from '../../../domain/entities/api.js';
import {
  campaignCandidate,
  campaignCreate,
  campaignDetail,
  campaignFilters,
  campaignRecord,
  campaignStarted,
} from '../../../domain/entities/firmware-campaign.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { manyQuery, pageQuery } from '../../http/paging.js';
import { candidates, getCampaign, listCampaigns, resetCampaign, resumeCampaign, startCampaign, sweepSilent } from './campaign.js';

const permission = [PERMISSIONS.stations.profile, PERMISSIONS.monitoring.chargers] as const;
const listQuery = pageQuery.extend(campaignFilters.shape);
const candidateQuery = z.object({
  chargerIds: manyQuery
    .transform((v) => v.flatMap((s) => s.split(',')).map(Number))
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(1000)),
});

/** Where chargers reach this server: PUBLIC_URL, else the address the operator used. */
export function publicBase(req: FastifyRequest): string {
  const configured = req.server.config.publicUrl;
  return configured ?? `${req.protocol}://${req.host}`;
}

const campaignRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['firmware-campaign'];

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const every = Math.max(1000, Math.min(30_000, (app.config.firmwareSilenceS * 1000) / 3));
    sweeper = setInterval(() => {
      sweepSilent(app).catch((err: unknown) => app.log.warn({ err }, 'firmware silence sweep failed'));
    }, every);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  r.get(
    '/firmware-campaign',
    { config: { permission }, schema: { tags, querystring: listQuery, response: answersWith(pageOf(campaignRecord)) } },
    async (req) => ok(req, await listCampaigns(app.db, authOf(req), req.query)),
  );

  r.get(
    '/firmware-campaign/candidates',
    { config: { permission }, schema: { tags, querystring: candidateQuery, response: answersWith(z.array(campaignCandidate)) } },
    async (req) => ok(req, await candidates(app.db, authOf(req), req.query.chargerIds)),
  );

  r.get('/firmware-campaign/:id', { config: { permission }, schema: { tags, params: idParams, response: answersWith(campaignDetail) } }, async (req) =>
    ok(req, await getCampaign(app.db, authOf(req), req.params.id)),
  );

  r.post('/firmware-campaign', { config: { permission }, schema: { tags, body: campaignCreate, response: answersWith(campaignStarted) } }, async (req) =>
    ok(req, await startCampaign(app, authOf(req), req.body, publicBase(req))),
  );

  r.post('/firmware-campaign/:id/reset', { config: { permission }, schema: { tags, params: idParams, response: answersWith(campaignDetail) } }, async (req) =>
    ok(req, await resetCampaign(app, authOf(req), req.params.id)),
  );

  r.post('/firmware-campaign/:id/send', { config: { permission }, schema: { tags, params: idParams, response: answersWith(campaignDetail) } }, async (req) =>
    ok(req, await resumeCampaign(app, authOf(req), req.params.id)),
  );
};

export default campaignRoutes;
