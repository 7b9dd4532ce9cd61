/**
 * Requests from other nodes (several nodes, `REDIS_URL`): commands for this node's sockets
 * (answered `{ ok, answer }` or `{ ok: false, code, data }`) and pings before a takeover
 * (`{ alive }`). The sending side is ./commands.ts `remoteCall` and ./duplicates.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterNodes } from '../cluster/nodes.js';
import { AppError } from '../../domain/app-error.js';
import { localCall } from './commands.js';
import type { Connections } from './connections.js';
import type { DuplicatePolicy } from './duplicates.js';

/** Serves other nodes' requests for this node's sockets. */
export function serveClusterRequests(
  cluster: ClusterNodes,
  conns: Connections,
  duplicates: DuplicatePolicy,
  defaultTimeoutMs: number,
  log: FastifyBaseLogger,
): void {
  cluster.serve(async (body) => {
    const identity = String(body.identity ?? '');
    if (body.kind === 'probe') {
      return { alive: await duplicates.probeForPeer(identity, log) };
    }
    if (body.kind === 'call') {
      try {
        const answer = await localCall<unknown>(
          conns,
          identity,
          String(body.action),
          (body.payload ?? {}) as Record<string, unknown>,
          Number(body.timeoutMs) || defaultTimeoutMs,
        );
        return { ok: true, answer };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, code: err.code, data: err.data ?? null };
        throw err;
      }
    }
    return { error: 'unknown request' };
  });
}
