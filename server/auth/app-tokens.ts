/**
 * Bearer tokens of charging-app users (`app_user_token`): 32 random bytes (base64url) handed out
 * once, stored as their SHA-256 with an expiry, like the console's session tokens (./tokens.ts).
 * They open only the app's own calls (`/app/*`), never `/sp/*`.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appUser, appUserToken } from '../db/schema.js';
import { hashToken } from './tokens.js';

/** How long an app token lives. */
export const APP_TOKEN_TTL_DAYS = 90;

/** Issues a token for app user `appUserId`; answers it (shown once) and its expiry. */
export async function issueAppToken(db: Db, appUserId: number, ttlDays = APP_TOKEN_TTL_DAYS): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  await db.insert(appUserToken).values({ tokenHash: hashToken(token), appUserId, expiresAt });
  return { token, expiresAt };
}

/** The active app user behind a live token (not revoked, not expired), or undefined. */
export async function resolveAppToken(db: Db, token: string) {
  const [row] = await db
    .select({ user: appUser })
    .from(appUserToken)
    .innerJoin(appUser, eq(appUser.id, appUserToken.appUserId))
    .where(and(eq(appUserToken.tokenHash, hashToken(token)), isNull(appUserToken.revokedAt), gt(appUserToken.expiresAt, new Date()), eq(appUser.active, true)))
    .limit(1);
  return row?.user;
}
