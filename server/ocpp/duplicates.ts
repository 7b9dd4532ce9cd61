/**
 * The duplicate-connection policy (docs/ocpp.md): an authenticated newcomer for an identity that
 * already has a socket makes the server ping the old one. Alive → the newcomer is refused (409
 * DUPLICATE); silent within the probe time → the old socket is closed and the newcomer takes its
 * place (REPLACED_DEAD_CONNECTION). An authenticated socket is never displaced while it is alive.
 * With several nodes, the node holding the identity probes its own socket (./cluster-rpc.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { ClusterNodes } from '../cluster/nodes.js';
import type { Connections } from './connections.js';
import type { RpcServerClient } from './rpc.js';

/** Longest wait for the old socket's pong when a duplicate connects (ms). */
export const DUPLICATE_PROBE_MAX_MS = 10_000;

/** Pings `client`'s socket; true when a pong arrives within `ms`. */
export function probe(client: RpcServerClient, ms: number): Promise<boolean> {
  // ocpp-rpc keeps the socket in a protected field; the ws API is the only way to ping on demand.
  const ws = (client as unknown as { _ws?: WebSocket })._ws;
  if (ws?.readyState !== 1) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (alive: boolean) => {
      clearTimeout(timer);
      ws.off('pong', onPong);
      resolve(alive);
    };
    const onPong = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    ws.on('pong', onPong);
    try {
      ws.ping();
    } catch {
      done(false);
    }
  });
}

/** Finds and probes the socket that holds an identity (here or on another node). */
export class DuplicatePolicy {
  private readonly handshaking = new Set<string>();

  constructor(
    private readonly conns: Connections,
    private readonly cluster: ClusterNodes | null,
    readonly probeMs: number,
  ) {}

  /**
   * The socket that already holds `identity`, here or (with several nodes) on another node, and
   * whether it answers a ping; null when none does. A dead socket here is closed at once (one on
   * another node is closed by that node). A newcomer arriving while another one probes is refused.
   */
  async holder(identity: string): Promise<{ alive: boolean; node?: string } | null> {
    if (this.handshaking.has(identity)) return { alive: true };
    const existing = this.conns.clients.get(identity);
    if (existing) {
      this.handshaking.add(identity);
      let alive: boolean;
      try {
        alive = await probe(existing, this.probeMs);
      } finally {
        this.handshaking.delete(identity);
      }
      if (!alive) {
        this.conns.drop(identity, existing);
        await existing.close({ force: true }).catch(() => undefined);
      }
      return { alive };
    }
    const cluster = this.cluster;
    if (!cluster) return null;
    const owner = await cluster.ownerOf(identity).catch(() => null);
    if (!owner || owner === cluster.nodeId) return null;
    const answer = await cluster.request(owner, { kind: 'probe', identity }, this.probeMs + 2000).catch(() => ({ alive: false }));
    return { alive: answer.alive === true, node: owner };
  }

  /**
   * Another node asks whether our socket of `identity` is alive; a dead one is closed and handed
   * over (its close leaves the online flag to the new holder).
   */
  async probeForPeer(identity: string, log: FastifyBaseLogger): Promise<boolean> {
    const client = this.conns.clients.get(identity);
    if (!client) return false;
    const alive = await probe(client, this.probeMs);
    if (!alive) {
      log.warn({ identity }, 'socket did not answer a ping: handed over to another node');
      this.conns.handedOver.add(client);
      this.conns.drop(identity, client);
      await client.close({ force: true }).catch(() => undefined);
    }
    return alive;
  }
}
