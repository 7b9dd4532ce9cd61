/**
 * The OCPP side's share of the database (requirements §12 "the console keeps its share"): at
 * most `limit` OCPP messages are handled at once on this node, the others wait in memory (in
 * arrival order) for a slot. With a pool of DB_POOL_SIZE connections and OCPP_DB_CONCURRENCY
 * slots, the console's requests always find `DB_POOL_SIZE − OCPP_DB_CONCURRENCY` connections,
 * however many chargers talk at once; on PGlite (one connection) the console's queries wait
 * behind at most `limit` OCPP messages instead of behind all of them.
 */
export class DbGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Runs `fn` in a slot, waiting for one when all are taken. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes on
      else this.running--;
    }
  }

  /** Messages waiting for a slot (metrics). */
  get queued(): number {
    return this.waiting.length;
  }
}
