/**
 * A small semaphore bounding concurrent password hashes (scrypt ≈ 32 MiB and tens of ms of CPU
 * each): at most `max` run at once, at most `queue` wait; beyond that `run` refuses at once with
 * catalogue 733 ("too many sign-ins at once") instead of queueing without bound.
 */
import { AppError } from '../../domain/app-error.js';

export class HashSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly max = 2,
    readonly queue = 32,
  ) {}

  /** Runs `task` when a slot is free; throws AppError(733) when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.queue) throw new AppError(733);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes to the next waiter
      else this.running--;
    }
  }

  /** Hashes running and waiting (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** The process's bound: HASH_CONCURRENCY (default 2) at once, HASH_QUEUE (default 32) waiting. */
export const hashSlots = new HashSlots(
  Number(process.env.HASH_CONCURRENCY) > 0 ? Number(process.env.HASH_CONCURRENCY) : 2,
  Number(process.env.HASH_QUEUE) >= 0 && process.env.HASH_QUEUE ? Number(process.env.HASH_QUEUE) : 32,
);
