/**
 * OCPP password rotation of a connected charger in one operation (requirements R10.25; docs/ocpp.md
 * "Authentication"), the OCPP 1.6 security whitepaper's way:
 * 1. a new key is generated (20 random bytes as 40 hexadecimal characters) and its hash stored as
 *    the charger's second password until the command's timeout + {@link ASKING_MARGIN_MS}, so a
 *    charger that takes it and reconnects at once is let in (step ASKING);
 * 2. ChangeConfiguration `AuthorizationKey` is sent (on whichever node holds the socket);
 * 3. Accepted (or RebootRequired) → the new key becomes the password and the previous one stays
 *    accepted for OCPP_KEY_GRACE_MINUTES, then only the new one (step ACCEPTED); Rejected /
 *    NotSupported / a CALLERROR (770), no answer in time or the socket closed after sending (771), not connected (772) → the second
 *    password is dropped and the old one stays (step REFUSED / NO_ANSWER / NOT_CONNECTED).
 * If the node dies between 1 and 3, the second password lapses by itself: the old one stays.
 * Each step is a charger-log row (action `AuthorizationKeyRotation`, type COMMAND, without the key)
 * beside the ChangeConfiguration frames and COMMAND row, whose key is masked (../../auth/secrets.ts).
 * Every change of the stored passwords is announced on the bus (`identityCredentials`) so that
 * every node reads them at the next handshake; the open socket is left alone.
 * Codes: 800 / 725 (the charger), 773 (a rotation of this charger already under way on this node,
 * or its password changed by hand meanwhile), 770 / 771 / 772.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OcppKeyRotationAnswer } from '../../../domain/entities/charger.js';
import { hashPassword } from '../../auth/password.js';
import { charger, chargerLog } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { commandTo } from '../command/service.js';
import { chargerForWrite } from './service.js';

/** The charger-log action of the rotation's steps. */
export const ROTATION_ACTION = 'AuthorizationKeyRotation';
/** How much longer than the command timeout the new key opens a socket while the charger is asked. */
export const ASKING_MARGIN_MS = 60_000;

type Step = 'ASKING' | 'ACCEPTED' | 'REFUSED' | 'NO_ANSWER' | 'NOT_CONNECTED' | 'FAILED' | 'SUPERSEDED';

/** Chargers whose rotation is under way, per app (one at a time per charger). */
const underWay = new WeakMap<object, Set<string>>();

/** A new AuthorizationKey: 20 random bytes, hexadecimal (the whitepaper's form, 40 characters). */
export const newAuthorizationKey = (): string => randomBytes(20).toString('hex');

/** Records one step (never the key) in the charger log and the server log. */
async function step(
  app: FastifyInstance,
  target: { serialNum: string; companyCode: string },
  by: string,
  name: Step,
  extra: Record<string, unknown> = {},
): Promise<void> {
  app.log.info({ chargeBoxId: target.serialNum, by, step: name, ...extra }, 'OCPP key rotation');
  await app.db
    .insert(chargerLog)
    .values({
      chargerSn: target.serialNum,
      companyCode: target.companyCode,
      direction: 'OUT',
      messageType: 'COMMAND',
      action: ROTATION_ACTION,
      payload: { step: name, by, ...extra },
    })
    .catch((err: unknown) => app.log.warn({ err }, 'could not log an OCPP key rotation step'));
}

/**
 * Rotates charger `id`'s OCPP password over OCPP (see the module).
 * @throws AppError 800 / 725, 773, 770 (refused; data: the charger's answer), 771, 772.
 */
export async function rotateOcppKey(app: FastifyInstance, auth: AuthContext, id: number): Promise<OcppKeyRotationAnswer> {
  const target = await chargerForWrite(app.db, auth, id);
  let running = underWay.get(app.config);
  if (!running) underWay.set(app.config, (running = new Set()));
  if (running.has(target.serialNum)) throw new AppError(773);
  running.add(target.serialNum);
  try {
    return await rotate(app, auth.username, target);
  } finally {
    running.delete(target.serialNum);
  }
}

async function rotate(app: FastifyInstance, by: string, target: typeof charger.$inferSelect): Promise<OcppKeyRotationAnswer> {
  const { db } = app;
  const key = newAuthorizationKey();
  const hash = await hashPassword(key);
  const credentialsChanged = () => app.bus.emit('identityCredentials', { serialNum: target.serialNum });
  const mine = and(eq(charger.id, target.id), eq(charger.ocppPasswordGraceHash, hash));

  await db
    .update(charger)
    .set({ ocppPasswordGraceHash: hash, ocppPasswordGraceUntil: new Date(Date.now() + app.config.commandTimeoutMs + ASKING_MARGIN_MS) })
    .where(eq(charger.id, target.id));
  credentialsChanged();
  await step(app, target, by, 'ASKING');

  let status: string;
  try {
    status = (await commandTo<{ status: string }>(app, by, target, 'ChangeConfiguration', { key: 'AuthorizationKey', value: key })).status;
  } catch (err) {
    // The old password stays: the second one (the new key) is dropped, unless something else replaced it meanwhile.
    await db.update(charger).set({ ocppPasswordGraceHash: null, ocppPasswordGraceUntil: null }).where(mine);
    credentialsChanged();
    const code = err instanceof AppError ? err.code : null;
    // 795: the socket closed after the key left, with no answer: as no answer in time (771).
    const [name, answer] =
      code === 719
        ? (['REFUSED', 770] as const)
        : code === 718 || code === 795
          ? (['NO_ANSWER', 771] as const)
          : code === 720
            ? (['NOT_CONNECTED', 772] as const)
            : (['FAILED', null] as const);
    await step(app, target, by, name, { code: code ?? 'ERROR', ...(code === 719 && err instanceof AppError && err.data ? { answer: err.data } : {}) });
    if (answer === null) throw err;
    throw new AppError(answer, undefined, code === 719 && err instanceof AppError ? err.data : undefined);
  }

  // Accepted (RebootRequired: the charger takes the key at its next boot, within the grace).
  const graceUntil = new Date(Date.now() + app.config.ocppKeyGraceMinutes * 60_000);
  // One statement swaps the two: the new key becomes the password, the previous one the second until graceUntil.
  const swapped = await db
    .update(charger)
    .set({
      ocppPasswordHash: sql`${charger.ocppPasswordGraceHash}`,
      ocppPasswordGraceHash: sql`${charger.ocppPasswordHash}`,
      ocppPasswordGraceUntil: graceUntil,
    })
    .where(mine)
    .returning({ id: charger.id });
  credentialsChanged();
  if (!swapped.length) {
    // The password was set or removed by hand while the charger was asked: that choice stands.
    await step(app, target, by, 'SUPERSEDED', { status });
    throw new AppError(773);
  }
  await step(app, target, by, 'ACCEPTED', { status, graceUntil: graceUntil.toISOString() });
  return { username: target.serialNum, status: status === 'RebootRequired' ? 'RebootRequired' : 'Accepted', graceUntil: graceUntil.toISOString() };
}
