/**
 * Device Version (`/sp/firmware`, requirements §15; permission `menu:system:deviceversion` to
 * change, and also the station profile's or charger monitoring's to read, for upgrades):
 * - `POST /firmware/file?fileName=` with the raw image (`application/octet-stream`): checked and
 *   kept, answers `{ fileId, fileName, size, sha256 }` (712 refused, the reason under `file`);
 * - `POST /firmware` the form with that `fileId`; `GET /firmware`, `GET /firmware/{id}`,
 *   `DELETE /firmware/{id}`. Codes in ./service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import { firmwareCreate, firmwareFilters, firmwareRecord, firmwareUpload, firmwareUploadQuery } from '../../../domain/entities/firmware.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { createFirmware, deleteFirmware, getFirmware, listFirmware, uploadFirmwareFile, uploadRefused } from './service.js';

const manage = PERMISSIONS.system.deviceVersion;
const read = [manage, PERMISSIONS.stations.profile, PERMISSIONS.monitoring.chargers] as const;
const listQuery = pageQuery.extend(firmwareFilters.shape);

const firmwareRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['firmware'];
  const max = app.config.firmwareMaxBytes;

  // The raw image, counted while it arrives: past the limit the upload stops with 712.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    payload.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) {
        over = true;
        payload.resume();
        done(uploadRefused('tooBig', max), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!over) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (err) => {
      if (!over) done(err, undefined);
    });
  });

  r.get('/firmware', { config: { permission: read }, schema: { tags, querystring: listQuery, response: answersWith(pageOf(firmwareRecord)) } }, async (req) =>
    ok(req, await listFirmware(app.db, authOf(req), req.query)),
  );

  r.get('/firmware/:id', { config: { permission: read }, schema: { tags, params: idParams, response: answersWith(firmwareRecord) } }, async (req) =>
    ok(req, await getFirmware(app.db, authOf(req), req.params.id)),
  );

  r.post(
    '/firmware/file',
    {
      config: { permission: manage },
      bodyLimit: max + 1024,
      schema: {
        tags,
        querystring: firmwareUploadQuery,
        response: answersWith(firmwareUpload),
        consumes: ['application/octet-stream'],
      },
    },
    async (req) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return ok(req, await uploadFirmwareFile(app.db, authOf(req), req.query.fileName, body, max));
    },
  );

  r.post('/firmware', { config: { permission: manage }, schema: { tags, body: firmwareCreate, response: answersWith(firmwareRecord) } }, async (req) => {
    const auth = authOf(req);
    const id = await createFirmware(app.db, auth, req.body);
    return ok(req, await getFirmware(app.db, auth, id));
  });

  r.delete('/firmware/:id', { config: { permission: manage }, schema: { tags, params: idParams, response: answersWith(noData) } }, async (req) => {
    const auth = authOf(req);
    await deleteFirmware(app.db, await getFirmware(app.db, auth, req.params.id, 'write'));
    return ok(req, null);
  });
};

export default firmwareRoutes;
