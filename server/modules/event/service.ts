/**
 * The event lifecycle for operators (`/sp/event`, requirements R2.13, §13): the list with the
 * Eventes query (`startTime`, `eventStatus` default HAPPENING, `serialNum`) and filters, status
 * counts for the chips, one event, process (handle method + the signed-in handler), ignore and
 * their batch. Company and station scope: server/http/scope.ts (709 read / 725 write). Codes: 734
 * not found, 735 no longer HAPPENING, 715 a time range that ends before it starts, 400 a bad time.
 * Every change is announced on the bus after its commit.
 */
import { and, count, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { Bus } from '../../bus.js';
import type { Db } from '../../db/client.js';
import { company, event, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, NEWEST_FIRST, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertFilterInScope, assertInScope, scopeWhere } from '../../http/scope.js';
import { EVENT_STATUSES, type EventStatus } from '../../../domain/events.js';
import type { EventBatchResult, EventFilters, EventRecord, EventStatusCounts } from '../../../domain/entities/event.js';
import { emitChanges, syncNoticeStatus, type EventChange } from './lifecycle.js';
import { toEventRecord } from './mapper.js';

/** A query time: ISO or epoch seconds / milliseconds (requirements §9); 400 naming the field otherwise. */
function timeOf(v: string | undefined, field: string): Date | undefined {
  if (v === undefined || v === '') return undefined;
  const d = /^\d{10}$/.test(v) ? new Date(Number(v) * 1000) : /^\d{13}$/.test(v) ? new Date(Number(v)) : new Date(v);
  if (Number.isNaN(d.getTime())) throw new AppError(400, field);
  return d;
}

/** The WHERE of the list, its count and its export; `withStatus` false leaves the status out (the chips). */
export function eventConditions(auth: AuthContext, q: EventFilters, withStatus = true): SQL | undefined {
  assertFilterInScope(auth, q);
  const start = timeOf(q.startTime, 'startTime');
  const end = timeOf(q.endTime, 'endTime');
  if (start && end && end < start) throw new AppError(715, 'endTime');
  const statuses = q.eventStatus === 'ALL' ? null : q.eventStatus;
  const sn = q.serialNum?.trim();
  return and(
    scopeWhere(auth, event),
    withStatus && statuses ? inArray(event.status, statuses) : undefined,
    start ? gte(event.occurTime, start) : undefined,
    end ? lte(event.occurTime, end) : undefined,
    sn ? ilike(event.deviceSn, likeTerm(sn)) : undefined,
    q.stationId ? eq(event.stationId, q.stationId) : undefined,
    q.deviceType ? eq(event.deviceType, q.deviceType) : undefined,
    q.eventType?.length ? inArray(event.eventType, q.eventType) : undefined,
    q.eventLevel ? eq(event.eventLevel, q.eventLevel) : undefined,
    q.companyCode ? eq(event.companyCode, q.companyCode) : undefined,
  );
}

const SORTABLE = {
  id: event.id,
  occurTime: event.occurTime,
  lastOccurTime: event.lastOccurTime,
  deviceSn: event.deviceSn,
  eventType: event.eventType,
  status: event.status,
  stationName: station.name,
  processTime: event.processTime,
  recoverTime: event.recoverTime,
  repeatCount: event.repeatCount,
};

/** ORDER BY of the list: `sort` (400 when unknown) default occur time, newest first unless `order=asc`. */
export function eventOrder(q: { sort?: string; order?: string }): SQL[] {
  return orderByOf(q, SORTABLE, { ...NEWEST_FIRST, fallback: event.occurTime, tieBreak: event.id });
}

export { toEventRecord } from './mapper.js';

/** The joined select of event records. */
export function eventQuery(db: Db) {
  return db
    .select({ e: event, stationName: station.name, companyName: company.name })
    .from(event)
    .leftJoin(station, eq(station.id, event.stationId))
    .leftJoin(company, eq(company.code, event.companyCode));
}

/** `GET /sp/event`: a page of the caller's events and the total. */
export async function listEvents(db: Db, auth: AuthContext, q: EventFilters & PageQuery): Promise<{ records: EventRecord[]; total: number }> {
  const where = eventConditions(auth, q);
  const { limit, offset } = limitOffset(q);
  const [rows, [totals]] = await Promise.all([
    eventQuery(db)
      .where(where)
      .orderBy(...eventOrder(q))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(event).where(where),
  ]);
  return { records: rows.map(toEventRecord), total: totals?.total ?? 0 };
}

/** `GET /sp/event/counts`: the filter's events per status (the status chips). */
export async function eventCounts(db: Db, auth: AuthContext, q: EventFilters): Promise<EventStatusCounts> {
  const rows = await db
    .select({ status: event.status, n: count() })
    .from(event)
    .where(eventConditions(auth, q, false))
    .groupBy(event.status);
  const out = Object.fromEntries(EVENT_STATUSES.map((s) => [s, 0])) as EventStatusCounts;
  for (const r of rows) if ((EVENT_STATUSES as readonly string[]).includes(r.status)) out[r.status as EventStatus] = r.n;
  return out;
}

/** One event the caller may see (734 unknown, 709 outside the scope). */
export async function getEvent(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read'): Promise<EventRecord> {
  const [row] = await eventQuery(db).where(eq(event.id, id));
  if (!row) throw new AppError(734);
  assertInScope(auth, event, row.e, mode);
  return toEventRecord(row);
}

type Action = 'process' | 'ignore';

/**
 * Processes or ignores the HAPPENING events among `ids` that the caller may change, in one
 * transaction, and announces them after the commit. Answers which changed and which were skipped
 * (not HAPPENING, unknown or outside the scope).
 */
export async function handleEvents(
  db: Db,
  bus: Bus,
  auth: AuthContext,
  ids: readonly number[],
  action: Action,
  handleMethod: string | null,
): Promise<EventBatchResult> {
  const unique = [...new Set(ids)];
  const now = new Date();
  const set =
    action === 'process'
      ? { status: 'PROCESSED', handleMethod, handler: auth.username, processTime: now }
      : { status: 'IGNORED', handleMethod, handler: auth.username, ignoreTime: now };
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(event)
      .set(set)
      .where(and(inArray(event.id, unique), eq(event.status, 'HAPPENING'), scopeWhere(auth, event)))
      .returning({ id: event.id, companyCode: event.companyCode, stationId: event.stationId });
    await syncNoticeStatus(
      tx,
      rows.map((r) => r.id),
      set.status,
    );
    return rows;
  });
  const change: EventChange['change'] = action === 'process' ? 'processed' : 'ignored';
  emitChanges(
    bus,
    changed.map((r) => ({ eventId: r.id, companyCode: r.companyCode, stationId: r.stationId, change })),
  );
  const done = new Set(changed.map((r) => r.id));
  return { changed: [...done], skipped: unique.filter((id) => !done.has(id)) };
}

/** Processes or ignores one event: 734 unknown, 725 outside the scope, 735 no longer HAPPENING. */
export async function handleEvent(db: Db, bus: Bus, auth: AuthContext, id: number, action: Action, handleMethod: string | null): Promise<EventRecord> {
  const current = await getEvent(db, auth, id, 'write');
  if (current.status !== 'HAPPENING') throw new AppError(735);
  const res = await handleEvents(db, bus, auth, [id], action, handleMethod);
  if (!res.changed.length) throw new AppError(735); // another operator (or a recovery) was first
  return getEvent(db, auth, id);
}

/** For other modules (docs/decisions.md "Layers": siblings use only ./service.ts or ./index.ts). */
export { announceOrderEvents } from './lifecycle.js';
