/**
 * The bounds of the diagnostics receivers that need no socket (requirements R15.15): caps in all
 * and per address (server/http/connection-caps.ts) and the descriptor reserve kept for HTTP and
 * OCPP (server/ocpp/fd-limit.ts DescriptorReserve).
 */
import { describe, expect, it } from 'vitest';
import { ConnectionCaps } from '../../../server/http/connection-caps.js';
import { DescriptorReserve, FD_RESERVE, openDescriptorCount } from '../../../server/ocpp/fd-limit.js';

describe('ConnectionCaps', () => {
  it('refuses beyond the cap per address and in all, and frees a place once (release is idempotent)', () => {
    const caps = new ConnectionCaps(3, 2);
    const a1 = caps.take('10.0.0.1');
    const a2 = caps.take('10.0.0.1');
    expect(typeof a1).toBe('function');
    expect(caps.take('10.0.0.1')).toBe('address');
    const b1 = caps.take('10.0.0.2');
    expect(typeof b1).toBe('function');
    expect(caps.take('10.0.0.3')).toBe('total');
    expect(caps.size).toBe(3);
    (a1 as () => void)();
    (a1 as () => void)();
    expect(caps.size).toBe(2);
    expect(typeof caps.take('10.0.0.3')).toBe('function');
    expect(caps.take(undefined)).toBe('total');
    (a2 as () => void)();
    (b1 as () => void)();
    expect(typeof caps.take(undefined)).toBe('function');
  });
});

describe('DescriptorReserve', () => {
  it('admits while more than the reserve is left, reading the count at most once per cache period', () => {
    let open = 1024 - FD_RESERVE - 10;
    let reads = 0;
    const reserve = new DescriptorReserve(
      1024,
      FD_RESERVE,
      () => {
        reads++;
        return open;
      },
      1000,
    );
    expect(reserve.hasRoom(0)).toBe(true);
    open = 1024 - FD_RESERVE; // the reserve reached: HTTP and OCPP keep the rest
    expect(reserve.hasRoom(500)).toBe(true); // cached
    expect(reads).toBe(1);
    expect(reserve.hasRoom(1000)).toBe(false);
    expect(reads).toBe(2);
    open = 100;
    expect(reserve.hasRoom(2000)).toBe(true);
  });

  it('admits when the limit or the count is unknown', () => {
    expect(new DescriptorReserve(null, FD_RESERVE, () => 10_000).hasRoom()).toBe(true);
    expect(new DescriptorReserve(1024, FD_RESERVE, () => null).hasRoom()).toBe(true);
    expect(openDescriptorCount()).toBeGreaterThan(0);
  });
});
