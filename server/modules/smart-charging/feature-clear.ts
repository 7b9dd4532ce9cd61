/**
 * Clearing what a feature sent (requirements R16.8): when a home charger stops being one, a station's
 * load balancing is turned off or a sent schedule is deleted, the profiles that feature installed
 * are cleared from its chargers (ClearChargingProfile by id, or by purpose and stack level). A
 * charger that is not connected, or does not answer in time (720 / 718), owes the request: it is
 * kept in `pending_profile_clear` (one row per charger and request, so bounded) and sent when the
 * charger next connects. Setting the feature again withdraws what it still owed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CommandOutcome } from '../../../domain/entities/home-charger.js';
import { pendingProfileClear } from '../../db/schema.js';
import { tryCommand } from './outcome.js';

/** A ClearChargingProfile request (OCPP 1.6: every field optional; none = every profile). */
export interface ClearRequest {
  id?: number;
  connectorId?: number;
  chargingProfilePurpose?: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  stackLevel?: number;
}

/** Why a clear is owed: the feature that was switched off. */
export type ClearReason = 'HOME_CHARGER_DELETED' | 'LOAD_BALANCING_OFF' | 'SCHEDULE_DELETED';

/** The charger a clear goes to. */
export interface ClearTarget {
  id: number;
  serialNum: string;
  companyCode: string;
}

/**
 * Whether any clear may be owed, known for CHECK_MS: a connecting charger asks the database only
 * then, so that thousands of chargers reconnecting at once cost no query each while nothing is
 * owed. A clear owed on this node counts at once; on another node within CHECK_MS.
 */
const CHECK_MS = 5_000;
let anyOwed: { value: boolean; until: number } = { value: true, until: 0 };

async function mayOwe(app: FastifyInstance): Promise<boolean> {
  if (Date.now() < anyOwed.until) return anyOwed.value;
  const [row] = await app.db.select({ id: pendingProfileClear.id }).from(pendingProfileClear).limit(1);
  anyOwed = { value: !!row, until: Date.now() + CHECK_MS };
  return anyOwed.value;
}

/** Failures after which the request is still owed (the charger may never have got it). */
const OWED: ReadonlySet<number | null> = new Set([718, 720, 795]);

/** The stable key of a request (its fields in one order). */
export const clearKey = (r: ClearRequest) => JSON.stringify([r.id ?? null, r.connectorId ?? null, r.chargingProfilePurpose ?? null, r.stackLevel ?? null]);

/** The request as sent: only the fields given. */
const payloadOf = (r: ClearRequest): Record<string, unknown> => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));

/**
 * Sends each of `requests` to `target` (ClearChargingProfile, logged as a command of `by`); a
 * request the charger did not get (720 not connected, 718 no answer) is kept for its next
 * connection. Never throws for the charger's failure.
 * @returns the outcome of each request, in order.
 */
export async function clearFeature(
  app: FastifyInstance,
  by: string,
  target: ClearTarget,
  requests: readonly ClearRequest[],
  reason: ClearReason,
): Promise<CommandOutcome[]> {
  const out: CommandOutcome[] = [];
  for (const r of requests) {
    const outcome = await tryCommand(app, by, target, 'ClearChargingProfile', payloadOf(r));
    out.push(outcome);
    if (outcome.result === 'FAILED' && OWED.has(outcome.code)) {
      anyOwed = { value: true, until: Date.now() + CHECK_MS };
      await app.db
        .insert(pendingProfileClear)
        .values({ chargerId: target.id, companyCode: target.companyCode, key: clearKey(r), request: payloadOf(r), reason })
        .onConflictDoUpdate({ target: [pendingProfileClear.chargerId, pendingProfileClear.key], set: { reason, createdAt: new Date() } });
    }
  }
  return out;
}

/** The feature is set again on these chargers: the clears of `requests` they still owe are withdrawn. */
export async function withdrawClears(app: FastifyInstance, chargerIds: readonly number[], requests: readonly ClearRequest[]): Promise<void> {
  if (!chargerIds.length || !requests.length) return;
  await app.db
    .delete(pendingProfileClear)
    .where(and(inArray(pendingProfileClear.chargerId, [...chargerIds]), inArray(pendingProfileClear.key, requests.map(clearKey))));
}

/**
 * Charger `target` connected: sends the clears it owes, oldest first; each leaves the list unless
 * the charger again did not get it (720 / 718). Never throws for the charger's failure.
 */
export async function sendOwedClears(app: FastifyInstance, target: ClearTarget): Promise<number> {
  if (!(await mayOwe(app))) return 0;
  const owed = await app.db.select().from(pendingProfileClear).where(eq(pendingProfileClear.chargerId, target.id)).orderBy(pendingProfileClear.id);
  let sent = 0;
  for (const row of owed) {
    const outcome = await tryCommand(app, 'system', target, 'ClearChargingProfile', row.request);
    if (outcome.result === 'FAILED' && OWED.has(outcome.code)) break;
    await app.db.delete(pendingProfileClear).where(eq(pendingProfileClear.id, row.id));
    sent++;
  }
  return sent;
}
