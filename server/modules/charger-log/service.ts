/**
 * The charger log's queries (requirements §2 Events → ChargerLog, §12): pages of OCPP frames and of
 * refused handshakes, newest first; the keyset page of frames with their pairs (./frames.ts); the
 * chargers in scope for the pickers. Every read is company-scoped (server/http/scope.ts); a company
 * outside the caller's scope → 709; a bad time range (domain/time-range.ts) → 715.
 */
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { ChargerLogFramePage, ChargerLogRecord, ConnectionAttemptRecord } from '../../../domain/entities/charger-log.js';
import { redactSecrets } from '../../auth/secrets.js';
import type { Db } from '../../db/client.js';
import { charger, chargerLog, connectionAttempt } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { likeTerm, limitOffset, type PageQuery } from '../../http/paging.js';
import { assertFilterInScope, scopeWhere } from '../../http/scope.js';
import { checkTimeRange } from '../order/index.js';
import { chargerOfAnotherCompany, framePage, frameWhere, type FrameFilter } from './frames.js';

type LogTable = typeof chargerLog | typeof connectionAttempt;

/** The caller's scope of a log table, after refusing a company outside it and a bad time range (715). */
function checkedScope(auth: AuthContext, q: { companyCode?: string; startTime?: Date; endTime?: Date }, table: LogTable): SQL | undefined {
  assertFilterInScope(auth, q);
  checkTimeRange(q.startTime, q.endTime);
  return scopeWhere(auth, table);
}

/** One page of a log table, newest first (time, then id), with the total matching `where`. */
async function newestFirst<T extends LogTable>(db: Db, table: T, where: SQL | undefined, q: PageQuery) {
  const { limit, offset } = limitOffset(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(table as LogTable)
      .where(where)
      .orderBy(desc(table.at), desc(table.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(table as LogTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: Number(n) };
}

/** GET /sp/charger-log: a page of frames matching `q`, newest first (secrets in payloads redacted). */
export async function chargerLogPage(db: Db, auth: AuthContext, q: Omit<FrameFilter, 'scope'> & PageQuery): Promise<Page<ChargerLogRecord>> {
  const where = and(...frameWhere({ ...q, scope: checkedScope(auth, q, chargerLog) }));
  const { rows, total } = await newestFirst(db, chargerLog, where, q);
  return {
    total,
    records: rows.map((x) => ({
      id: x.id,
      serialNum: x.chargerSn,
      companyCode: x.companyCode,
      direction: x.direction,
      messageType: x.messageType,
      action: x.action,
      messageId: x.messageId,
      payload: redactSecrets(x.payload),
      createTimeStamp: x.at.toISOString(),
    })),
  };
}

/** GET /sp/charger-log/frames: the keyset page of frames with their pairs (`nextCursor`, no total). */
export async function chargerLogFrames(
  db: Db,
  auth: AuthContext,
  filter: Omit<FrameFilter, 'scope'>,
  size: number,
  cursor?: string,
): Promise<ChargerLogFramePage> {
  const scope = checkedScope(auth, filter, chargerLog);
  // Another company's charger has no frames of the caller's: answered without reading its frames.
  if (!auth.isAdmin && filter.serialNum && (await chargerOfAnotherCompany(db, filter.serialNum, auth.companyCode))) return { records: [], nextCursor: null };
  return framePage(db, { ...filter, scope }, size, cursor);
}

/** GET /sp/charger-log/chargers: at most 20 chargers in scope whose SN contains `q`, by SN. */
export async function chargerChoices(db: Db, auth: AuthContext, q: string | undefined): Promise<{ serialNum: string; companyCode: string; online: boolean }[]> {
  return db
    .select({ serialNum: charger.serialNum, companyCode: charger.companyCode, online: charger.online })
    .from(charger)
    .where(and(scopeWhere(auth, charger), q ? ilike(charger.serialNum, likeTerm(q)) : undefined))
    .orderBy(charger.serialNum)
    .limit(20);
}

/** The filters of GET /sp/connection-attempt. */
export interface AttemptFilter {
  identity?: string;
  reason?: string;
  companyCode?: string;
  startTime?: Date;
  endTime?: Date;
}

/** GET /sp/connection-attempt: a page of refused handshakes matching `q`, newest first. */
export async function connectionAttemptPage(db: Db, auth: AuthContext, q: AttemptFilter & PageQuery): Promise<Page<ConnectionAttemptRecord>> {
  const where = and(
    checkedScope(auth, q, connectionAttempt),
    q.companyCode ? eq(connectionAttempt.companyCode, q.companyCode) : undefined,
    q.identity ? eq(connectionAttempt.identity, q.identity) : undefined,
    q.reason ? eq(connectionAttempt.reason, q.reason) : undefined,
    q.startTime ? gte(connectionAttempt.at, q.startTime) : undefined,
    q.endTime ? lte(connectionAttempt.at, q.endTime) : undefined,
  );
  const { rows, total } = await newestFirst(db, connectionAttempt, where, q);
  return {
    total,
    records: rows.map((x) => ({
      id: x.id,
      identity: x.identity,
      companyCode: x.companyCode,
      remoteAddress: x.remoteAddress,
      reason: x.reason,
      count: x.count,
      firstTimeStamp: x.firstAt.toISOString(),
      createTimeStamp: x.at.toISOString(),
    })),
  };
}
