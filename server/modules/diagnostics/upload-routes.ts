/**
 * The HTTP receiver of diagnostics files (requirements R15.11), outside `/sp` and without a sign-in:
 * `PUT|POST /ocpp-files/diagnostics/<token>[/<file name>]` with the file as the raw body (any
 * content type). The body is streamed into the database (./service.ts `uploadSink`), never held
 * whole. Answers: 201 kept (`size sha256` as text); 404 unknown token; 410 expired; 409 already
 * used or another upload in progress; 400 empty (626); 413 above DIAGNOSTICS_MAX_BYTES (753, from
 * `Content-Length` before reading, or counted while reading).
 * Bounds (requirements R15.15): at most UPLOAD_MAX_CONCURRENT uploads in progress in all and
 * UPLOAD_MAX_PER_ADDRESS per client address (`TRUST_PROXY` decides the address) — beyond them 429
 * (755) with Retry-After, before the token is looked at; an upload slower than
 * UPLOAD_MIN_BYTES_PER_S over a window, or longer than UPLOAD_TIME_LIMIT_S, is cut: 408 (756),
 * nothing kept, the token free for the charger's retry.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { catalogueMessage } from '../../../domain/errors.js';
import { ConnectionCaps } from '../../http/connection-caps.js';
import { AppError } from '../../../domain/app-error.js';
import { guardPace } from '../files/index.js';
import { checkToken, claimUpload, refuseOversize, uploadSink, type UploadRefusal } from './service.js';

const REFUSAL_STATUS: Record<UploadRefusal, number> = { unknown: 404, expired: 410, used: 409, busy: 409 };
const params = z.object({ token: z.string().max(128), name: z.string().max(255).optional() });

/** Seconds a charger refused for too many uploads at once is asked to wait. */
export const UPLOAD_RETRY_AFTER_S = 60;

const plain = (reply: FastifyReply, status: number, text: string) =>
  reply
    .status(status)
    .header('Connection', status >= 400 ? 'close' : 'keep-alive')
    .type('text/plain; charset=utf-8')
    .send(text);

const diagnosticsUploads: FastifyPluginAsync = async (app) => {
  // The body is read by the handler as a stream, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));

  const caps = new ConnectionCaps(app.config.uploadMaxConcurrent, app.config.uploadMaxPerAddress);
  app.metrics.uploadSource('http', () => caps.size);
  type Req = { params: unknown; ip: string; headers: Record<string, string | string[] | undefined>; raw: NodeJS.ReadableStream };

  const receive = async (req: Req, reply: FastifyReply) => {
    const release = caps.take(req.ip);
    if (typeof release === 'string') {
      app.metrics.refused('http', release);
      reply.header('Retry-After', String(UPLOAD_RETRY_AFTER_S));
      return plain(reply, 429, `${catalogueMessage(755, 'en')} (755)`);
    }
    try {
      return await receiveHeld(req, reply);
    } finally {
      release();
    }
  };

  const receiveHeld = async (req: Req, reply: FastifyReply) => {
    const p = params.safeParse(req.params);
    if (!p.success) return plain(reply, 404, 'Not found');
    const found = await checkToken(app.db, p.data.token);
    if (typeof found === 'string') return plain(reply, REFUSAL_STATUS[found], found);
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > app.config.diagnosticsMaxBytes) {
      await refuseOversize(app.db, found.id);
      return plain(reply, 413, `larger than ${app.config.diagnosticsMaxBytes} bytes`);
    }
    const held = await claimUpload(app.db, p.data.token);
    if (typeof held === 'string') return plain(reply, REFUSAL_STATUS[held], held);
    const sink = uploadSink(app, held, p.data.name);
    guardPace(
      sink,
      { timeLimitMs: app.config.uploadTimeLimitMs, minBytesPerS: app.config.uploadMinBytesPerS, windowMs: app.config.uploadRateWindowMs },
      (reason) => app.metrics.refused('http', reason),
    );
    try {
      await new Promise<void>((resolve, reject) => {
        sink.once('finish', resolve);
        sink.once('error', reject);
        req.raw.once('error', (err) => sink.destroy(err));
        req.raw.once('aborted', () => sink.destroy(new Error('client aborted')));
        req.raw.pipe(sink);
      });
    } catch (err) {
      req.raw.unpipe(sink);
      if (err instanceof AppError && err.code === 753) return plain(reply, 413, `larger than ${app.config.diagnosticsMaxBytes} bytes`);
      if (err instanceof AppError && err.code === 626) return plain(reply, 400, 'empty file');
      if (err instanceof AppError && err.code === 756) return plain(reply, 408, `${catalogueMessage(756, 'en')} (756)`);
      app.log.warn({ err, requestId: held.id }, 'diagnostics upload failed');
      return plain(reply, 409, 'not kept');
    }
    return plain(reply, 201, `${sink.file?.size ?? 0} ${sink.file?.sha256 ?? ''}`);
  };
  for (const url of ['/ocpp-files/diagnostics/:token', '/ocpp-files/diagnostics/:token/', '/ocpp-files/diagnostics/:token/:name']) {
    // The limit is ours (counted while streaming); Fastify's own body limit must not cut in first.
    app.route({
      method: ['PUT', 'POST'],
      url,
      bodyLimit: app.config.diagnosticsMaxBytes + 1024 * 1024,
      schema: { hide: true },
      handler: (req, reply) => receive(req, reply),
    });
  }
};

export default diagnosticsUploads;
