/**
 * Card user input (spec §3 "Card user", §5: card number, last name, first name, default scope,
 * station ids and company required; names without digits → 900) and balance operations
 * (recharge: integers above 0 only → 650 negative, 705 zero or fractional).
 */
import { z } from 'zod';
import { PREPAY_TYPES } from '../enums.js';

/** True when a person's name contains a digit (spec §5, code 900). */
export const hasDigit = (s: string) => /\d/.test(s);

export const cardUserInput = z.object({
  companyCode: z.string().trim().min(1).max(64),
  cardNumber: z.string().trim().min(1).max(64),
  lastName: z.string().trim().min(1).max(100),
  firstName: z.string().trim().min(1).max(100),
  mobile: z.string().trim().max(32).nullish(),
  email: z.string().trim().email().max(254).nullish().or(z.literal('')),
  scope: z.enum(['ALL', 'STATIONS']),
  stationIds: z.array(z.number().int().positive()).max(1000).default([]),
  managerCard: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type CardUserInput = z.infer<typeof cardUserInput>;

/** Amount of a recharge, gift or refund as typed by an operator (string or number). */
export const amountInput = z.object({
  amount: z.union([z.string(), z.number()]).transform(String),
  prepayType: z.enum(PREPAY_TYPES).nullish(),
  remark: z.string().max(500).nullish(),
});

/**
 * Checks a recharge amount: negative → 650; zero, fractional or not a number → 705.
 * @returns null when valid, else the catalogue code.
 */
export function rechargeAmountError(amount: string): 650 | 705 | null {
  const s = amount.trim();
  if (/^-/.test(s)) return 650;
  if (!/^\d+$/.test(s) || Number(s) <= 0) return 705;
  return null;
}
