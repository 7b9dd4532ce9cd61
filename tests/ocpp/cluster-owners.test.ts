/**
 * The owner registry of a cluster at scale (requirements R12.37, server/cluster/nodes.ts): a node's
 * refresh and the releases of many sockets closing together go to Redis KEYS_PER_CALL keys a
 * call, never over another node's key, never setting a released key again, and a claim right
 * after a release keeps the identity. Against the real Redis (TEST_REDIS_URL), under a prefix of
 * its own that is removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { openRedisLink, type RedisLink } from '../../server/cluster/link.js';
import { ClusterNodes, KEYS_PER_CALL } from '../../server/cluster/nodes.js';
import { dropRedisPrefix } from './helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = pino({ level: 'silent' });

describe('owner keys of a node holding many chargers', () => {
  const prefix = `chargedesk-test-${randomBytes(4).toString('hex')}:`;
  let link: RedisLink;
  let nodes: ClusterNodes;
  let redis: Redis;
  let evals = 0;

  beforeAll(async () => {
    link = await openRedisLink(REDIS_URL, prefix, quiet);
    // Counts the script calls the node sends.
    const evalFn = link.pub.eval.bind(link.pub);
    link.pub.eval = ((...args: Parameters<typeof evalFn>) => {
      evals++;
      return evalFn(...args);
    }) as typeof link.pub.eval;
    nodes = await ClusterNodes.open(link, 60_000, quiet);
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await nodes?.close();
    await link?.close();
    await dropRedisPrefix(redis, prefix);
  });

  const ids = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${String(i).padStart(5, '0')}`);
  const key = (id: string) => `${prefix}owner:${id}`;

  it(`refreshes ${KEYS_PER_CALL} keys a call, never over another node's key`, async () => {
    const mine = ids('REF', 1200);
    await Promise.all(mine.map((id) => nodes.claim(id)));
    await Promise.all(mine.map((id) => redis.pexpire(key(id), 2000)));
    await redis.set(key(mine[7]), 'another-node');
    evals = 0;
    await nodes.refresh();
    expect(evals).toBe(Math.ceil(1200 / KEYS_PER_CALL));
    const ttls = await Promise.all(mine.map((id) => redis.pttl(key(id))));
    expect(ttls.filter((t, i) => i !== 7 && t > 50_000)).toHaveLength(1199);
    expect(await redis.get(key(mine[7]))).toBe('another-node');
  });

  it('releases the sockets that close together in a few calls, leaving keys other nodes took since', async () => {
    const mine = ids('REL', 1100);
    await Promise.all(mine.map((id) => nodes.claim(id)));
    await redis.set(key(mine[3]), 'another-node');
    evals = 0;
    await Promise.all(mine.map((id) => nodes.release(id)));
    expect(evals).toBe(Math.ceil(1100 / KEYS_PER_CALL));
    const left = await redis.mget(...mine.map(key));
    expect(left.filter((v) => v !== null)).toEqual(['another-node']);
    // A refresh now sets none of them again.
    await nodes.refresh();
    expect((await redis.mget(...mine.map(key))).filter((v) => v !== null)).toEqual(['another-node']);
  });

  it('keeps an identity claimed again in the same turn as its release', async () => {
    const [id] = ids('AGAIN', 1);
    await nodes.claim(id);
    const released = nodes.release(id);
    await nodes.claim(id);
    await released;
    expect(await redis.get(key(id))).toBe(nodes.nodeId);
  });
});
