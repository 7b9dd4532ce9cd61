/**
 * Money rules, declared once for server and console (requirements §3 amounts, §12 figures):
 * amounts are decimal strings; stored amounts (balances, ledger rows, order totals, revenue sums:
 * numeric(14,2) columns) have 2 decimals; a priced amount is rounded to its currency's minor unit
 * (`currencyDigits` of domain/enums.ts: JPY, KRW and NO_CURRENCY have none), half-up.
 */
import Decimal from 'decimal.js';
import { currencyDigits } from './enums.js';

/** An amount as stored and answered (numeric(14,2)): a fixed string with 2 decimals, half-up. */
export function storedMoney(v: Decimal.Value): string {
  return new Decimal(v).toFixed(2, Decimal.ROUND_HALF_UP);
}

/** Rounds to the currency's minor unit, half-up, as a fixed string (`1.005` CNY → `1.01`, `12.5` JPY → `13`). */
export function roundMoney(v: Decimal.Value, currency: string): string {
  const digits = currencyDigits(currency);
  return new Decimal(v).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
}
