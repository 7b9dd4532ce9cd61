/**
 * The inbound limit per connection (docs/ocpp.md "Refusals and limits"): one charger flooding
 * pipelined CALLs must not starve the others or the API. Each connection has a token bucket
 * (`ratePerSecond`, up to `burst` at once) and runs at most `concurrency` handlers at a time with
 * at most `queue` CALLs waiting; a CALL beyond that is answered at once with CALLERROR
 * `GenericError` "rate limited" (nothing stored; a charger retries transaction messages later).
 */

export interface InboundLimits {
  /** Handlers of one connection running at the same time. */
  concurrency: number;
  /** CALLs of one connection waiting for a handler slot. */
  queue: number;
  /** Sustained CALLs per second accepted from one connection. */
  ratePerSecond: number;
  /** CALLs accepted at once before the rate applies. */
  burst: number;
}

export const INBOUND_LIMITS: InboundLimits = { concurrency: 2, queue: 32, ratePerSecond: 20, burst: 60 };

/** Thrown when a CALL exceeds the connection's limit. */
export class InboundLimitExceeded extends Error {
  constructor() {
    super('rate limited');
  }
}

/** One connection's bucket and handler slots. */
export class InboundLimiter {
  private tokens: number;
  private last: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: InboundLimits = INBOUND_LIMITS, private readonly now: () => number = Date.now) {
    this.tokens = limits.burst;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.last) / 1000) * this.limits.ratePerSecond);
    this.last = t;
  }

  /**
   * Runs `fn` in a handler slot (waiting for one when all are busy).
   * @throws InboundLimitExceeded at once when the bucket is empty or the queue is full.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    this.refill();
    if (this.tokens < 1 || (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.queue)) {
      throw new InboundLimitExceeded();
    }
    this.tokens -= 1;
    if (this.running >= this.limits.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes to the next waiting CALL
      else this.running--;
    }
  }
}
