/**
 * Export times (server/modules/order-export/labels.ts `localTime`): `YYYY-MM-DD HH:mm:ss` in the
 * caller's zone, across daylight-saving changes, with one cached formatter per zone.
 */
import { describe, expect, it } from 'vitest';
import { localTime } from '../../../server/modules/order-export/labels.js';

describe('localTime', () => {
  it('formats an instant in the zone asked for, whichever zone was asked before', () => {
    const at = '2026-03-29T00:30:00.000Z';
    expect(localTime(at, 'Europe/Berlin')).toBe('2026-03-29 01:30:00');
    expect(localTime(at, 'Asia/Hong_Kong')).toBe('2026-03-29 08:30:00');
    expect(localTime(at, 'UTC')).toBe('2026-03-29 00:30:00');
    expect(localTime(at, 'Europe/Berlin')).toBe('2026-03-29 01:30:00');
  });

  it('follows daylight-saving time and writes midnight as 00', () => {
    // Berlin switches to CEST at 01:00 UTC on 2026-03-29.
    expect(localTime('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
    expect(localTime('2026-10-24T22:00:00.000Z', 'Europe/Berlin')).toBe('2026-10-25 00:00:00');
  });

  it('leaves a missing time empty', () => {
    expect(localTime(null, 'UTC')).toBe('');
  });
});

describe('localTime against Intl, minute by minute through a year of transitions', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham'])('%s', (tz) => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let ms = start; ms < start + 365 * 86_400_000; ms += 7 * 60_000 + 13_000) {
      const iso = new Date(ms).toISOString();
      expect(localTime(iso, tz), iso).toBe(intl.format(new Date(ms)));
    }
  });
});
