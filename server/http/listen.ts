/**
 * How the process listens: port, host and the pending-connection backlog. Node's default backlog
 * is 511; chargers reconnecting together after an outage overflow it and the kernel drops their
 * handshakes, so the backlog is `config.listenBacklog` (LISTEN_BACKLOG, 4096 by default; the
 * kernel caps it at net.core.somaxconn, docs/deployment.md).
 */
import type { Config } from '../config.js';

/** Fastify `listen` options from the configuration. */
export function listenOptions(config: Pick<Config, 'port' | 'host' | 'listenBacklog'>): { port: number; host: string; backlog: number } {
  return { port: config.port, host: config.host, backlog: config.listenBacklog };
}
