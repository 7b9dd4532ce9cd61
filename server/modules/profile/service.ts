/**
 * The signed-in user's own account (requirements §2 hidden route /TourAccount/TourAccount, navbar Profile
 * and Change password, §5 avatar rule): read and edit details, change password, set avatar.
 * Codes: 310 e-mail taken, 607 password empty, 700 wrong current password, 900 digits in the
 * real name, 400 naming the field.
 */
import { eq } from 'drizzle-orm';
import type { ProfileRecord } from '../../../domain/entities/profile.js';
import {
  DEFAULT_PREF,
  notificationPreferenceInput,
  offeredEvents,
  type NotificationPref,
  type NotificationPrefAnswer,
} from '../../../domain/entities/notification-preference.js';
import { hasDigit } from '../../../domain/entities/rules.js';
import type { Db } from '../../db/client.js';
import { account, company, role } from '../../db/schema.js';
import { mapUnique } from '../../db/pg-errors.js';
import { hasPermission, type AuthContext } from '../../http/access.js';
import { AppError, FieldErrors } from '../../../domain/app-error.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { isWeakPassword } from '../../../domain/entities/rules.js';
import { hashToken } from '../../auth/tokens.js';
import { ACCOUNT_UNIQUE, revokeOtherSessions } from '../company-user/service.js';

/** GET /sp/user/profile. */
export async function getProfile(db: Db, auth: AuthContext): Promise<ProfileRecord> {
  const [row] = await db
    .select({ account, companyName: company.name, roleName: role.name })
    .from(account)
    .leftJoin(company, eq(company.code, account.companyCode))
    .leftJoin(role, eq(role.id, account.roleId))
    .where(eq(account.id, auth.accountId));
  if (!row) throw new AppError(401);
  const a = row.account;
  return {
    id: a.id,
    username: a.username,
    userType: a.userType,
    realName: a.realName,
    phone: a.phone,
    email: a.email,
    avatar: a.avatar,
    companyCode: a.companyCode,
    companyName: row.companyName,
    roleName: row.roleName,
    permissions: auth.permissions,
    createdAt: a.createdAt.toISOString(),
  };
}

/** PUT /sp/user/profile: real name (no digits → 900), phone, e-mail (taken → 310); sent blank → 609. */
export async function updateProfile(
  db: Db,
  auth: AuthContext,
  input: { realName?: string | null; phone?: string | null; email?: string | null },
): Promise<ProfileRecord> {
  for (const field of ['realName', 'phone', 'email'] as const) if (input[field] === null) throw new AppError(609, field);
  if (hasDigit(input.realName)) throw new AppError(900, 'realName');
  const changes = {
    realName: input.realName ?? undefined,
    phone: input.phone ?? undefined,
    email: input.email ?? undefined,
  };
  // A body naming no field changes nothing (an UPDATE without values is an SQL error).
  if (Object.values(changes).some((v) => v !== undefined)) {
    await mapUnique(() => db.update(account).set(changes).where(eq(account.id, auth.accountId)), ACCOUNT_UNIQUE);
  }
  return getProfile(db, auth);
}

/**
 * PUT /sp/user/password: checks the current password (700 when wrong, with the field error
 * `oldPassword`: "The current password is wrong"), stores the new one and
 * ends the account's other sessions (the calling one stays signed in).
 */
export async function changePassword(db: Db, auth: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
  const [row] = await db.select({ passwordHash: account.passwordHash, username: account.username }).from(account).where(eq(account.id, auth.accountId));
  if (!row || !(await verifyPassword(oldPassword, row.passwordHash)))
    throw new FieldErrors([{ field: 'oldPassword', code: 700, key: 'validation.currentPassword', values: {} }]);
  if (isWeakPassword(newPassword, row.username)) throw new AppError(732, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(account).set({ passwordHash }).where(eq(account.id, auth.accountId));
    await revokeOtherSessions(tx, auth.accountId, hashToken(auth.token));
  });
}

/** Sets the avatar URL of the caller; returns the previous one (to delete its file). */
export async function setAvatar(db: Db, auth: AuthContext, url: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ avatar: account.avatar }).from(account).where(eq(account.id, auth.accountId)).for('update');
    await tx.update(account).set({ avatar: url }).where(eq(account.id, auth.accountId));
    return row?.avatar ?? null;
  });
}

/**
 * GET /sp/user/notification-preference: the caller's stored preference, completed with the
 * defaults for anything it lacks (a preference saved by an older version, or none), with the
 * categories its menus offer (`offered`) and of its chosen ones only those (requirements R3.24).
 */
export async function getNotificationPreference(db: Db, auth: AuthContext): Promise<NotificationPrefAnswer> {
  const [row] = await db.select({ pref: account.notificationPreference }).from(account).where(eq(account.id, auth.accountId));
  if (!row) throw new AppError(401);
  const parsed = notificationPreferenceInput.safeParse({ ...DEFAULT_PREF, ...(row.pref ?? {}) });
  const pref = parsed.success ? parsed.data : DEFAULT_PREF;
  const offered = offeredEvents((p) => hasPermission(auth, p));
  return { ...pref, events: pref.events.filter((e) => offered.includes(e)), offered };
}

/**
 * PUT /sp/user/notification-preference: stores the (validated) preference; answers it. A category
 * the caller's menus do not offer → 403 naming `events`, nothing stored.
 */
export async function setNotificationPreference(db: Db, auth: AuthContext, pref: NotificationPref): Promise<NotificationPrefAnswer> {
  const offered = offeredEvents((p) => hasPermission(auth, p));
  if (pref.events.some((e) => !offered.includes(e))) throw new AppError(403, 'events');
  await db.update(account).set({ notificationPreference: pref }).where(eq(account.id, auth.accountId));
  return getNotificationPreference(db, auth);
}
