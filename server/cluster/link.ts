/**
 * The Redis link of a node (requirements §12: several nodes share one PostgreSQL server; live updates
 * and remote commands travel between them over Redis pub/sub, `REDIS_URL`). One connection
 * publishes and runs commands, one only subscribes (Redis requires a dedicated subscriber).
 * Every key and channel starts with `prefix` (`REDIS_PREFIX`), so several networks can share one
 * Redis. Each process is one node with a random `nodeId`.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface RedisLink {
  /** This process's node id (`<host>-<pid>-<random>`). */
  readonly nodeId: string;
  /** Key and channel prefix. */
  readonly prefix: string;
  /** Commands and PUBLISH. */
  readonly pub: Redis;
  /** Subscribes `channel` to `fn` (one handler per channel). */
  subscribe(channel: string, fn: (message: string) => void): Promise<void>;
  /** Closes both connections. */
  close(): Promise<void>;
}

/**
 * Connects to `url` and checks the server answers PING.
 * @throws Error when Redis cannot be reached within a few seconds (the node does not start).
 */
export async function openRedisLink(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const nodeId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 5000, enableOfflineQueue: true };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const [name, conn] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    conn.on('error', (err: Error) => log.warn({ err: err.message, connection: name }, 'redis connection error'));
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await pub.ping();
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`cannot reach Redis at REDIS_URL: ${(err as Error).message}`);
  }
  const handlers = new Map<string, (message: string) => void>();
  sub.on('message', (channel: string, message: string) => {
    const fn = handlers.get(channel);
    if (!fn) return;
    try {
      fn(message);
    } catch (err) {
      log.error({ err, channel }, 'redis message handler failed');
    }
  });
  log.info({ nodeId, prefix }, 'cluster link to Redis open');
  return {
    nodeId,
    prefix,
    pub,
    async subscribe(channel, fn) {
      handlers.set(channel, fn);
      await sub.subscribe(channel);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
