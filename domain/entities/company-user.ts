/**
 * Company user, the console account served at `/sp/company/user` (declaration): its input (requirements §3 "Account", §5: real name without digits → 900, company,
 * password, e-mail and mobile required; passwords must match) and the account shapes the API
 * answers. User types are `ACCOUNT_TYPES` (domain/enums.ts): ADMIN accounts belong to no company,
 * every other type to exactly one.
 */
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../enums.js';
import { blankToNull, passwordSchema, phoneSchema, requiredField, usernameSchema } from './rules.js';
import { companyCodeSchema } from './operator.js';
import { idFilter, flagFilter } from './api.js';

const editable = {
  userType: requiredField(z.enum(ACCOUNT_TYPES)),
  realName: requiredField(z.string().trim().max(100)),
  phone: requiredField(phoneSchema),
  email: requiredField(z.email().trim().max(254).toLowerCase()),
  /** The role; required for every type but ADMIN. Same company or a platform role. */
  roleId: z.preprocess(blankToNull, z.coerce.number().int().positive().max(2_147_483_647).nullish()),
  /** Stations a STATION_MANAGER manages (ids of the account's company). */
  managedStationIds: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(1000).optional(),
  /** The company; defaults to the caller's. Null/absent for ADMIN accounts. */
  companyCode: z.preprocess(blankToNull, companyCodeSchema.nullish()),
};

/** POST /sp/company/user body. */
export const accountCreateInput = z.object({
  ...editable,
  username: requiredField(usernameSchema),
  password: requiredField(passwordSchema),
  /** When sent, must equal `password` (400 `confirmPassword`, "Inconsistent passwords" in the console). */
  confirmPassword: z.string().max(64).optional(),
});
export type AccountCreateInput = z.infer<typeof accountCreateInput>;

/** PUT /sp/company/user/{id} body: the username and the password do not change here. */
export const accountUpdateInput = z.object(editable);
export type AccountUpdateInput = z.infer<typeof accountUpdateInput>;

/** Required fields → "is empty" code (609 user, 607 password); `companyCode` (600) unless ADMIN. */
export const ACCOUNT_REQUIRED = {
  username: 609,
  userType: 609,
  realName: 609,
  phone: 609,
  email: 609,
  password: 607,
} as const;

/** GET /sp/company/user filters. */
export const accountListFilters = z.object({
  companyCode: z.string().trim().max(32).optional(),
  userType: z.enum(ACCOUNT_TYPES).optional(),
  /** Matches username, real name, e-mail or phone (case-insensitive substring). */
  q: z.string().trim().max(100).optional(),
  active: flagFilter,
  roleId: idFilter,
});

/** Response schema of an account (OpenAPI, serializer): no password field exists to leak. */
export const accountRecordSchema = z.object({
  id: z.number().int(),
  companyCode: z.string().nullable(),
  companyName: z.string().nullable(),
  username: z.string(),
  userType: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  managedStationIds: z.array(z.number().int()),
  active: z.boolean(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
});
/** An account as the API answers it (never the password). `createdAt` is the joined date. */
export type AccountDto = z.infer<typeof accountRecordSchema>;
