/**
 * The inbound limit per connection (docs/ocpp.md "Refusals and limits"): one charger flooding
 * pipelined CALLs must not starve the others or the API. Each connection has a token bucket
 * (`ratePerSecond`, up to `burst` at once) and runs at most `concurrency` handlers at a time with
 * at most `queue` CALLs waiting; a CALL beyond that is answered at once with CALLERROR
 * `GenericError` "rate limited" (a charger retries transaction messages later).
 *
 * The decision is taken when the frame arrives ({@link InboundLimiter.admit}, from the charger
 * log's recorder, ./frame-recorder.ts), so that a refused CALL is logged as a summary row without
 * its payload; the handler then only applies it ({@link InboundLimiter.runCall}). Every CALL
 * counts, also one of an action nobody handles.
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

/** Decisions remembered between a CALL's arrival and its handler (they run in the same turn; a few suffice). */
const DECISIONS_KEPT = 64;

/** One connection's bucket and handler slots. */
export class InboundLimiter {
  private tokens: number;
  private last: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** messageId → admitted, decided at arrival and not yet taken by the handler. */
  private readonly decisions = new Map<string, boolean>();

  constructor(
    private readonly limits: InboundLimits = INBOUND_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limits.burst;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.last) / 1000) * this.limits.ratePerSecond);
    this.last = t;
  }

  /** Takes a token when one is left and the queue has room; false = the CALL is over the limit. */
  private take(): boolean {
    this.refill();
    if (this.tokens < 1 || (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.queue)) return false;
    this.tokens -= 1;
    return true;
  }

  /**
   * Decides, as CALL `messageId` arrives, whether it is within the limit (spending its token);
   * {@link runCall} applies the decision.
   * @returns false when it is over the limit.
   */
  admit(messageId: string): boolean {
    const admitted = this.take();
    this.decisions.delete(messageId);
    this.decisions.set(messageId, admitted);
    if (this.decisions.size > DECISIONS_KEPT) this.decisions.delete(this.decisions.keys().next().value as string);
    return admitted;
  }

  /**
   * Runs the handler of CALL `messageId` under the decision taken at its arrival (or, when none
   * was taken, decides now).
   * @throws InboundLimitExceeded when it is over the limit.
   */
  runCall<T>(messageId: string, fn: () => Promise<T>): Promise<T> {
    const admitted = this.decisions.get(messageId);
    this.decisions.delete(messageId);
    if (admitted === false) return Promise.reject(new InboundLimitExceeded());
    return admitted === true ? this.inSlot(fn) : this.run(fn);
  }

  /**
   * Runs `fn` in a handler slot (waiting for one when all are busy).
   * @throws InboundLimitExceeded at once when the bucket is empty or the queue is full.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.take()) throw new InboundLimitExceeded();
    return this.inSlot(fn);
  }

  /** Runs `fn` in a handler slot, waiting for one when all are busy. */
  private async inSlot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes to the next waiting CALL
      else this.running--;
    }
  }
}
