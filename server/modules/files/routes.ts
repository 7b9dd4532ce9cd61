/**
 * Files for chargers, outside `/sp` and without a sign-in (requirements §15):
 * - `GET|HEAD /ocpp-files/firmware/<token>[/<name>]`: a firmware image behind a signed URL that
 *   expires (./signed-url.ts). `Range: bytes=a-b` answers 206 with that part (an interrupted
 *   download resumes), an unsatisfiable range 416; an unknown, altered or expired token 404.
 * - `PUT|POST /ocpp-files/diagnostics/<token>[/<name>]`: a charger's diagnostics upload (../diagnostics/upload-routes.ts).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fileInfo, parseRange, readFileRange } from './store.js';
import { verifyFileToken } from './signed-url.js';
import { diagnosticsUploads } from '../diagnostics/index.js';

const plain = (reply: FastifyReply, status: number, text: string) => reply.status(status).type('text/plain; charset=utf-8').send(text);

const fileRoutes: FastifyPluginAsync = async (app) => {
  const serve = async (req: { method: string; headers: Record<string, string | string[] | undefined>; params: { token: string } }, reply: FastifyReply) => {
    const id = await verifyFileToken(app, 'firmware', req.params.token);
    const info = id === null ? null : await fileInfo(app.db, id);
    if (info?.kind !== 'FIRMWARE') return plain(reply, 404, 'Not found');
    const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, info.size);
    reply
      .header('Accept-Ranges', 'bytes')
      .header('ETag', `"${info.sha256}"`)
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${info.fileName.replace(/[^\w.-]/g, '_')}"`);
    if (range.kind === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${info.size}`).send();
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, info.size - 1];
    reply
      .status(range.kind === 'part' ? 206 : 200)
      .type('application/octet-stream')
      .header('Content-Length', String(end - start + 1));
    if (range.kind === 'part') reply.header('Content-Range', `bytes ${start}-${end}/${info.size}`);
    if (req.method === 'HEAD') return reply.send();
    const part = await readFileRange(app.db, info.id, start, end);
    if (!part) return plain(reply, 404, 'Not found');
    return reply.send(part);
  };
  for (const url of ['/ocpp-files/firmware/:token', '/ocpp-files/firmware/:token/:name']) {
    app.get<{ Params: { token: string } }>(url, { schema: { hide: true } }, (req, reply) => serve(req, reply));
  }
  await app.register(diagnosticsUploads);
};

export default fileRoutes;
