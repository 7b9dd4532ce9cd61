/**
 * Card user (requirements §3 "Card user", §5): an RFID card holder with a balance. Required: company (600),
 * card number (610), last and first name (609, no digits → 900), scope (610); a STATIONS scope
 * needs at least one station (603). Optional expiry date (ISO 8601 date-time; after it the card is
 * answered `Expired`, requirements R12.42). Duplicate card number → 305 (server). The balance changes only
 * through the ledger (balance-record.ts), never through this input.
 */
import { z } from 'zod';
import { decimal, int, isoTime, ofCompany } from './api.js';
import { answers, noDigits, optionalDateTime, optionalEmail, optionalText, requiredEnum, requiredText } from './rules.js';

export const CARD_SCOPES = ['ALL', 'STATIONS'] as const;

/** A card user as the API answers it (`GET /sp/card-user`, `GET /sp/card-user/{id}`). */
export const cardUserRecord = z.object({
  id: int,
  ...ofCompany,
  cardNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  scope: z.enum(CARD_SCOPES),
  stationIds: z.array(int),
  managerCard: z.boolean(),
  active: z.boolean(),
  /** After this instant the card is answered `Expired`; null: it never expires. */
  expiryDate: isoTime.nullable(),
  /** Decimal string in `currency` (the company's). */
  balance: decimal,
  currency: z.string().nullable(),
  createTimeStamp: isoTime,
});
export type CardUserRecord = z.infer<typeof cardUserRecord>;

/** The fields of the card user form, field by field. */
export const cardUserFields = z.object({
  companyCode: requiredText(600, 64),
  cardNumber: requiredText(610, 64),
  lastName: noDigits(requiredText(609, 100)),
  firstName: noDigits(requiredText(609, 100)),
  mobile: optionalText(32),
  email: optionalEmail,
  scope: requiredEnum(CARD_SCOPES, 610),
  stationIds: z.array(z.number().int().positive()).max(1000).default([]),
  managerCard: z.boolean().default(false),
  active: z.boolean().default(true),
  expiryDate: optionalDateTime,
});

/** `POST /sp/card-user` and `PUT /sp/card-user/{id}` (the whole card user). */
export const cardUserCreate = cardUserFields.superRefine((v, ctx) => {
  if (v.scope === 'STATIONS' && v.stationIds.length === 0) ctx.addIssue({ code: 'custom', path: ['stationIds'], message: answers(603) });
});
export const cardUserUpdate = cardUserCreate;
export type CardUserInput = z.infer<typeof cardUserCreate>;

/** `GET /sp/card-user` filters (with the page query). */
export const cardUserFilters = z.object({
  companyCode: z.string().optional(),
  /** Substring of card number, names, mobile or e-mail. */
  q: z.string().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  scope: z.enum(CARD_SCOPES).optional(),
  managerCard: z.enum(['true', 'false']).optional(),
});

/** `PUT /sp/card-user/{id}/status`. */
export const cardUserStatusInput = z.object({ active: z.boolean() });
