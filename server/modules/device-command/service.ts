/**
 * Device management commands to one charger (requirements R15.20–R15.24; docs/ocpp.md "Actions"):
 * GetConfiguration, ChangeConfiguration, ClearCache, TriggerMessage, DataTransfer, SendLocalList,
 * GetLocalListVersion and ClearChargingProfile (by id, by criteria or all). Every command goes through the remote-command path (../command/service.ts
 * `commandTo`: 718 timeout, 719 CALLERROR, 720 not connected; the frames and a COMMAND row are in
 * the charger log). A refusing status (Rejected, NotSupported, UnknownVendorId …) is not a failure
 * here: it is the answer the operator reads, so it is returned as given. The AuthorizationKey is
 * write-only: its value is masked in both answers (../../auth/secrets.ts, requirements R10.24).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  ClearProfileInput,
  ConfigurationAnswer,
  ConfigurationChange,
  ConfigurationChangeAnswer,
  DataTransferAnswer,
  DataTransferInput,
  LocalListInput,
  LocalListRecord,
  StatusAnswer,
  TriggerInput,
} from '../../../domain/entities/device-command.js';
import type { Db } from '../../db/client.js';
import { cardUser, localList } from '../../db/schema.js';
import { redactSecrets } from '../../auth/secrets.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { commandTo, targetCharger } from '../command/service.js';
import { cardRule, idTagInfoOf } from '../transactions/index.js';

/** The charger a command goes to. */
export type Target = Awaited<ReturnType<typeof targetCharger>>;

/**
 * Sends `action` and returns the charger's answer, a refusing status included (719 with the
 * answer as its data becomes that answer again).
 * @throws AppError 718 / 719 (a CALLERROR) / 720.
 */
export async function replyOf<T extends object>(
  app: FastifyInstance,
  by: string,
  target: Target,
  action: string,
  payload: Record<string, unknown>,
): Promise<T> {
  try {
    return await commandTo<T>(app, by, target, action, payload);
  } catch (err) {
    const data = err instanceof AppError && err.code === 719 ? (err.data as { status?: unknown } | undefined) : undefined;
    if (data && typeof data.status === 'string') return data as T;
    throw err;
  }
}

/** GetConfiguration of `keys` (none = every key). */
export async function getConfiguration(app: FastifyInstance, auth: AuthContext, id: number, keys: string[]): Promise<ConfigurationAnswer> {
  const target = await targetCharger(app.db, auth, id, 'read');
  const answer = await replyOf<{ configurationKey?: { key: string; readonly: boolean; value?: string }[]; unknownKey?: string[] }>(
    app,
    auth.username,
    target,
    'GetConfiguration',
    keys.length ? { key: keys } : {},
  );
  return redactSecrets({
    keys: (answer.configurationKey ?? []).map((k) => ({ key: k.key, value: k.value ?? null, readonly: k.readonly })).sort((a, b) => a.key.localeCompare(b.key)),
    unknownKeys: answer.unknownKey ?? [],
  });
}

/** ChangeConfiguration of one key; the charger's status is the answer. */
export async function changeConfiguration(app: FastifyInstance, auth: AuthContext, id: number, input: ConfigurationChange): Promise<ConfigurationChangeAnswer> {
  const target = await targetCharger(app.db, auth, id);
  const answer = await replyOf<{ status: ConfigurationChangeAnswer['status'] }>(app, auth.username, target, 'ChangeConfiguration', {
    key: input.key,
    value: input.value,
  });
  return redactSecrets({ key: input.key, value: input.value, status: answer.status });
}

/** ClearCache (the charger forgets the idTags it cached). */
export async function clearCache(app: FastifyInstance, auth: AuthContext, id: number): Promise<StatusAnswer> {
  const target = await targetCharger(app.db, auth, id);
  const answer = await replyOf<{ status: string }>(app, auth.username, target, 'ClearCache', {});
  return { action: 'ClearCache', status: answer.status };
}

/**
 * ClearChargingProfile (requirements R16.9): by id alone, or by connector / purpose / stack level,
 * or every profile (`all`: an empty request, as OCPP 1.6 defines it). The charger's status is the
 * answer: Accepted, or Unknown when it held no such profile.
 */
export async function clearChargingProfile(app: FastifyInstance, auth: AuthContext, id: number, input: ClearProfileInput): Promise<StatusAnswer> {
  const target = await targetCharger(app.db, auth, id);
  const payload =
    input.id !== undefined
      ? { id: input.id }
      : {
          ...(input.connectorId !== undefined ? { connectorId: input.connectorId } : {}),
          ...(input.chargingProfilePurpose ? { chargingProfilePurpose: input.chargingProfilePurpose } : {}),
          ...(input.stackLevel !== undefined ? { stackLevel: input.stackLevel } : {}),
        };
  const answer = await replyOf<{ status: string }>(app, auth.username, target, 'ClearChargingProfile', payload);
  return { action: 'ClearChargingProfile', status: answer.status };
}

/** TriggerMessage: the charger sends the requested message (it lands in the charger log). */
export async function triggerMessage(app: FastifyInstance, auth: AuthContext, id: number, input: TriggerInput): Promise<StatusAnswer> {
  const target = await targetCharger(app.db, auth, id);
  const payload = { requestedMessage: input.requestedMessage, ...(input.connectorId !== undefined ? { connectorId: input.connectorId } : {}) };
  const answer = await replyOf<{ status: string }>(app, auth.username, target, 'TriggerMessage', payload);
  return { action: 'TriggerMessage', status: answer.status };
}

/** DataTransfer to the charger: its status and data. */
export async function dataTransfer(app: FastifyInstance, auth: AuthContext, id: number, input: DataTransferInput): Promise<DataTransferAnswer> {
  const target = await targetCharger(app.db, auth, id);
  const payload = {
    vendorId: input.vendorId,
    ...(input.messageId ? { messageId: input.messageId } : {}),
    ...(input.data !== undefined ? { data: input.data } : {}),
  };
  const answer = await replyOf<{ status: DataTransferAnswer['status']; data?: string }>(app, auth.username, target, 'DataTransfer', payload);
  return { status: answer.status, data: answer.data ?? null };
}

/** One entry of the local list: a card number and its expiry, if it has one. */
export interface LocalListCard {
  idTag: string;
  expiryDate: Date | null;
}

/**
 * The idTags a charger may authorise offline: the company's cards the idTag rule accepts at this
 * charger (active, not expired, in scope for its station, with a balance or a manager card), by
 * card number, each with its expiry date (sent as idTagInfo.expiryDate, requirements R12.42).
 */
export async function localListCards(db: Db, target: Pick<Target, 'companyCode' | 'stationId'>): Promise<LocalListCard[]> {
  const cards = await db.select().from(cardUser).where(eq(cardUser.companyCode, target.companyCode));
  return cards
    .filter((c) => cardRule(c, target).status === 'Accepted')
    .map((c) => ({ idTag: c.cardNumber, expiryDate: c.expiryDate }))
    .sort((a, b) => (a.idTag < b.idTag ? -1 : a.idTag > b.idTag ? 1 : 0));
}

async function storedList(db: Db, chargerId: number) {
  const [row] = await db.select().from(localList).where(eq(localList.chargerId, chargerId));
  return row;
}

function listRecord(row: typeof localList.$inferSelect | undefined, chargerVersion: number | null): LocalListRecord {
  return {
    version: row?.version ?? 0,
    entries: row?.idTags.length ?? 0,
    updateType: row?.updateType ?? null,
    status: row?.status ?? null,
    sentAt: row?.sentAt?.toISOString() ?? null,
    chargerVersion,
    added: row?.added ?? 0,
    removed: row?.removed ?? 0,
  };
}

/**
 * SendLocalList of the company's active cards (requirements R15.24), each entry with its
 * expiryDate when the card has one (R12.42). Full: every card, version
 * + 1. Differential: the cards added since the last accepted list (Accepted) and the ones gone
 * (an entry without idTagInfo removes it); 749 when no list was accepted before. The stored list
 * and version change only when the charger answers Accepted; its answer is kept either way.
 */
export async function sendLocalList(app: FastifyInstance, auth: AuthContext, id: number, input: LocalListInput): Promise<LocalListRecord> {
  const db = app.db;
  const target = await targetCharger(db, auth, id);
  const before = await storedList(db, target.id);
  if (input.updateType === 'Differential' && !before?.version) throw new AppError(749, 'updateType');
  const entries = await localListCards(db, target);
  const cards = entries.map((e) => e.idTag);
  const had = new Set(before?.idTags ?? []);
  const now = new Set(cards);
  const added = entries.filter((e) => !had.has(e.idTag));
  const removed = [...had].filter((t) => !now.has(t));
  const version = (before?.version ?? 0) + 1;
  const accepted = (e: LocalListCard) => ({ idTag: e.idTag, idTagInfo: idTagInfoOf({ status: 'Accepted', expiryDate: e.expiryDate }) });
  const localAuthorizationList = input.updateType === 'Full' ? entries.map(accepted) : [...added.map(accepted), ...removed.map((idTag) => ({ idTag }))];
  const answer = await replyOf<{ status: string }>(app, auth.username, target, 'SendLocalList', {
    listVersion: version,
    updateType: input.updateType,
    localAuthorizationList,
  });
  const sentAt = new Date();
  const change =
    answer.status === 'Accepted'
      ? {
          version,
          idTags: cards,
          added: input.updateType === 'Full' ? cards.length : added.length,
          removed: input.updateType === 'Full' ? had.size : removed.length,
        }
      : {};
  const [row] = await db
    .insert(localList)
    .values({ chargerId: target.id, updateType: input.updateType, status: answer.status, sentAt, ...change })
    .onConflictDoUpdate({ target: localList.chargerId, set: { updateType: input.updateType, status: answer.status, sentAt, ...change } })
    .returning();
  return listRecord(row, null);
}

/** The last list sent to the charger (no command). */
export async function localListSent(db: Db, auth: AuthContext, id: number): Promise<LocalListRecord> {
  const target = await targetCharger(db, auth, id, 'read');
  return listRecord(await storedList(db, target.id), null);
}

/** The last list sent and the version the charger reports (GetLocalListVersion). */
export async function localListVersion(app: FastifyInstance, auth: AuthContext, id: number): Promise<LocalListRecord> {
  const target = await targetCharger(app.db, auth, id, 'read');
  const answer = await replyOf<{ listVersion: number }>(app, auth.username, target, 'GetLocalListVersion', {});
  return listRecord(await storedList(app.db, target.id), answer.listVersion);
}
