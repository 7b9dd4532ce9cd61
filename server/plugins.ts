/**
 * Start-up plugins (docs/decisions.md "Layers"): optional parts of a running server that live
 * outside `server/` — the demo network (`fake-db/`) and the charger simulator (`sim/`) — chosen
 * by configuration (DEMO, SIMULATE; ../README.md "Configuration") and loaded with a dynamic
 * import, so the server never imports them statically and runs without them.
 *
 * A plugin depends on the server (types, tables, services); the server depends only on this
 * contract. A new plugin is a module exporting `plugin: ServerPlugin` and one line in `REGISTRY`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';

/** What a plugin sees: the open database, the configuration and the server's logger. */
export interface PluginContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** A running part a plugin started; stopped on shutdown before the charger link closes. */
export interface PluginHandle {
  stop(): Promise<void>;
}

/** An optional part of the server, run at two points of start-up (./serve.ts). */
export interface ServerPlugin {
  /** Log name. */
  name: string;
  /** With the database migrated and the administrator created, before the rollups and the port open (e.g. seed data). */
  seed?(ctx: PluginContext): Promise<void>;
  /** Once the port is open on `ocppUrl` (ws://127.0.0.1:port/ocpp); returns what to stop on shutdown. */
  started?(ctx: PluginContext & { ocppUrl: string }): Promise<PluginHandle | undefined>;
}

/** Every known plugin, by name, as a lazy module: nothing is loaded until configuration asks for it. */
const REGISTRY = {
  demo: () => import('../fake-db/plugin.js'),
  simulate: () => import('../sim/plugin.js'),
} satisfies Record<string, () => Promise<{ plugin: ServerPlugin }>>;

/** A plugin's name in the registry. */
export type PluginName = keyof typeof REGISTRY;

/**
 * The plugins `config` asks for, in start-up order: `demo` with DEMO (default: on with the
 * embedded database), `simulate` with SIMULATE and only on the demo network (it drives the demo
 * chargers).
 */
export function pluginsFor(config: Pick<Config, 'demo' | 'simulate'>): PluginName[] {
  const names: PluginName[] = [];
  if (config.demo) names.push('demo');
  if (config.demo && config.simulate) names.push('simulate');
  return names;
}

/** Loads the plugins named, in order. */
export async function loadPlugins(names: readonly PluginName[]): Promise<ServerPlugin[]> {
  return Promise.all(names.map(async (name) => (await REGISTRY[name]()).plugin));
}
