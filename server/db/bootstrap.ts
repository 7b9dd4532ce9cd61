/**
 * First-start set-up: on an empty database, create the platform administrator `admin` with
 * `ADMIN_PASSWORD` or a generated password that is printed once (never logged).
 */
import { count } from 'drizzle-orm';
import type { Db } from './client.js';
import { account } from './schema.js';
import { generatePassword, hashPassword } from '../auth/password.js';

/** Creates `admin` when no account exists. Returns the generated password, if one was made. */
export async function ensureAdmin(db: Db, password?: string): Promise<{ created: boolean; generated?: string }> {
  const [{ n }] = await db.select({ n: count() }).from(account);
  if (n > 0) return { created: false };
  const generated = password ? undefined : generatePassword();
  await db.insert(account).values({
    username: 'admin',
    userType: 'ADMIN',
    companyCode: null,
    realName: 'Administrator',
    passwordHash: await hashPassword(password ?? generated!),
  });
  return { created: true, generated };
}
