/**
 * The sockets of this node (one per chargeBoxId or gateway SN) and the work started for them:
 * the registry every part of the central system reads, plus what it needs at shutdown (the
 * in-flight promises) and the marks that decide whether a close is an "offline" event.
 */
import type { RpcServerClient } from './rpc.js';

/** WebSocket readyState OPEN. */
const OPEN = 1;

export class Connections {
  /** identity → its socket on this node. */
  readonly clients = new Map<string, RpcServerClient>();
  /** Sockets closed because another node took their identity over: they leave the flags alone. */
  readonly handedOver = new WeakSet<RpcServerClient>();
  /** Sockets the server closed on purpose (deactivation, new password): no offline event. */
  readonly closedOnPurpose = new WeakSet<RpcServerClient>();
  /** Set when the server stops: disconnects are the server's doing, not offline events. */
  quiet = false;
  private readonly inflight = new Set<Promise<unknown>>();

  /** Keeps `p` until it settles so that shutdown waits for it; returns `p`. */
  track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p)).catch(() => undefined);
    return p;
  }

  /** Resolves once nothing tracked is pending (work started meanwhile included). */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  /** The open socket of `identity` on this node, if any. */
  open(identity: string): RpcServerClient | undefined {
    const c = this.clients.get(identity);
    return c?.state === OPEN ? c : undefined;
  }

  /** Identities with an open socket on this node. */
  connected(): string[] {
    return [...this.clients.entries()].filter(([, c]) => c.state === OPEN).map(([sn]) => sn);
  }

  /** Forgets `client` when it still holds `identity`. */
  drop(identity: string, client: RpcServerClient): void {
    if (this.clients.get(identity) === client) this.clients.delete(identity);
  }
}
