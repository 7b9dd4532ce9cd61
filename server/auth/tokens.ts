/**
 * Opaque bearer tokens: 32 random bytes (base64url) handed to the client once; only their SHA-256
 * is stored, with an expiry. Revocation sets `revoked_at`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { account, role, sessionToken } from '../db/schema.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a token for an account, valid `ttlHours`. */
export async function issueToken(db: Db, accountId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessionToken).values({
    tokenHash: hashToken(token),
    accountId,
    expiresAt: new Date(Date.now() + ttlHours * 3600_000),
  });
  return token;
}

/** Revokes a token; unknown tokens are ignored. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db
    .update(sessionToken)
    .set({ revokedAt: new Date() })
    .where(eq(sessionToken.tokenHash, hashToken(token)));
}

/** The live account behind a token (not revoked, not expired, account active), with its role. */
export async function resolveToken(db: Db, token: string) {
  const rows = await db
    .select({ account, role })
    .from(sessionToken)
    .innerJoin(account, eq(account.id, sessionToken.accountId))
    .leftJoin(role, eq(role.id, account.roleId))
    .where(and(eq(sessionToken.tokenHash, hashToken(token)), isNull(sessionToken.revokedAt), gt(sessionToken.expiresAt, new Date()), eq(account.active, true)))
    .limit(1);
  return rows[0];
}
