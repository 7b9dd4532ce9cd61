import { describe, expect, it } from 'vitest';
import { timeRangeError } from '../../../domain/time-range.js';

const now = new Date('2026-03-10T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('the time-range rule (requirements §5, 715; issue 9 item 25)', () => {
  it('accepts no range, a start alone and a range up to today', () => {
    expect(timeRangeError(undefined, undefined, { now })).toBeNull();
    expect(timeRangeError(at('2026-03-01T00:00:00Z'), undefined, { now })).toBeNull();
    expect(timeRangeError(at('2026-03-01T00:00:00Z'), at('2026-03-10T23:59:59Z'), { now })).toBeNull();
  });
  it('refuses an end without a start, a start in the future, an end after today, an end before the start, a span beyond the limit', () => {
    expect(timeRangeError(undefined, at('2026-03-05T00:00:00Z'), { now })).toEqual({ code: 715, field: 'startTime' });
    expect(timeRangeError(at('2026-03-11T00:00:00Z'), undefined, { now })).toEqual({ code: 715, field: 'startTime' });
    expect(timeRangeError(at('2026-03-01T00:00:00Z'), at('2026-03-12T00:00:00Z'), { now })).toEqual({ code: 715, field: 'endTime' });
    expect(timeRangeError(at('2026-03-05T00:00:00Z'), at('2026-03-04T00:00:00Z'), { now })).toEqual({ code: 715, field: 'endTime' });
    expect(timeRangeError(at('2026-01-01T00:00:00Z'), at('2026-03-01T00:00:00Z'), { now, maxDays: 31 })).toEqual({ code: 715, field: 'endTime' });
  });
});
