/** Shapes of the balance API shared by card users and app users (spec §3 "Balance record"). */

/** A holder of a balance: the API resource path of its kind. */
export type HolderResource = 'card-user' | 'app-user';

/** Operations on a balance (`POST /sp/<holder>/{id}/<operation>`); app users have no `clear`. */
export type BalanceOperation = 'recharge' | 'gift' | 'refund' | 'clear';

/** Prepay types of spec §4 (a recharge may name how the money was paid). */
export const PREPAY_TYPES = ['WECHAT', 'ALIPAY', 'NETS', 'PAYPAL'] as const;
/** Balance change types of spec §4. */
export const CHANGE_TYPES = ['GIFT', 'PREPAY', 'PLATFORM_RECHARGE', 'DEDUCT', 'CLEARED', 'USER_REFUND'] as const;
/** Deduct types of spec §4. */
export const DEDUCT_TYPES = ['BALANCE', 'CARD'] as const;

/** One row of `GET /sp/<holder>/{id}/balance-records` (amounts are decimal strings). */
export interface BalanceRecord {
  id: number;
  createTimeStamp: string;
  changeType: string;
  prepayType: string | null;
  deductType: string | null;
  /** Related order id (orders paid from the balance). */
  relevanceId: number | null;
  orderNo: string | null;
  changeAmount: string;
  oldBalance: string;
  newBalance: string;
  remark: string | null;
  operator: string | null;
}

/** What the balance screens need of a holder. */
export interface BalanceHolder {
  id: number;
  balance: string;
  currency: string | null;
  active: boolean;
}
