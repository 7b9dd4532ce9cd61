// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { NotificationPayload } from 'react-admin';
import { dedupeQueue } from '../../../src/layout/DedupeNotifications';
import { endNotBeforeStart, endOfDayIso, notAfterToday, startOfDayIso } from '../../../resources/order/validators';
import { toDayTime } from '../../../src/components/DayField';
import dayjs from 'dayjs';
import { chartPoints } from '../../../resources/order/MeterChart';
import { searchUrl } from '../../../src/layout/GlobalSearch';
import { notificationLink } from '../../../src/layout/NotificationBell';
import { validatePasswordPair } from '../../../src/layout/AccountDialogs';

const note = (message: string): NotificationPayload => ({ message, type: 'error', notificationOptions: {} });

describe('dedupeQueue (one network toast at a time, requirements §8)', () => {
  it('drops repeats of a message seen within the window, keeps others', () => {
    const recent = new Map<string, number>();
    const seen = new WeakSet<object>();
    const a1 = note('app.error.network');
    const a2 = note('app.error.network');
    const b = note('Parameter error');
    expect(dedupeQueue([a1, a2, b], recent, seen, 1000)).toEqual([a1, b]);
    // a new repeat 3 s later is still dropped; already kept entries stay
    const a3 = note('app.error.network');
    expect(dedupeQueue([a1, b, a3], recent, seen, 4000)).toEqual([a1, b]);
    // after the window it shows again
    const a4 = note('app.error.network');
    expect(dedupeQueue([a4], recent, seen, 1000 + 6000)).toEqual([a4]);
  });
});

describe('order filter validators (requirements §5 time ranges)', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  it('refuses a day after today', () => {
    expect(notAfterToday('2024-06-16', undefined, now)).toBe('app.validation.after_today');
    expect(notAfterToday('2024-06-15', undefined, now)).toBeUndefined();
    expect(notAfterToday(undefined, undefined, now)).toBeUndefined();
  });
  it('refuses an end before the start', () => {
    expect(endNotBeforeStart('2024-06-01', { startTime: '2024-06-02' })).toBe('app.validation.end_before_start');
    expect(endNotBeforeStart('2024-06-02', { startTime: '2024-06-02' })).toBeUndefined();
    expect(endNotBeforeStart('2024-06-02', {})).toBeUndefined();
    // With a time of day (R2.18): hours of one day compare as instants.
    expect(endNotBeforeStart(endOfDayIso('2024-06-02 10:00'), { startTime: startOfDayIso('2024-06-02 12:00') })).toBe('app.validation.end_before_start');
    expect(endNotBeforeStart(endOfDayIso('2024-06-02 12:00'), { startTime: startOfDayIso('2024-06-02 12:00') })).toBeUndefined();
    expect(endNotBeforeStart(endOfDayIso('2024-06-02'), { startTime: startOfDayIso('2024-06-02 12:00') })).toBeUndefined();
    expect(dayjs(startOfDayIso('2024-06-02 09:30')).format('YYYY-MM-DD HH:mm:ss')).toBe('2024-06-02 09:30:00');
    expect(dayjs(endOfDayIso('2024-06-02 09:30')).format('HH:mm:ss.SSS')).toBe('09:30:59.999');
    expect(toDayTime(startOfDayIso('2024-06-02'))).toBe('2024-06-02');
    expect(toDayTime(endOfDayIso('2024-06-02'))).toBe('2024-06-02');
    expect(toDayTime(startOfDayIso('2024-06-02 09:30'))).toBe('2024-06-02 09:30');
  });
});

describe('meter chart points', () => {
  it('merges energy (kWh from Wh, relative to the first reading) and power (kW from W) by time', () => {
    const pts = chartPoints([
      { timestamp: '2024-01-01T00:00:00Z', measurand: 'Energy.Active.Import.Register', value: '1000', unit: 'Wh' },
      { timestamp: '2024-01-01T00:00:00Z', measurand: 'Power.Active.Import', value: '7400', unit: 'W' },
      { timestamp: '2024-01-01T00:01:00Z', measurand: 'Energy.Active.Import.Register', value: '1123.4', unit: 'Wh' },
    ]);
    expect(pts).toEqual([
      { t: Date.UTC(2024, 0, 1), energy: 0, power: 7.4 },
      { t: Date.UTC(2024, 0, 1, 0, 1), energy: 0.123 },
    ]);
  });
  it("reads a sample with no unit in OCPP's default unit (Wh for energy, W for power), not as kWh", () => {
    const pts = chartPoints([
      { timestamp: '2024-01-01T00:00:00Z', measurand: 'Energy.Active.Import.Register', value: '1000', unit: null },
      { timestamp: '2024-01-01T00:00:00Z', measurand: 'Power.Active.Import', value: '7400', unit: null },
      { timestamp: '2024-01-01T00:01:00Z', measurand: 'Energy.Active.Import.Register', value: '1123.4', unit: '' },
      { timestamp: '2024-01-01T00:02:00Z', measurand: 'Energy.Active.Import.Register', value: '1.2', unit: 'kWh' },
    ]);
    expect(pts).toEqual([
      { t: Date.UTC(2024, 0, 1), energy: 0, power: 7.4 },
      { t: Date.UTC(2024, 0, 1, 0, 1), energy: 0.123 },
      { t: Date.UTC(2024, 0, 1, 0, 2), energy: 0.2 },
    ]);
  });
});

describe('navbar links', () => {
  it('opens the search page with the type and trimmed term', () => {
    expect(searchUrl('GatewaySN', ' GW 01 ')).toBe('#/Search/Search?ChargerSN=GatewaySN&Search=GW+01');
  });
  it('links notices to the ticket, the unpaid order or the charger', () => {
    expect(notificationLink({ id: 1, systemNotificationType: 'REPORT_TICKET', content: '', createTimeStamp: '', ticketNo: 'RT1' })).toBe(
      '/ReportTickets/ReportTickets?serialNum=RT1',
    );
    expect(notificationLink({ id: 2, systemNotificationType: 'EVENT', content: '', createTimeStamp: '', serialNum: 'SN1', chargerId: 7 })).toBe(
      '/Stations/StationProfile/chargers/7/show',
    );
    expect(
      notificationLink({
        id: 3,
        systemNotificationType: 'EVENT',
        kind: 'ORDER_UNPAID',
        content: '',
        createTimeStamp: '',
        serialNum: 'SN1',
        chargerId: 7,
        orderId: 9,
      }),
    ).toBe('/Operations/Orders/9/show');
    expect(notificationLink({ id: 4, systemNotificationType: 'EVENT', content: '', createTimeStamp: '', serialNum: 'GW1', chargerId: null })).toBeNull();
  });
  it('checks the password pair (requirements §5 "Inconsistent passwords")', () => {
    expect(validatePasswordPair('Charge-desk-7', 'Charge-desk-8')).toBe('app.account.inconsistent');
    expect(validatePasswordPair('abc', 'abc')).toBe('app.account.password_length');
    expect(validatePasswordPair('', '')).toBe('app.login.password_required');
    expect(validatePasswordPair('Charge-desk-7', 'Charge-desk-7')).toBeUndefined();
    // the server's password rule (732): 8 characters, not a common password, not the user name
    expect(validatePasswordPair('abcdef', 'abcdef')).toBe('app.account.password_weak');
    expect(validatePasswordPair('12345678', '12345678')).toBe('app.account.password_weak');
    expect(validatePasswordPair('hkev.admin', 'hkev.admin', 'HKEV.admin')).toBe('app.account.password_weak');
  });
});
