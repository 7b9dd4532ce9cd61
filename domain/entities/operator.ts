/**
 * Operator company input (requirements §3 "Operator company", §5 "Company: code, name, account
 * information, currency, address required", §9 name ≤ 500, address ≤ 1000). Creating an operator
 * also creates its administrator account (`adminUsername` + `password`).
 * Missing required fields answer their "is empty" code (`OPERATOR_REQUIRED`); bad values 400.
 */
import { z } from 'zod';
import { CURRENCIES } from '../enums.js';
import { blankToNull, clearableEmail, clearableText, isTimeZone, passwordSchema, phoneSchema, requiredField, usernameSchema } from './rules.js';

export const OPERATOR_NAME_MAX = 500;
export const OPERATOR_ADDRESS_MAX = 1000;

/** Company codes: letters, digits, `_` and `-`, at most 32 characters (they prefix charger SNs). */
export const companyCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

const editable = {
  name: requiredField(z.string().trim().max(OPERATOR_NAME_MAX)),
  currency: requiredField(z.enum(CURRENCIES)),
  address: requiredField(z.string().trim().max(OPERATOR_ADDRESS_MAX)),
  remark: clearableText(1000),
  servicePhone: z.preprocess(blankToNull, phoneSchema.nullish()),
  serviceEmail: clearableEmail,
  /** URL or path of the logo image (uploaded with POST /sp/company/logo). */
  logo: clearableText(2048),
  /** IANA zone of the operator (day boundaries of its reports). */
  timeZone: z.preprocess(blankToNull, z.string().refine(isTimeZone).nullish()),
};

/** POST /sp/company body. */
export const operatorCreateInput = z.object({
  ...editable,
  code: requiredField(companyCodeSchema),
  adminUsername: requiredField(usernameSchema),
  /** The administrator's initial password (never stored in the company). */
  password: requiredField(passwordSchema),
  /** Optional e-mail of the administrator account (unique among accounts → 310). */
  adminEmail: clearableEmail,
});
export type OperatorCreateInput = z.infer<typeof operatorCreateInput>;

/** PUT /sp/company/{id} body: the code and the administrator are fixed after creation. */
export const operatorUpdateInput = z.object(editable);
export type OperatorUpdateInput = z.infer<typeof operatorUpdateInput>;

/** Required fields → "is empty" code (600 company, 609 user, 607 password). */
export const OPERATOR_REQUIRED = {
  code: 600,
  name: 600,
  currency: 600,
  address: 600,
  adminUsername: 609,
  password: 607,
} as const;

/** Response schema of an operator (OpenAPI, serializer). */
export const operatorRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  currency: z.string(),
  address: z.string(),
  remark: z.string().nullable(),
  servicePhone: z.string().nullable(),
  serviceEmail: z.string().nullable(),
  adminUsername: z.string().nullable(),
  logo: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
});
/** An operator as the API answers it. */
export type OperatorDto = z.infer<typeof operatorRecordSchema>;

/** An entry of `GET /sp/company/select` (the navbar's operator dropdown). */
export const companyOption = z.object({ companyCode: z.string(), companyName: z.string() });
export type CompanyOption = z.infer<typeof companyOption>;
