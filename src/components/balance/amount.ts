/**
 * Client-side check of an amount typed into a recharge, gift or refund dialog (requirements §5:
 * recharge amounts are whole numbers above 0). The rule is `rechargeAmountError` of
 * domain/entities/balance-record.ts, the one the server applies; the dialog only trims what was
 * typed. Returns translation keys (`resources.balance.errors.<code>`), never text.
 */
import { rechargeAmountError } from '../../../domain/entities/balance-record';

/** The catalogue code an amount breaks (650 or 705), or null when it is valid. */
export function amountCode(value: unknown): 650 | 705 | null {
  return rechargeAmountError(String(value ?? '').trim());
}

/** react-admin/MUI validator: the translation key of the broken rule, or undefined. */
export function amountError(value: unknown): string | undefined {
  const code = amountCode(value);
  return code ? `resources.balance.errors.${code}` : undefined;
}
