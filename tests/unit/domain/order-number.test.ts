import { describe, expect, it } from 'vitest';
import { ORDER_NO_PATTERN, orderNumber } from '../../../domain/order-number.js';

describe('order numbers (requirements R3.10): one format for every order', () => {
  it('is CD + the start day (UTC) + 8 digits', () => {
    expect(orderNumber(new Date('2026-11-29T23:59:59Z'), 17_916_969)).toBe('CD2026112917916969');
    expect(orderNumber(new Date('2026-01-02T00:00:00Z'), 1)).toBe('CD2026010200000001');
    expect(ORDER_NO_PATTERN.test(orderNumber(new Date(), 99_999_999))).toBe(true);
  });

  it('refuses a serial that does not fit 8 digits', () => {
    expect(() => orderNumber(new Date(), 100_000_000)).toThrow(RangeError);
    expect(() => orderNumber(new Date(), -1)).toThrow(RangeError);
    expect(() => orderNumber(new Date(), 1.5)).toThrow(RangeError);
  });
});
