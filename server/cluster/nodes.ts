/**
 * Which node holds which OCPP socket, and requests from one node to another (requirements §12: "a
 * charger's socket lives on one node, so remote commands travel between nodes over Redis").
 *
 * - Owner registry: key `<prefix>owner:<identity>` = nodeId, set when a socket is accepted,
 *   refreshed every `ttlMs / 3` while it is open and deleted (only by its owner) when it closes.
 *   A node that dies leaves keys that expire after `ttlMs`.
 * - Requests: a node publishes `{ kind: 'req', id, from, body }` on `<prefix>node:<nodeId>` of the
 *   owner, which answers `{ kind: 'res', id, body }` on the sender's channel. A request that gets no
 *   answer within its timeout rejects with {@link NoAnswer}.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from './link.js';

/** Thrown when the other node does not answer in time (it may be gone). */
export class NoAnswer extends Error {
  constructor() {
    super('no answer from the node');
  }
}

/** Compare-and-delete: removes the key only while it still names this node. */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** Refresh: extends the key while it names this node (or has expired), never over another node's. */
const REFRESH = "local v = redis.call('get', KEYS[1]) if v == false or v == ARGV[1] then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 else return 0 end";

export type RequestHandler = (body: Record<string, unknown>) => Promise<Record<string, unknown>>;

export class ClusterNodes {
  private readonly claimed = new Set<string>();
  private readonly pending = new Map<string, { resolve: (b: Record<string, unknown>) => void; timer: NodeJS.Timeout }>();
  private handler: RequestHandler = async () => ({ error: 'not serving' });
  private refresher?: NodeJS.Timeout;

  private constructor(private readonly link: RedisLink, private readonly ttlMs: number, private readonly log: FastifyBaseLogger) {}

  /**
   * Starts serving requests addressed to this node and refreshing its owner keys.
   * @param ttlMs lifetime of an owner key (ms) when it is no longer refreshed.
   */
  static async open(link: RedisLink, ttlMs: number, log: FastifyBaseLogger): Promise<ClusterNodes> {
    const nodes = new ClusterNodes(link, ttlMs, log);
    await link.subscribe(nodes.channel(link.nodeId), (message) => nodes.receive(message));
    nodes.refresher = setInterval(() => void nodes.refresh(), Math.max(1000, Math.floor(ttlMs / 3)));
    nodes.refresher.unref();
    return nodes;
  }

  get nodeId(): string {
    return this.link.nodeId;
  }

  /** The command connection (for other shared state, e.g. refusal counters). */
  get redis() {
    return this.link.pub;
  }

  /** The key prefix of this network. */
  get prefix(): string {
    return this.link.prefix;
  }

  private channel(nodeId: string): string {
    return `${this.link.prefix}node:${nodeId}`;
  }

  private key(identity: string): string {
    return `${this.link.prefix}owner:${identity}`;
  }

  /** Serves requests from other nodes with `fn`. */
  serve(fn: RequestHandler): void {
    this.handler = fn;
  }

  /** Records this node as the holder of `identity`'s socket. */
  async claim(identity: string): Promise<void> {
    this.claimed.add(identity);
    await this.link.pub.set(this.key(identity), this.nodeId, 'PX', this.ttlMs);
  }

  /** Forgets `identity` unless another node has claimed it since. */
  async release(identity: string): Promise<void> {
    this.claimed.delete(identity);
    await this.link.pub.eval(RELEASE, 1, this.key(identity), this.nodeId);
  }

  /** The node holding `identity`'s socket, if any. */
  async ownerOf(identity: string): Promise<string | null> {
    return this.link.pub.get(this.key(identity));
  }

  /** The holders of `identities` (null where none), in order. */
  async ownersOf(identities: string[]): Promise<(string | null)[]> {
    if (!identities.length) return [];
    return this.link.pub.mget(...identities.map((i) => this.key(i)));
  }

  /**
   * Sends `body` to node `to` and resolves with its answer.
   * @throws NoAnswer after `timeoutMs` without one.
   */
  request(to: string, body: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown>> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NoAnswer());
      }, timeoutMs);
      this.pending.set(id, { resolve, timer });
      this.link.pub.publish(this.channel(to), JSON.stringify({ kind: 'req', id, from: this.nodeId, body })).catch((err: Error) => {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(err);
      });
    });
  }

  private receive(message: string): void {
    const m = JSON.parse(message) as { kind: 'req' | 'res'; id: string; from?: string; body: Record<string, unknown> };
    if (m.kind === 'res') {
      const p = this.pending.get(m.id);
      if (!p) return; // answered after its timeout
      clearTimeout(p.timer);
      this.pending.delete(m.id);
      p.resolve(m.body);
      return;
    }
    const from = m.from;
    if (!from) return;
    void this.handler(m.body)
      .catch((err: unknown) => {
        this.log.error({ err }, 'cluster request failed');
        return { error: 'failed' };
      })
      .then((body) => this.link.pub.publish(this.channel(from), JSON.stringify({ kind: 'res', id: m.id, body })))
      .catch((err: Error) => this.log.warn({ err: err.message }, 'cluster answer not sent'));
  }

  private async refresh(): Promise<void> {
    if (!this.claimed.size) return;
    const multi = this.link.pub.multi();
    for (const identity of this.claimed) multi.eval(REFRESH, 1, this.key(identity), this.nodeId, String(this.ttlMs));
    await multi.exec().catch((err: Error) => this.log.warn({ err: err.message }, 'owner keys not refreshed'));
  }

  /** Stops refreshing, releases every claimed identity and fails pending requests. */
  async close(): Promise<void> {
    if (this.refresher) clearInterval(this.refresher);
    await Promise.allSettled([...this.claimed].map((i) => this.release(i)));
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.resolve({ error: 'closing' });
    }
  }
}
