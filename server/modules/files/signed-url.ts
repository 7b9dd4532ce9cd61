/**
 * Signed, expiring file URLs (requirements §15): `<fileId>.<expiresAt s>.<HMAC-SHA256>` in the path of
 * `/ocpp-files/firmware/<token>`. The key is `FILE_URL_SECRET`, or else one kept in the database
 * (`server_secret`, created on first use) so every node of a cluster checks the others' URLs.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serverSecret } from '../../db/schema.js';

const SECRET_NAME = 'file-url';
const cache = new WeakMap<object, Promise<string>>();

/** The signing key of `app` (read once per app). */
export function fileUrlKey(app: FastifyInstance): Promise<string> {
  if (app.config.fileUrlSecret) return Promise.resolve(app.config.fileUrlSecret);
  let key = cache.get(app);
  if (!key) {
    key = (async () => {
      await app.db
        .insert(serverSecret)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await app.db.select({ value: serverSecret.value }).from(serverSecret).where(eq(serverSecret.name, SECRET_NAME));
      return row.value;
    })();
    key.catch(() => cache.delete(app));
    cache.set(app, key);
  }
  return key;
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** A token for file `fileId` valid until `expiresAt`. */
export async function signFileToken(app: FastifyInstance, purpose: string, fileId: number, expiresAt: Date): Promise<string> {
  const body = `${fileId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${mac(await fileUrlKey(app), `${purpose}:${body}`)}`;
}

/** The file id of a valid, unexpired token; null otherwise. */
export async function verifyFileToken(app: FastifyInstance, purpose: string, token: string, now = new Date()): Promise<number | null> {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(mac(await fileUrlKey(app), `${purpose}:${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(m[2]) * 1000 < now.getTime()) return null;
  return Number(m[1]);
}

/**
 * The signed firmware URL of file `fileId` under `baseUrl`, valid for `ttlHours`. `version` rides
 * along as `?version=` (chargers ignore it; the simulator reboots with it).
 */
export async function firmwareUrl(
  app: FastifyInstance,
  baseUrl: string,
  fileId: number,
  fileName: string,
  ttlHours: number,
  version?: string,
): Promise<string> {
  const token = await signFileToken(app, 'firmware', fileId, new Date(Date.now() + ttlHours * 3_600_000));
  return `${baseUrl}/ocpp-files/firmware/${token}/${encodeURIComponent(fileName)}${version ? `?version=${encodeURIComponent(version)}` : ''}`;
}
