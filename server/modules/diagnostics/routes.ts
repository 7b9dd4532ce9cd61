/**
 * Diagnostics requests (`/sp/diagnostics-request`, requirements R15.10–R15.14; permission: the
 * station profile's or charger monitoring's, like the charger page):
 * `GET ?chargerId=` (a page, newest first), `GET /settings` (FTP on or off, the size limit and the
 * retention), `POST` (send GetDiagnostics; answers the request), `GET /{id}/file` (the file, streamed).
 * Also runs the hourly retention sweep. Rules and codes in ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, fileAnswer, idParams, pageOf } from '../../../domain/entities/api.js';
import { diagnosticsCreate, diagnosticsFilters, diagnosticsRecord, diagnosticsSettings } from '../../../domain/entities/diagnostics.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { pageQuery } from '../../http/paging.js';
import { publicBase } from '../firmware/index.js';
import { readFileStream } from '../files/index.js';
import { ftpPortOf, getDiagnostics, listDiagnostics, requestDiagnostics, sweepDiagnostics } from './service.js';

const permission = [PERMISSIONS.stations.profile, PERMISSIONS.monitoring.chargers] as const;
const listQuery = pageQuery.extend(diagnosticsFilters.shape);

const diagnosticsRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['diagnostics'];

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      sweepDiagnostics(app).catch((err: unknown) => app.log.warn({ err }, 'diagnostics retention sweep failed'));
    }, 3_600_000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  r.get(
    '/diagnostics-request',
    { config: { permission }, schema: { tags, querystring: listQuery, response: answersWith(pageOf(diagnosticsRecord)) } },
    async (req) => ok(req, await listDiagnostics(app.db, authOf(req), req.query)),
  );

  r.get('/diagnostics-request/settings', { config: { permission }, schema: { tags, response: answersWith(diagnosticsSettings) } }, async (req) =>
    ok(req, { ftp: ftpPortOf(app) !== null, maxBytes: app.config.diagnosticsMaxBytes, retentionDays: app.config.diagnosticsRetentionDays }),
  );

  r.post('/diagnostics-request', { config: { permission }, schema: { tags, body: diagnosticsCreate, response: answersWith(diagnosticsRecord) } }, async (req) =>
    ok(req, await requestDiagnostics(app, authOf(req), req.body, publicBase(req))),
  );

  r.get(
    '/diagnostics-request/:id/file',
    {
      config: { permission },
      schema: { tags, params: idParams, response: { 200: fileAnswer('application/octet-stream', 'The diagnostics file the charger uploaded') } },
    },
    async (req, reply) => {
      const d = await getDiagnostics(app.db, authOf(req), req.params.id);
      if (d.fileId === null || d.fileSize === null) throw new AppError(820);
      const name = (d.fileName ?? `diagnostics-${d.id}`).replace(/[^\w.-]/g, '_');
      return reply
        .type('application/octet-stream')
        .header('Content-Length', String(d.fileSize))
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(readFileStream(app.db, d.fileId, d.fileSize));
    },
  );
};

export default diagnosticsRoutes;
