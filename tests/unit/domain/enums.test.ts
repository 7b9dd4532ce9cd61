import { describe, expect, it } from 'vitest';
import {
  BALANCE_CHANGE_TYPES,
  CURRENCIES,
  DASHBOARD_SPLIT,
  DEDUCT_TYPES,
  OCPP_STATUSES,
  PREPAY_TYPES,
  WARRANTY_YEARS,
  currencyDigits,
  dashboardStateOf,
} from '../../../domain/enums.js';

describe('enumerations (requirements §3, §9)', () => {
  it('lists the currencies, balance, prepay and deduct types of the spec in its order', () => {
    expect([...CURRENCIES]).toEqual(['NO_CURRENCY', 'HKD', 'MOP', 'TWD', 'CNY', 'KRW', 'JPY', 'EUR', 'SUR', 'DEM', 'GBP', 'FRF', 'USD']);
    expect([...BALANCE_CHANGE_TYPES]).toEqual(['GIFT', 'PREPAY', 'PLATFORM_RECHARGE', 'DEDUCT', 'CLEARED', 'USER_REFUND', 'RECONCILE']);
    expect([...PREPAY_TYPES]).toEqual(['WECHAT', 'ALIPAY', 'NETS', 'PAYPAL']);
    expect([...DEDUCT_TYPES]).toEqual(['BALANCE', 'CARD']);
    expect([...WARRANTY_YEARS]).toEqual([0, 1, 2, 3]);
  });

  it('maps the nine OCPP 1.6 ChargePointStatus values', () => {
    expect([...OCPP_STATUSES].sort()).toEqual([
      'Available',
      'Charging',
      'Faulted',
      'Finishing',
      'Preparing',
      'Reserved',
      'SuspendedEV',
      'SuspendedEVSE',
      'Unavailable',
    ]);
  });
});

describe('currencyDigits', () => {
  it.each([
    ['JPY', 0],
    ['KRW', 0],
    ['NO_CURRENCY', 0],
    ['EUR', 2],
    ['USD', 2],
    ['CNY', 2],
    ['HKD', 2],
    ['GBP', 2],
    ['TWD', 2],
    ['MOP', 2],
  ] as const)('%s has %i minor digits', (c, d) => {
    expect(currencyDigits(c)).toBe(d);
  });

  it('gives every listed currency 0 or 2 digits', () => {
    for (const c of CURRENCIES) expect([0, 2]).toContain(currencyDigits(c));
  });
});

describe('dashboardStateOf (requirements §2 split)', () => {
  it('offline wins over any status', () => {
    for (const s of [...OCPP_STATUSES, null, undefined]) expect(dashboardStateOf(false, s)).toBe('offline');
  });

  it.each([
    ['Available', 'available'],
    ['Charging', 'charging'],
    ['Faulted', 'faulty'],
    ['Preparing', 'occupied'],
    ['SuspendedEV', 'occupied'],
    ['SuspendedEVSE', 'occupied'],
    ['Finishing', 'occupied'],
    ['Reserved', 'occupied'],
    ['Unavailable', 'occupied'],
  ] as const)('online and %s → %s', (status, want) => {
    expect(dashboardStateOf(true, status)).toBe(want);
  });

  it('an online charger that has not reported a status yet counts as available', () => {
    expect(dashboardStateOf(true, null)).toBe('available');
    expect(dashboardStateOf(true, undefined)).toBe('available');
  });

  it('always lands in one of the five buckets', () => {
    for (const online of [true, false]) {
      for (const s of [...OCPP_STATUSES, null, undefined, 'SomethingElse']) {
        expect(DASHBOARD_SPLIT).toContain(dashboardStateOf(online, s));
      }
    }
  });
});
