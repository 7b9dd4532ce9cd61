/**
 * Card user (requirements §3 "Card user", §5): an RFID card holder with a balance. Required: company (600),
 * card number (610), last and first name (609, no digits → 900), scope (610); a STATIONS scope
 * needs at least one station (603). Optional expiry date (ISO 8601 date-time; after it the card is
 * answered `Expired`, requirements R12.42). Duplicate card number → 305 (server). The balance changes only
 * through the ledger (balance-record.ts), never through this input.
 */
import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { cardUser } from '../../db/tables/users.js';
import { int, isoTime, ofCompany } from './api.js';
import { answers, noDigits, optionalDateTime, optionalEmail, optionalText, requiredEnum, requiredText } from './rules.js';
import { storedRecord } from './stored.js';

export const CARD_SCOPES = ['ALL', 'STATIONS'] as const;

/**
 * A card user as the API answers it (`GET /sp/card-user`, `GET /sp/card-user/{id}`): the row of
 * `card_user` (db/tables/users.ts) with its scope as the enum, the company's name and currency
 * (the balance is a decimal string in it) and the creation time as `createTimeStamp`.
 */
export const cardUserRecord = storedRecord(cardUser)
  .omit({ createdAt: true })
  .extend({
    scope: z.enum(CARD_SCOPES),
    stationIds: z.array(int),
    companyName: ofCompany.companyName,
    currency: z.string().nullable(),
    createTimeStamp: isoTime,
  });
export type CardUserRecord = z.infer<typeof cardUserRecord>;

/**
 * The fields of the card user form: the insert schema of `card_user` (drizzle-zod) with the rules
 * of requirements §5 and their catalogue codes on every column an operator types, without the
 * id, the balance (it changes through the ledger only) and the creation time. A column without a
 * rule here takes the schema its type and nullability give.
 */
export const cardUserFields = createInsertSchema(cardUser, {
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
}).omit({ id: true, balance: true, createdAt: true });

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
