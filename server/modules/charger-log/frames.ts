/**
 * The charger log screen's reads (requirements §2 "Charger log"): a keyset page of frames, newest
 * first, each with the other half of its exchange. Keyset rather than OFFSET so that page 1 000
 * costs what page 1 costs on millions of rows: the cursor is the last row's `(at, id)`, and the
 * next page is the rows strictly before it in `(at desc, id desc)` order. Times travel in
 * microseconds (`<µs>_<id>`) because PostgreSQL keeps microseconds and a JS Date does not.
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { charger, chargerLog } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';
import type { ChargerLogFrame, ChargerLogFramePage } from '../../../domain/entities/charger-log.js';
import { CURSOR } from '../../../domain/entities/charger-log.js';
import { redactSecrets } from '../../auth/secrets.js';

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
 * True when charger `serialNum` exists and belongs to another company than `companyCode`: a
 * company user's page of it is empty, and answering so spares reading every frame of that charger
 * only to drop them by company. (A charger moved between companies shows its new company only
 * its own frames either way.)
 */
export async function chargerOfAnotherCompany(db: Db, serialNum: string, companyCode: string | null): Promise<boolean> {
  const [c] = await db.select({ companyCode: charger.companyCode }).from(charger).where(eq(charger.serialNum, serialNum)).limit(1);
  return !!c && c.companyCode !== companyCode;
}

/** A row of the page statement as the drivers answer it (bigints may come as text, times as text or Date). */
interface PageRow {
  id: number | string;
  charger_sn: string;
  company_code: string | null;
  direction: string;
  message_type: string | null;
  action: string;
  message_id: string | null;
  payload: unknown;
  at: string | Date;
  at_us: string;
  pair_id: number | string | null;
  pair_type: string | null;
  pair_payload: unknown;
  pair_at: string | Date | null;
}

/**
 * One page of `size` frames matching `f`, after `cursor` when given, each with its pair: the first
 * row of the same charger and message id, of the other direction and kind (a CALL's CALLRESULT or
 * CALLERROR, an answer's CALL), logged within 10 minutes of it.
 * ONE statement, so one round trip to the database per page (what a busy machine makes expensive):
 * an index range scan for the page (charger_log indexes of schema.ts: every combination of the
 * screen's filters — charger, action, direction, time range, a company user's scope — starts from
 * an index in the page's order, so a page reads about its own rows; docs/decisions.md "Charger log
 * indexes"), then one small range of `charger_log_sn_at_id` per row for its pair.
 */
export async function framePage(db: Db, f: FrameFilter, size: number, cursor?: string): Promise<ChargerLogFramePage> {
  const where = frameWhere(f);
  if (cursor) {
    const c = parseCursor(cursor);
    const at = sql`(timestamptz 'epoch' + ${c.us}::bigint * interval '1 microsecond')`;
    // `at <= c` is what an index range can use; the row comparison breaks ties by id.
    where.push(sql`${chargerLog.at} <= ${at}`, sql`(${chargerLog.at}, ${chargerLog.id}) < (${at}, ${c.id}::bigint)`);
  }
  const result = await db.execute(sql`
    with page as (
      select ${chargerLog.id} as id, ${chargerLog.chargerSn} as charger_sn, ${chargerLog.companyCode} as company_code,
        ${chargerLog.direction} as direction, ${chargerLog.messageType} as message_type, ${chargerLog.action} as action,
        ${chargerLog.messageId} as message_id, ${chargerLog.payload} as payload, ${chargerLog.at} as at
      from ${chargerLog} where ${where.length ? and(...where) : sql`true`}
      order by ${chargerLog.at} desc, ${chargerLog.id} desc limit ${size + 1}
    )
    select page.*, (extract(epoch from page.at) * 1000000)::bigint::text as at_us,
      p.id as pair_id, p.message_type as pair_type, p.payload as pair_payload, p.at as pair_at
    from page left join lateral (
      select c.id, c.message_type, c.payload, c.at from ${chargerLog} c
      where page.message_id is not null and page.message_type in ('CALL', 'CALLRESULT', 'CALLERROR')
        and c.charger_sn = page.charger_sn and c.message_id = page.message_id
        and c.direction = (case when page.direction = 'IN' then 'OUT' else 'IN' end)
        and c.at between page.at - ${sql.raw(PAIR_WINDOW)} and page.at + ${sql.raw(PAIR_WINDOW)}
        and (case when page.message_type = 'CALL' then c.message_type in ('CALLRESULT', 'CALLERROR') else c.message_type = 'CALL' end)
      order by c.at limit 1
    ) p on true
    order by page.at desc, page.id desc`);
  const rows = (result as unknown as { rows: PageRow[] }).rows;
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  const last = page[page.length - 1];
  return {
    nextCursor: more && last ? `${last.at_us}_${last.id}` : null,
    records: page.map(
      (x): ChargerLogFrame => ({
        id: Number(x.id),
        serialNum: x.charger_sn,
        companyCode: x.company_code,
        direction: x.direction,
        messageType: x.message_type,
        action: x.action,
        messageId: x.message_id,
        payload: redactSecrets(x.payload),
        createTimeStamp: new Date(x.at).toISOString(),
        pair:
          x.pair_id === null
            ? null
            : { id: Number(x.pair_id), messageType: x.pair_type, payload: redactSecrets(x.pair_payload), createTimeStamp: new Date(x.pair_at!).toISOString() },
      }),
    ),
  };
}
