import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, toMillis, weekdayZh, formatDuration, relativeTime } from '../../../src/utils/date';
import { abbreviateNumber, percentShares, formatEnergy, formatMoney, fixed } from '../../../src/utils/number';
import { initialOf } from '../../../src/utils/initial';
import { debounce, throttle, DEFAULT_DEBOUNCE_MS } from '../../../src/utils/debounce';

describe('toMillis (requirements §9: 10 digits = seconds, 13 digits = milliseconds)', () => {
  it('multiplies 10-digit timestamps by 1000', () => {
    expect(toMillis(1700000000)).toBe(1700000000000);
    expect(toMillis('1700000000')).toBe(1700000000000);
  });
  it('keeps 13-digit timestamps', () => {
    expect(toMillis(1700000000123)).toBe(1700000000123);
    expect(toMillis('1700000000123')).toBe(1700000000123);
  });
  it('parses ISO strings and rejects garbage', () => {
    expect(toMillis('2024-01-02T03:04:05.000Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(toMillis('not a date')).toBeNull();
    expect(toMillis(null)).toBeNull();
    expect(toMillis('')).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('pads to YYYY-MM-DD HH:mm:ss in local time', () => {
    const d = new Date(2024, 0, 2, 3, 4, 5);
    expect(formatDateTime(d)).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(Math.floor(d.getTime() / 1000))).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(d.getTime())).toBe('2024-01-02 03:04:05');
  });
  it('answers empty text for empty or invalid input', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
  it('accepts another format', () => {
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59, 0), 'YYYY/MM/DD')).toBe('2024/12/31');
  });
});

describe('weekdayZh', () => {
  it('names weekdays in Chinese characters', () => {
    expect(weekdayZh(new Date(2024, 0, 7))).toBe('星期日'); // a Sunday
    expect(weekdayZh(new Date(2024, 0, 8))).toBe('星期一');
    expect(weekdayZh(new Date(2024, 0, 13))).toBe('星期六');
    expect(weekdayZh(null)).toBe('');
  });
});

describe('formatDuration / relativeTime', () => {
  it('formats H:mm:ss', () => {
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(59)).toBe('0:00:59');
    expect(formatDuration(null)).toBe('');
  });
  it('picks a unit', () => {
    const now = Date.UTC(2024, 0, 1, 12);
    expect(relativeTime(now - 30_000, now)).toEqual({ unit: 'seconds', count: 30 });
    expect(relativeTime(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', count: 5 });
    expect(relativeTime(now - 3 * 3600_000, now)).toEqual({ unit: 'hours', count: 3 });
    expect(relativeTime(now - 2 * 86400_000, now)).toEqual({ unit: 'days', count: 2 });
    expect(relativeTime(null, now)).toBeNull();
  });
});

describe('abbreviateNumber (en: k=10³, m=10⁶; zh: k=10³, w=10⁴, kw=10⁷)', () => {
  it('English thresholds', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(12345)).toBe('12.3k');
    expect(abbreviateNumber(999_999)).toBe('1000k');
    expect(abbreviateNumber(1_000_000)).toBe('1m');
    expect(abbreviateNumber(2_560_000)).toBe('2.6m');
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
  });
  it('Chinese thresholds', () => {
    expect(abbreviateNumber(999, 'zh')).toBe('999');
    // Counts from a thousand are abbreviated in Chinese too, like in English.
    expect(abbreviateNumber(2799, 'zh')).toBe('2.8k');
    expect(abbreviateNumber(9999, 'zh')).toBe('10k');
    expect(abbreviateNumber(10_000, 'zh')).toBe('1w');
    expect(abbreviateNumber(123_456, 'zh')).toBe('12.3w');
    expect(abbreviateNumber(10_000_000, 'zh')).toBe('1kw');
    expect(abbreviateNumber(25_000_000, 'zh')).toBe('2.5kw');
  });
  it('leaves non-finite numbers empty', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('');
  });
});

describe('percentShares (requirements §9: remainders distributed so shares total 100)', () => {
  it('totals exactly 100 where naive rounding does not', () => {
    const shares = percentShares([1, 1, 1]);
    expect(shares).toEqual([34, 33, 33]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
  });
  it('works at one decimal', () => {
    const shares = percentShares([1, 1, 1], 1);
    expect(shares).toEqual([33.4, 33.3, 33.3]);
    expect(Math.round(shares.reduce((a, b) => a + b, 0) * 10)).toBe(1000);
  });
  it('gives the remainder to the largest fractions', () => {
    // 2/7 = 28.57, 2/7 = 28.57, 3/7 = 42.86 → floors 28, 28, 42 (98); the two missing units go
    // to the largest remainders: .86 first, then the earlier .57
    expect(percentShares([2, 2, 3])).toEqual([29, 28, 43]);
  });
  it('answers zeros when everything is zero, ignores negatives', () => {
    expect(percentShares([0, 0, 0])).toEqual([0, 0, 0]);
    expect(percentShares([-5, 5])).toEqual([0, 100]);
  });
  it('sums to 100 for many random splits', () => {
    for (let i = 0; i < 200; i++) {
      const values = Array.from({ length: 5 }, () => Math.floor(Math.random() * 50));
      if (values.every((v) => v === 0)) continue;
      const sum = percentShares(values, 1).reduce((a, b) => a + b, 0);
      expect(Math.round(sum * 10)).toBe(1000);
    }
  });
});

describe('money and energy', () => {
  it('formats with the currency digits', () => {
    expect(formatMoney('1234.5', 'EUR')).toBe('1,234.50 EUR');
    expect(formatMoney('1234.5', 'JPY')).toBe('1,235 JPY');
    expect(formatMoney('7', 'NO_CURRENCY')).toBe('7');
    expect(formatMoney(null, 'EUR')).toBe('');
  });
  it('fixes decimals', () => {
    expect(fixed('12.3456', 3)).toBe('12.346');
    expect(fixed(undefined, 3)).toBe('');
  });
  it('groups energy thousands with 3 decimals, in both languages', () => {
    expect(formatEnergy('100238.5342')).toBe('100,238.534');
    expect(formatEnergy('12.5', 'zh')).toBe('12.500');
    expect(formatEnergy(4972.79, 'zh')).toBe('4,972.790');
    expect(formatEnergy(null)).toBe('');
  });
});

describe('debounce and throttle', () => {
  it('debounce waits 500 ms by default and keeps the last arguments', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn);
    d(1);
    d(2);
    vi.advanceTimersByTime(DEFAULT_DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
    d(3);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
  it('throttle runs at most once per window with a trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const t = throttle(fn, 2000);
    t();
    t();
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});

describe('initialOf (the avatar initial, header and own account alike)', () => {
  it("takes the real name's first character, whole and upper-cased", () => {
    expect(initialOf('ana Silva')).toBe('A');
    expect(initialOf('  张伟')).toBe('张');
    expect(initialOf('')).toBe('');
    expect(initialOf(null)).toBe('');
  });
});
