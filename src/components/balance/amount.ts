/**
 * Client-side check of an amount typed into a recharge, gift or refund dialog (requirements §5: recharge
 * amounts are whole numbers above 0). Mirrors `rechargeAmountError` of domain/entities/balance-record.ts
 * (kept free of zod for the console bundle; a unit test checks that both agree): a negative amount
 * → the message of code 650, zero / fractional / not a number → 705. The server confirms.
 * Returns translation keys (`resources.balance.errors.<code>`), never text.
 */

/** The catalogue code an amount breaks (650 or 705), or null when it is valid. */
export function amountCode(value: unknown): 650 | 705 | null {
  const s = String(value ?? '').trim();
  if (/^-/.test(s)) return 650;
  if (!/^\d{1,9}$/.test(s) || Number(s) <= 0) return 705;
  return null;
}

/** react-admin/MUI validator: the translation key of the broken rule, or undefined. */
export function amountError(value: unknown): string | undefined {
  const code = amountCode(value);
  return code ? `resources.balance.errors.${code}` : undefined;
}
