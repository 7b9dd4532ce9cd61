/** Debounce of requirements §9 (default 500 ms; the layout's resize handler uses 300 ms). */

export const DEFAULT_DEBOUNCE_MS = 500;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel(): void;
}

/** Calls `fn` once `wait` ms have passed without another call, with the last arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number = DEFAULT_DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/**
 * Throttle with a trailing call: runs `fn` at most once per `wait` ms; calls inside the window
 * collapse into one call at its end (used for live refreshes: at most one per 2 s).
 */
export function throttle(fn: () => void, wait: number): Debounced<[]> {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = Date.now();
    timer = undefined;
    fn();
  };
  const throttled = () => {
    if (timer !== undefined) return;
    const left = wait - (Date.now() - last);
    if (left <= 0) run();
    else timer = setTimeout(run, left);
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
