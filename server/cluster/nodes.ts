/**
 * Which node holds which OCPP socket, and requests from one node to another (requirements §12: "a
 * charger's socket lives on one node, so remote commands travel between nodes over Redis").
 *
 * - Owner registry: key `<prefix>owner:<identity>` = nodeId, set when a socket is accepted,
 *   refreshed every `ttlMs / 3` while it is open and deleted (only by its owner) when it closes.
 *   A node that dies leaves keys that expire after `ttlMs`. Refreshes and releases go to Redis
 *   `KEYS_PER_CALL` keys a script call, one call at a time: a node holding 16 000 chargers
 *   neither builds 16 000 commands at once every `ttlMs / 3` nor sends one per socket when
 *   thousands close together (requirements R12.37).
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

/** Compare-and-delete of each key: removes it only while it still names this node (ARGV[1]). */
const RELEASE = "local n = 0 for _, k in ipairs(KEYS) do if redis.call('get', k) == ARGV[1] then n = n + redis.call('del', k) end end return n";
/** Refresh of each key: extends it (ARGV[2] ms) while it names this node or has expired, never over another node's. */
const REFRESH =
  "local n = 0 for _, k in ipairs(KEYS) do local v = redis.call('get', k) if v == false or v == ARGV[1] then redis.call('set', k, ARGV[1], 'PX', ARGV[2]) n = n + 1 end end return n";
/** Owner keys one refresh or release script call takes (Redis runs it in well under a millisecond). */
export const KEYS_PER_CALL = 500;

export type RequestHandler = (body: Record<string, unknown>) => Promise<Record<string, unknown>>;

export class ClusterNodes {
  private readonly claimed = new Set<string>();
  /** Identities released since the last release call was sent (sent together after this turn of the event loop). */
  private releasing = new Set<string>();
  private releaseSent: Promise<void> | undefined;
  private refreshing = false;
  private readonly pending = new Map<string, { resolve: (b: Record<string, unknown>) => void; timer: NodeJS.Timeout }>();
  private handler: RequestHandler = async () => ({ error: 'not serving' });
  private refresher?: NodeJS.Timeout;

  private constructor(
    private readonly link: RedisLink,
    private readonly ttlMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

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

  /** Records this node as the holder of `identity`'s socket (a release of it not yet sent is dropped). */
  async claim(identity: string): Promise<void> {
    this.claimed.add(identity);
    this.releasing.delete(identity);
    await this.link.pub.set(this.key(identity), this.nodeId, 'PX', this.ttlMs);
  }

  /**
   * Forgets `identity` unless another node has claimed it since. The releases of one turn of the
   * event loop go together, `KEYS_PER_CALL` a call; resolves once this one is sent and answered.
   * An identity leaves `releasing` only as its call is sent, and a claim takes it out before, so
   * commands on the one connection keep their order and a later claim is never undone.
   */
  release(identity: string): Promise<void> {
    this.claimed.delete(identity);
    this.releasing.add(identity);
    this.releaseSent ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      try {
        for (let calls = 0; this.releasing.size && calls < 1_000_000; calls++) {
          const identities: string[] = [];
          for (const id of this.releasing) {
            identities.push(id);
            if (identities.length >= KEYS_PER_CALL) break;
          }
          for (const id of identities) this.releasing.delete(id);
          await this.link.pub.eval(RELEASE, identities.length, ...identities.map((id) => this.key(id)), this.nodeId);
        }
      } finally {
        this.releaseSent = undefined;
      }
    });
    return this.releaseSent;
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

  /**
   * Extends every owner key this node holds, `KEYS_PER_CALL` a call, one call after another (one
   * refresh at a time; a failed call is logged and the next refresh tries again). Each call takes
   * only identities still claimed when it is sent: a key released meanwhile is not set again.
   */
  async refresh(): Promise<void> {
    if (!this.claimed.size || this.refreshing) return;
    this.refreshing = true;
    try {
      const all = [...this.claimed];
      for (let i = 0; i < all.length; i += KEYS_PER_CALL) {
        const keys = all
          .slice(i, i + KEYS_PER_CALL)
          .filter((id) => this.claimed.has(id))
          .map((id) => this.key(id));
        if (keys.length) await this.link.pub.eval(REFRESH, keys.length, ...keys, this.nodeId, String(this.ttlMs));
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'owner keys not refreshed');
    } finally {
      this.refreshing = false;
    }
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
