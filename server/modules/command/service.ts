/**
 * Remote commands to a charger (issue "Charging operations", item 6; requirements §12): remote start
 * (for a card or an app user, whose idTag is checked first: 727/728/721/729; optionally with a
 * TxProfile for the session, R16.10), remote stop (of
 * exactly the session named by transactionId or connector), reset, unlock connector, change
 * availability. Each
 * waits for the charger's answer through the central system and fails with 718 (timeout),
 * 719 (rejected or CALLERROR) or 720 (not connected). The frames are in the charger log; the
 * outcome and the operator who asked are logged as a COMMAND row beside them, its request without
 * secrets (../../auth/secrets.ts: the AuthorizationKey, file tokens, URL credentials; R10.24).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { remoteStartChargingProfile, type RemoteStartProfile } from '../../../domain/entities/command.js';
import type { Db } from '../../db/client.js';
import { appUser, cardUser, charger, chargeOrder, chargerLog } from '../../db/schema.js';
import { redactSecrets } from '../../auth/secrets.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { assertInScope } from '../../http/scope.js';
import { checkIdTag, refusalCode } from '../transactions/index.js';

export type Command =
  | { action: 'RemoteStartTransaction'; connectorId?: number; idTag?: string; cardUserId?: number; appUserId?: number; chargingProfile?: RemoteStartProfile }
  | { action: 'RemoteStopTransaction'; transactionId?: number; connectorId?: number }
  | { action: 'Reset'; type: 'Soft' | 'Hard' }
  | { action: 'UnlockConnector'; connectorId: number }
  | { action: 'ChangeAvailability'; connectorId: number; type: 'Operative' | 'Inoperative' };

/** The idTag an app user starts with: their own, or `APP` + zero-padded id (≤ 20 chars, OCPP). */
export function appIdTag(user: { id: number; idTag: string | null }): string {
  return user.idTag ?? `APP${String(user.id).padStart(8, '0')}`;
}

/** Loads the charger a command targets (800 missing; 725 another company's, or another station's for a station manager). */
export async function targetCharger(db: Db, auth: AuthContext, id: number, access: 'read' | 'write' = 'write') {
  const [row] = await db.select().from(charger).where(eq(charger.id, id));
  if (!row) throw new AppError(800);
  assertInScope(auth, charger, row, access);
  return row;
}

/**
 * The idTag a command names: `idTag` as given, or the card's number (`cardUserId`), or the app
 * user's idTag (`appUserId`, given one on first use), at most 20 characters (OCPP IdToken).
 * @throws AppError 803 (no such user), 725 (another company's), 610 (none named).
 */
export async function idTagOf(
  db: Db,
  target: { companyCode: string },
  cmd: { idTag?: string; cardUserId?: number | null; appUserId?: number | null },
): Promise<string> {
  let idTag = cmd.idTag;
  if (cmd.cardUserId) {
    const [card] = await db.select().from(cardUser).where(eq(cardUser.id, cmd.cardUserId));
    if (!card) throw new AppError(803, 'cardUserId');
    if (card.companyCode !== target.companyCode) throw new AppError(725, 'cardUserId');
    idTag = card.cardNumber;
  } else if (cmd.appUserId) {
    const [user] = await db.select().from(appUser).where(eq(appUser.id, cmd.appUserId));
    if (!user) throw new AppError(803, 'appUserId');
    if (user.companyCode !== target.companyCode) throw new AppError(725, 'appUserId');
    idTag = appIdTag(user);
    if (!user.idTag) await db.update(appUser).set({ idTag }).where(eq(appUser.id, user.id));
  }
  if (!idTag) throw new AppError(610, 'idTag');
  return idTag.slice(0, 20);
}

/**
 * The transactionId a remote stop names (issue: stop exactly the session the console names):
 * `transactionId` → that open session of this charger; `connectorId` → the open session on that
 * connector (one at most, a database constraint); neither → the charger's only open session.
 * @throws AppError 796 (`transactionId` or `connectorId`) when no such session is open, 797 when
 *   several are open and none was named (requirements R12.39).
 */
export async function sessionToStop(db: Db, chargerId: number, cmd: { transactionId?: number; connectorId?: number }): Promise<number> {
  const open = await db
    .select({ tx: chargeOrder.transactionId, connectorId: chargeOrder.connectorId })
    .from(chargeOrder)
    .where(and(eq(chargeOrder.chargerId, chargerId), eq(chargeOrder.status, 'CHARGING')));
  if (cmd.transactionId !== undefined) {
    if (!open.some((o) => o.tx === cmd.transactionId)) throw new AppError(796, 'transactionId');
    return cmd.transactionId;
  }
  if (cmd.connectorId !== undefined) {
    const on = open.find((o) => o.connectorId === cmd.connectorId);
    if (!on) throw new AppError(796, 'connectorId');
    return on.tx;
  }
  if (open.length === 0) throw new AppError(796);
  if (open.length > 1) throw new AppError(797, 'transactionId');
  return open[0].tx;
}

/** Builds the OCPP payload of a command, resolving cards, app users and the open transaction. */
async function payloadOf(db: Db, _auth: AuthContext, target: typeof charger.$inferSelect, cmd: Command): Promise<Record<string, unknown>> {
  switch (cmd.action) {
    case 'RemoteStartTransaction': {
      const idTag = await idTagOf(db, target, cmd);
      // The charger would refuse the card anyway and leave an open order behind: check it first.
      const verdict = await checkIdTag(
        db,
        idTag,
        { companyCode: target.companyCode, stationId: target.stationId },
        cmd.connectorId ? { chargerId: target.id, connectorId: cmd.connectorId } : undefined,
      );
      if (verdict.reason) throw new AppError(refusalCode(verdict.reason), cmd.cardUserId ? 'cardUserId' : cmd.appUserId ? 'appUserId' : 'idTag');
      return {
        idTag,
        ...(cmd.connectorId ? { connectorId: cmd.connectorId } : {}),
        // The session's TxProfile (R16.10), Relative: from its start.
        ...(cmd.chargingProfile ? { chargingProfile: remoteStartChargingProfile(cmd.chargingProfile, cmd.connectorId) } : {}),
      };
    }
    case 'RemoteStopTransaction':
      return { transactionId: await sessionToStop(db, target.id, cmd) };
    case 'Reset':
      return { type: cmd.type };
    case 'UnlockConnector':
      return { connectorId: cmd.connectorId };
    case 'ChangeAvailability':
      return { connectorId: cmd.connectorId, type: cmd.type };
  }
}

/**
 * Sends `cmd` to charger `id` and returns the charger's answer.
 * @throws AppError 800/725 (target), 718/719/720 (outcome), 400/610/803 (arguments).
 */
export async function sendCommand(app: FastifyInstance, auth: AuthContext, id: number, cmd: Command) {
  const target = await targetCharger(app.db, auth, id);
  const payload = await payloadOf(app.db, auth, target, cmd);
  const answer = await commandTo(app, auth.username, target, cmd.action, payload);
  return { action: cmd.action, request: payload, answer };
}

/**
 * Sends `action` with `payload` to the charger `target` and returns its answer; the outcome and who
 * asked (`by`: a user name, or `system` for the CSMS's own commands) are logged as a COMMAND row
 * (the request without its secrets, requirements R10.24).
 * @throws AppError 718/719/720 (outcome).
 */
export async function commandTo<T = unknown>(
  app: FastifyInstance,
  by: string,
  target: { serialNum: string; companyCode: string },
  action: string,
  payload: Record<string, unknown>,
): Promise<T> {
  let outcome: { result: string; code?: number } = { result: 'ACCEPTED' };
  try {
    return await app.ocpp.call<T & Record<string, unknown>>(target.serialNum, action, payload);
  } catch (err) {
    outcome = err instanceof AppError ? { result: 'FAILED', code: err.code } : { result: 'ERROR' };
    throw err;
  } finally {
    await app.db
      .insert(chargerLog)
      .values({
        chargerSn: target.serialNum,
        companyCode: target.companyCode,
        direction: 'OUT',
        messageType: 'COMMAND',
        action,
        payload: { request: redactSecrets(payload), by, ...outcome },
      })
      .catch((err: unknown) => app.log.warn({ err }, 'could not log a command outcome'));
  }
}
