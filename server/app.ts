/**
 * Builds the Fastify application: plugins in a fixed order (external → app → routes), the `/sp`
 * API, the OpenAPI description at `/sp/docs`, and the built console at `/`.
 * `server/serve.ts` only opens the database, listens and closes gracefully.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { Bus, RedisBus } from './bus.js';
import { openRedisLink } from './cluster/link.js';
import { ClusterNodes } from './cluster/nodes.js';
import { registerAccessHook } from './http/access.js';
import appRoutes from './modules/report-ticket/app-routes.js';
import { registerErrorHandler } from './http/errors.js';
import { registerNulGuard } from './http/nul-guard.js';
import { responseSerializer } from './http/serializer.js';
import { sendError } from './http/envelope.js';
import { apiModules } from './modules/index.js';
import fileRoutes from './modules/files/routes.js';
import ftpReceiver from './modules/diagnostics/ftp.js';
import { NodeMetrics } from './modules/metrics/node-metrics.js';
import metricsRoutes from './modules/metrics/routes.js';
import { failureEnvelope } from '../domain/entities/api.js';
import { redactText } from './auth/secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    bus: Bus;
    /** The other nodes (owner registry, requests), when `REDIS_URL` is set; null on a single node. */
    cluster: ClusterNodes | null;
    /** Every route registered under `/sp` (method, url, declared access), in registration order. */
    spRoutes: RegisteredRoute[];
    /** This node's metrics (`/metrics`, docs/deployment.md "Metrics and health"). */
    metrics: NodeMetrics;
  }
}

/** A `/sp` route as registered, with the access it declares (`config.public/permission/scope`). */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  permission?: string | string[];
  scope?: string;
}

export type App = FastifyInstance;

/** Paths whose values are masked in logs. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.query.password', 'req.query.token', 'req.body.password'];

/**
 * Builds (without listening) the HTTP application on an open database. `strictResponses`: an
 * answer carrying a field its route does not declare is a 500 instead of being dropped (tests);
 * `logStream`: where the log lines go instead of stdout (tests).
 */
export async function buildApp(opts: {
  db: Db;
  config: Config;
  bus?: Bus;
  logger?: boolean;
  strictResponses?: boolean;
  logStream?: { write(line: string): unknown };
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: opts.config.logLevel,
            // Where the JSON lines go (stdout unless given: tests read them).
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: {
              // The URL may carry ?password= (requirements §7 login form); never log query strings.
              // File URLs for chargers carry their token in the path: it is masked too (./auth/secrets.ts).
              req: (req) => ({ method: req.method, url: redactText(String(req.url).split('?')[0]), remoteAddress: req.ip }),
            },
          },
    bodyLimit: 5 * 1024 * 1024,
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY); none by default.
    trustProxy: opts.config.trustProxy.length ? opts.config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  if (opts.config.redisUrl && !opts.bus) {
    // Several nodes: the bus and the owner registry go through Redis (requirements §12).
    const link = await openRedisLink(opts.config.redisUrl, opts.config.redisPrefix, app.log);
    const cluster = await ClusterNodes.open(link, Math.max(15_000, opts.config.pingInterval * 3000), app.log);
    app.decorate('bus', await RedisBus.open(link, app.log));
    app.decorate('cluster', cluster);
    app.addHook('onClose', async () => {
      await cluster.close();
      await link.close();
    });
  } else {
    app.decorate('bus', opts.bus ?? new Bus());
    app.decorate('cluster', null);
  }
  app.decorate('metrics', new NodeMetrics(opts.db, app.cluster?.nodeId));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(opts.strictResponses ?? false));

  // external plugins
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'ChargeDesk API', version: '0.1.0', description: 'Envelope { code, msg, data }; see docs/api.md' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Named schemas (a recursive menu node) become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/sp/docs' });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (!reply.getHeader('content-security-policy')) {
      reply.header(
        'Content-Security-Policy',
        "default-src 'self'; img-src 'self' data: blob: https: http:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self' ws: wss:; font-src 'self' data:; frame-ancestors 'none'",
      );
    }
    return payload;
  });

  registerErrorHandler(app);

  // the API
  app.decorate('spRoutes', [] as RegisteredRoute[]);
  await app.register(
    async (sp) => {
      registerAccessHook(sp);
      // The API takes JSON (and the upload routes their own types): a text/plain body is refused
      // with 402 "Illegal content type", not parsed into a string that fails later as empty fields.
      sp.removeContentTypeParser('text/plain');
      registerNulGuard(sp);
      sp.addHook('onRoute', (r) => {
        // Every JSON route answers failures with the one failure envelope (docs/api.md).
        if (r.schema?.response && typeof r.schema.response === 'object') {
          r.schema.response = { '4xx': failureEnvelope, '5xx': failureEnvelope, ...(r.schema.response as object) };
        }
        const methods = Array.isArray(r.method) ? r.method : [r.method];
        const c = r.config as { public?: boolean; permission?: string | string[]; scope?: string } | undefined;
        for (const method of methods) {
          app.spRoutes.push({ method, url: r.url, public: c?.public === true, permission: c?.permission, scope: c?.scope });
        }
      });
      for (const mod of apiModules) await sp.register(mod);
      sp.setNotFoundHandler((req, reply) => sendError(req, reply, 400, { detail: 'no such route' }));
    },
    { prefix: '/sp' },
  );

  // Files for chargers (firmware downloads, diagnostics uploads): signed or one-time URLs, no sign-in.
  await app.register(fileRoutes);
  // Diagnostics over FTP (FTP_PORT), for chargers that upload no other way.
  await app.register(ftpReceiver);
  // Metrics (METRICS_TOKEN) and health for the people who run it; METRICS_PORT adds an admin listener.
  await app.register(metricsRoutes);
  // The charging app's calls, as an app user (report tickets).
  await app.register(appRoutes, { prefix: '/app' });

  // the console
  const staticDir = path.resolve(opts.config.staticDir);
  if (fs.existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: staticDir, prefix: '/', wildcard: false });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/sp/') && !req.url.startsWith('/ocpp/')) return reply.sendFile('index.html');
      return reply.status(404).send({ code: 404, msg: 'Not found', data: null });
    });
  } else {
    app.get('/', async (_req, reply) => reply.type('text/plain').send('The console is not built: run `npm run build`.'));
  }
  return app;
}
