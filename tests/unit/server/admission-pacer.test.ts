/**
 * Admission pacing (requirements R12.34): at most `limit` connections warm up at once, the others
 * wait in arrival order; a slot comes back on the first answer, on close or after the warm-up
 * time; a handshake that waits too long is answered (null → 503), never left hanging.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionPacer } from '../../../server/ocpp/admission-pacer.js';

describe('admission pacer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits up to its limit at once and the next in arrival order as slots come back', async () => {
    const pacer = new AdmissionPacer(2, 60_000, 60_000);
    const a = await pacer.enter();
    const b = await pacer.enter();
    const order: string[] = [];
    const c = pacer.enter().then((r) => {
      order.push('c');
      return r;
    });
    const d = pacer.enter().then((r) => {
      order.push('d');
      return r;
    });
    await Promise.resolve();
    expect(pacer.queued).toBe(2);
    expect(order).toEqual([]);
    const first = {};
    pacer.hold(first, a!);
    pacer.settle(first); // its first answer went out
    pacer.settle(first); // twice changes nothing
    expect(await c).toBeTypeOf('function');
    expect(order).toEqual(['c']);
    expect(pacer.inWarmup).toBe(2);
    b!();
    b!();
    expect(await d).toBeTypeOf('function');
    expect(order).toEqual(['c', 'd']);
    expect(pacer.queued).toBe(0);
  });

  it('gives a slot back after the warm-up time and answers null after the longest wait', async () => {
    vi.useFakeTimers();
    const pacer = new AdmissionPacer(1, 1_000, 1_500);
    expect(await pacer.enter()).toBeTypeOf('function'); // never settled: a silent charger
    const next = pacer.enter();
    const late = pacer.enter();
    await vi.advanceTimersByTimeAsync(1_000);
    const release = await next;
    expect(release).toBeTypeOf('function');
    await vi.advanceTimersByTimeAsync(500); // `late` waited 1.5 s: `next` is still warming up
    expect(await late).toBeNull();
    expect(pacer.refused).toBe(1);
    expect(pacer.queued).toBe(0);
    release!();
    expect(pacer.inWarmup).toBe(0);
  });

  it('does not pace with a limit of 0', async () => {
    const pacer = new AdmissionPacer(0);
    const all = await Promise.all(Array.from({ length: 1000 }, () => pacer.enter()));
    expect(all.every((r) => typeof r === 'function')).toBe(true);
    expect(pacer.queued).toBe(0);
  });
});
