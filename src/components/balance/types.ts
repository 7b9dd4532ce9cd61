/** Shapes of the balance API shared by card users and app users (requirements §3 "Balance record"). */

/** A holder of a balance: the API resource path of its kind. */
export type HolderResource = 'card-user' | 'app-user';

/** Operations on a balance (`POST /sp/<holder>/{id}/<operation>`); app users have no `clear`. */
export type BalanceOperation = 'recharge' | 'gift' | 'refund' | 'clear';

/** Prepay, balance change and deduct types of requirements §4, declared once in domain/enums.ts. */
export { PREPAY_TYPES, BALANCE_CHANGE_TYPES as CHANGE_TYPES, DEDUCT_TYPES } from '../../../domain/enums';

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
