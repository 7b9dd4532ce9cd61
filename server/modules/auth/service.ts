/**
 * The queries behind sign-in and `GET /sp/user/info` (requirements §3, §7): the account by user
 * name, and the signed-in account with its role's code.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account, role } from '../../db/schema.js';

/** The account signing in as `username` (exact match), if any. */
export async function accountByUsername(db: Db, username: string): Promise<typeof account.$inferSelect | undefined> {
  const [row] = await db.select().from(account).where(eq(account.username, username)).limit(1);
  return row;
}

/** Account `id` with its role's code and name (null without a role), if it exists. */
export async function accountWithRole(
  db: Db,
  id: number,
): Promise<{ account: typeof account.$inferSelect; roleCode: string | null; roleName: string | null } | undefined> {
  const [row] = await db
    .select({ account, roleCode: role.code, roleName: role.name })
    .from(account)
    .leftJoin(role, eq(role.id, account.roleId))
    .where(eq(account.id, id));
  return row;
}
