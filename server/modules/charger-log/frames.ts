/**
 * The charger log screen's reads (requirements §2 "Charger log"): a keyset page of frames, newest
 * first, each with the other half of its exchange. Keyset rather than OFFSET so that page 1 000
 * costs what page 1 costs on millions of rows: the cursor is the last row's `(at, id)`, and the
 * next page is the rows strictly before it in `(at desc, id desc)` order. Times travel in
 * microseconds (`<µs>_<id>`) because PostgreSQL keeps microseconds and a JS Date does not.
 */
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chargerLog } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import type { ChargerLogFrame, ChargerLogFramePage, ChargerLogPair } from '../../../domain/entities/charger-log.js';
import { CURSOR } from '../../../domain/entities/charger-log.js';

/** The filters of one page (already validated and scoped: `scope` is scopeWhere's condition). */
export interface FrameFilter {
  scope?: SQL;
  companyCode?: string;
  serialNum?: string;
  action?: string;
  direction?: 'IN' | 'OUT';
  messageType?: string;
  messageId?: string;
  startTime?: Date;
  endTime?: Date;
}

/** How far apart a call and its answer may be logged (commands wait at most 30 s by default). */
const PAIR_WINDOW = "interval '10 minutes'";

/** `(at, id)` of a cursor; a malformed one → 400 naming `cursor`. */
export function parseCursor(cursor: string): { us: string; id: string } {
  if (!CURSOR.test(cursor)) throw new AppError(400, 'cursor');
  const [us, id] = cursor.split('_');
  return { us, id };
}

/** The time of a row as microseconds since 1970 (text: beyond 2^53 in a few centuries). */
const atMicros = sql<string>`(extract(epoch from ${chargerLog.at}) * 1000000)::bigint::text`;

/** The filter's WHERE conditions (without the cursor). */
export function frameWhere(f: FrameFilter): SQL[] {
  return [
    f.scope,
    f.companyCode ? eq(chargerLog.companyCode, f.companyCode) : undefined,
    f.serialNum ? eq(chargerLog.chargerSn, f.serialNum) : undefined,
    f.action ? eq(chargerLog.action, f.action) : undefined,
    f.direction ? eq(chargerLog.direction, f.direction) : undefined,
    f.messageType ? eq(chargerLog.messageType, f.messageType) : undefined,
    f.messageId ? eq(chargerLog.messageId, f.messageId) : undefined,
    f.startTime ? gte(chargerLog.at, f.startTime) : undefined,
    f.endTime ? lte(chargerLog.at, f.endTime) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

/**
 * One page of `size` frames matching `f`, after `cursor` when given, with their pairs.
 * Costs one index range scan for the page and one for the pairs (charger_log indexes of schema.ts).
 */
export async function framePage(db: Db, f: FrameFilter, size: number, cursor?: string): Promise<ChargerLogFramePage> {
  const where = frameWhere(f);
  if (cursor) {
    const c = parseCursor(cursor);
    const at = sql`(timestamptz 'epoch' + ${c.us}::bigint * interval '1 microsecond')`;
    // `at <= c` is what an index range can use; the row comparison breaks ties by id.
    where.push(sql`${chargerLog.at} <= ${at}`, sql`(${chargerLog.at}, ${chargerLog.id}) < (${at}, ${c.id}::bigint)`);
  }
  const rows = await db.select({
    id: chargerLog.id, chargerSn: chargerLog.chargerSn, companyCode: chargerLog.companyCode, direction: chargerLog.direction,
    messageType: chargerLog.messageType, action: chargerLog.action, messageId: chargerLog.messageId, payload: chargerLog.payload,
    at: chargerLog.at, atUs: atMicros,
  }).from(chargerLog).where(and(...where)).orderBy(desc(chargerLog.at), desc(chargerLog.id)).limit(size + 1);
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  const pairs = await pairsOf(db, page);
  const last = page[page.length - 1];
  return {
    nextCursor: more && last ? `${last.atUs}_${last.id}` : null,
    records: page.map((x): ChargerLogFrame => ({
      id: x.id, serialNum: x.chargerSn, companyCode: x.companyCode, direction: x.direction, messageType: x.messageType,
      action: x.action, messageId: x.messageId, payload: x.payload, createTimeStamp: x.at.toISOString(),
      pair: pairs.get(String(x.id)) ?? null,
    })),
  };
}

type PageRow = { id: number; chargerSn: string; messageId: string | null; messageType: string | null; direction: string; at: Date };

/**
 * The partners of the page's CALL / CALLRESULT / CALLERROR rows: for each, the first row of the
 * same charger and message id, of the other kind and direction, logged within 10 minutes of it.
 * One small index range per row (charger_sn, at), however long the page's span.
 */
async function pairsOf(db: Db, page: readonly PageRow[]): Promise<Map<string, ChargerLogPair>> {
  const out = new Map<string, ChargerLogPair>();
  const pairable = page.filter((r) => r.messageId && (r.messageType === 'CALL' || r.messageType === 'CALLRESULT' || r.messageType === 'CALLERROR'));
  if (!pairable.length) return out;
  const values = sql.join(pairable.map((r) => sql`(${r.id}::bigint, ${r.chargerSn}::text, ${r.messageId}::text, ${r.at.toISOString()}::timestamptz, ${r.direction === 'IN' ? 'OUT' : 'IN'}::text, ${r.messageType === 'CALL'}::boolean)`), sql`, `);
  const result = await db.execute(sql`
    select v.row_id as "rowId", p.id, p.message_type as "messageType", p.payload, p.at
    from (values ${values}) as v(row_id, sn, mid, at, dir, is_call)
    cross join lateral (
      select c.id, c.message_type, c.payload, c.at from ${chargerLog} c
      where c.charger_sn = v.sn and c.message_id = v.mid and c.direction = v.dir
        and c.at between v.at - ${sql.raw(PAIR_WINDOW)} and v.at + ${sql.raw(PAIR_WINDOW)}
        and (case when v.is_call then c.message_type in ('CALLRESULT', 'CALLERROR') else c.message_type = 'CALL' end)
      order by c.at limit 1
    ) p`);
  const rows = (result as unknown as { rows: { rowId: string | number; id: string | number; messageType: string | null; payload: unknown; at: string | Date }[] }).rows;
  for (const r of rows) {
    out.set(String(r.rowId), { id: Number(r.id), messageType: r.messageType, payload: r.payload, createTimeStamp: new Date(r.at).toISOString() });
  }
  return out;
}
