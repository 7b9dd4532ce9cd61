/** Enumerations of requirements §3–§4, declared once for server and console. */

export const CURRENCIES = ['NO_CURRENCY', 'HKD', 'MOP', 'TWD', 'CNY', 'KRW', 'JPY', 'EUR', 'SUR', 'DEM', 'GBP', 'FRF', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor-unit digits per currency (JPY and KRW have none). */
export function currencyDigits(c: Currency | string): number {
  return c === 'JPY' || c === 'KRW' || c === 'NO_CURRENCY' ? 0 : 2;
}

/**
 * Why a balance changed (one ledger row each). RECONCILE corrects a deduction after the fact: a
 * late StopTransaction re-priced an order that had been closed by hand (the row names the order).
 */
export const BALANCE_CHANGE_TYPES = ['GIFT', 'PREPAY', 'PLATFORM_RECHARGE', 'DEDUCT', 'CLEARED', 'USER_REFUND', 'RECONCILE'] as const;
export type BalanceChangeType = (typeof BALANCE_CHANGE_TYPES)[number];
/** How a PREPAY was paid. */
export const PREPAY_TYPES = ['WECHAT', 'ALIPAY', 'NETS', 'PAYPAL'] as const;
export type PrepayType = (typeof PREPAY_TYPES)[number];
/** Which balance a DEDUCT took from: an app user's BALANCE or a CARD. */
export const DEDUCT_TYPES = ['BALANCE', 'CARD'] as const;
export type DeductType = (typeof DEDUCT_TYPES)[number];

/**
 * Charger run statuses (requirements §4), in the console's words. OCPP 1.6 ChargePointStatus maps 1:1:
 * Available, Preparing, Charging, SuspendedEVSE, SuspendedEV, Finishing, Reserved, Unavailable, Faulted.
 */
export const OCPP_STATUSES = ['Available', 'Preparing', 'Charging', 'SuspendedEVSE', 'SuspendedEV', 'Finishing', 'Reserved', 'Unavailable', 'Faulted'] as const;
export type OcppStatus = (typeof OCPP_STATUSES)[number];

/** The dashboard's five-way split (requirements §2). */
export const DASHBOARD_SPLIT = ['available', 'charging', 'occupied', 'faulty', 'offline'] as const;
export type DashboardState = (typeof DASHBOARD_SPLIT)[number];

/**
 * Where a charger falls in the dashboard split: offline wins; Faulted → faulty; Charging → charging;
 * Available → available; everything else (Preparing, Suspended*, Finishing, Reserved, Unavailable)
 * → occupied.
 */
export function dashboardStateOf(online: boolean, status: string | null | undefined): DashboardState {
  if (!online) return 'offline';
  switch (status) {
    case 'Faulted':
      return 'faulty';
    case 'Charging':
      return 'charging';
    case 'Available':
    case null:
    case undefined:
      return 'available';
    default:
      return 'occupied';
  }
}

export const ORDER_STATUSES = ['CHARGING', 'FINISHED', 'CLOSED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Flags an order carries when its figures rest on more than the charger's plain word:
 * - CHARGER_CLOCK: a charger time outside the plausible window (domain/clock.ts); priced at server times;
 * - STOP_BEFORE_START: the charger's Stop is dated before its Start; priced at server times;
 * - SUPERSEDED: closed because a new Start arrived on the same connector;
 * - STALE_AFTER_REBOOT: closed after the charger rebooted and reported the connector Available;
 * - DROPPED_BY_CHARGER: closed when the connector was reported Available before any meter value or
 *   Stop: a Start the charger answered but never ran (server/modules/transactions/dropped-start.ts);
 * - METER_OUT_OF_RANGE: a meterStop outside the register range or below meterStart;
 * - LATE_STOP: the charger's Stop arrived after the order was closed; re-priced, balance corrected.
 * - BALANCE_LIMIT: stopped by the CSMS (RemoteStopTransaction) because its cost so far reached the card's or app user's balance (requirements §16).
 */
export const ORDER_FLAGS = [
  'CHARGER_CLOCK',
  'STOP_BEFORE_START',
  'SUPERSEDED',
  'STALE_AFTER_REBOOT',
  'METER_OUT_OF_RANGE',
  'LATE_STOP',
  'BALANCE_LIMIT',
  'DROPPED_BY_CHARGER',
] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];

export const USER_TYPES = ['CARD', 'APP'] as const;
export const ACCOUNT_TYPES = ['ADMIN', 'OPERATOR_ADMIN', 'STAFF', 'STATION_MANAGER', 'MAINTAINER'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const PHASES = ['SINGLE', 'THREE'] as const;
export const LIFE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const WARRANTY_YEARS = [0, 1, 2, 3] as const;
