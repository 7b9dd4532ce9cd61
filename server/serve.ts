/**
 * The serving process (../README.md "Configuration"; docs/deployment.md "Process model"): open and
 * migrate the database, create the administrator on first start, run the start-up plugins the
 * configuration asks for (./plugins.ts: the demo network, simulated chargers), start HTTP + OCPP
 * on one port (and HTTPS + wss:// on TLS_PORT with TLS_CERT / TLS_KEY), and shut down gracefully
 * on SIGTERM/SIGINT (sockets closed with 1001, database flushed). Started by ./main.ts, alone or as
 * the child of the accepting process (./process/acceptor.ts).
 */
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { ensureAdmin } from './db/bootstrap.js';
import { ensureMenus } from './modules/menu/service.js';
import { buildApp } from './app.js';
import { startCentralSystem } from './ocpp/central-system.js';
import { backfillRollupsIfEmpty } from './modules/analytics/rollup.js';
import { loadPlugins, pluginsFor, type PluginHandle } from './plugins.js';
import { installSafetyNet } from './safety-net.js';
import { listenOptions } from './http/listen.js';
import { startTls } from './http/tls.js';

/** Serves with `config` until SIGTERM/SIGINT. */
export async function serve(config: Config): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    poolSize: config.dbPoolSize,
  });
  const app = await buildApp({ db: database.db, config });
  installSafetyNet(app.log);

  const admin = await ensureAdmin(database.db, config.adminPassword);
  await ensureMenus(database.db);
  if (admin.generated) {
    // Printed once on the console, deliberately not through the logger.
    process.stdout.write(`\n  ChargeDesk administrator created: user "admin", password "${admin.generated}"\n  (set ADMIN_PASSWORD to choose it)\n\n`);
  }
  const plugins = await loadPlugins(pluginsFor(config));
  const context = { db: database.db, config, log: app.log };
  for (const p of plugins) await p.seed?.(context);
  if (await backfillRollupsIfEmpty(database.db)) app.log.info('analytics rollups built from the orders');

  const central = startCentralSystem(app);
  await app.listen(listenOptions(config));
  // TLS in the process (TLS_CERT / TLS_KEY): https and wss:// on TLS_PORT; SIGHUP reloads the certificate.
  const tls =
    config.tlsCert && config.tlsKey
      ? await startTls(app, {
          files: { cert: config.tlsCert, key: config.tlsKey },
          port: config.tlsPort,
          host: config.host,
          backlog: config.listenBacklog,
          onServer: (s) => central.attach(s),
        })
      : undefined;
  // SIGHUP never ends the process: with TLS it reloads the certificate, without it is ignored.
  process.on('SIGHUP', () => (tls ? tls.reload() : app.log.info('SIGHUP: no TLS certificate to reload')));

  const started: PluginHandle[] = [];
  for (const p of plugins) {
    const handle = await p.started?.({ ...context, ocppUrl: `ws://127.0.0.1:${config.port}/ocpp` });
    if (handle) started.push(handle);
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      central.stopping();
      for (const handle of started) await handle.stop();
      await central.close();
      await tls?.close();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
