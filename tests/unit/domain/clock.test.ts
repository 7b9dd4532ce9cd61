import { describe, expect, it } from 'vitest';
import { CHARGER_CLOCK_FUTURE_MS, CHARGER_CLOCK_PAST_MS, plausibleChargerTime } from '../../../domain/clock.js';

const received = new Date('2026-05-01T12:00:00Z');

describe('plausibleChargerTime', () => {
  it('believes a charger time close to the receive time', () => {
    const r = plausibleChargerTime('2026-05-01T11:59:30Z', received);
    expect(r).toEqual({ at: new Date('2026-05-01T11:59:30Z'), plausible: true });
  });
  it('believes an offline-queued time within the past window', () => {
    const t = new Date(received.getTime() - CHARGER_CLOCK_PAST_MS + 1000);
    expect(plausibleChargerTime(t, received)).toEqual({ at: t, plausible: true });
  });
  it.each([
    ['1970', '1970-01-01T00:00:00Z'],
    ['2126', '2126-05-01T12:00:00Z'],
    ['2999', '2999-01-01T00:00:00Z'],
    ['just past the future bound', new Date(received.getTime() + CHARGER_CLOCK_FUTURE_MS + 1000).toISOString()],
    ['just past the past bound', new Date(received.getTime() - CHARGER_CLOCK_PAST_MS - 1000).toISOString()],
    ['unparsable', 'not a time'],
  ])('falls back to the server time for %s', (_name, iso) => {
    expect(plausibleChargerTime(iso, received)).toEqual({ at: received, plausible: false });
  });
  it('falls back when the charger sends no time', () => {
    expect(plausibleChargerTime(undefined, received)).toEqual({ at: received, plausible: false });
  });
});
