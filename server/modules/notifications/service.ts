/**
 * Reading the bell (requirements §3 "Notification", §7 `GET /sp/notifications`): the caller's notices,
 * newest repeat first, per tab (All / Events / Problems, domain/notices.ts), paged; true counts per
 * tab (total and unread, counted by the database, never capped); and the unread state per
 * account: a notice is unread until the account opens it (`notification_read`) or marks all read
 * (`account.notifications_read_at`), and a later repeat makes it unread again.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account, chargeOrder, charger, notification, notificationRead } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { scopeWhere } from '../../http/scope.js';
import { PROBLEM_KINDS, renderNotice, toNotice, type NoticeTab } from '../../../domain/notices.js';
import type { Lang } from '../../../domain/errors.js';

/** The notices `auth` may see (company scope, and a station manager's stations: server/http/scope.ts). */
function visible(auth: AuthContext): SQL | undefined {
  return scopeWhere(auth, notification);
}

/** Problems: report tickets and the problem kinds; events: everything else. */
function isProblem(): SQL {
  return or(eq(notification.systemNotificationType, 'REPORT_TICKET'), inArray(notification.kind, [...PROBLEM_KINDS]))!;
}

function tabCondition(tab: NoticeTab): SQL | undefined {
  if (tab === 'problems') return isProblem();
  if (tab === 'events') return sql`not (${isProblem()})`;
  return undefined;
}

/** True for the rows `accountId` has not read since their last repeat. */
function unread(accountId: number): SQL<boolean> {
  return sql<boolean>`(${notification.lastAt} > coalesce((select ${account.notificationsReadAt} from ${account} where ${account.id} = ${accountId}), '-infinity'::timestamptz)
    and not exists (select 1 from ${notificationRead} where ${notificationRead.accountId} = ${accountId}
      and ${notificationRead.notificationId} = ${notification.id} and ${notificationRead.readAt} >= ${notification.lastAt}))`;
}

/** One row of `GET /sp/notifications`: the spec's fields plus the notice as data and its repeats. */
export interface NotificationItem {
  id: number;
  systemNotificationType: string;
  kind: string;
  params: Record<string, unknown>;
  /** The notice in the caller's language. */
  content: string;
  /** First time (spec field). */
  createTimeStamp: string;
  /** Time of the latest repeat. */
  lastTimeStamp: string;
  /** How many times it happened (repeats of the same notice for the same device or card). */
  count: number;
  read: boolean;
  userName: string | null;
  ticketNo: string | null;
  serialNum: string | null;
  eventStatus: string | null;
  /** The charger the notice is about (its page), when `serialNum` is a charger. */
  chargerId: number | null;
  /** The unpaid order (its page), for ORDER_UNPAID. */
  orderId: number | null;
  /** The event the notice announces (its page `/Events/Eventes/<id>/show`), for EVENT. */
  eventId: number | null;
}

/** A page of the caller's notices in `tab`, newest repeat first. */
export async function listNotices(db: Db, auth: AuthContext, lang: Lang, q: { tab: NoticeTab; page: number; size: number }): Promise<NotificationItem[]> {
  const rows = await db
    .select({ n: notification, unread: unread(auth.accountId), chargerId: charger.id, orderId: chargeOrder.id })
    .from(notification)
    .leftJoin(charger, eq(charger.serialNum, notification.serialNum))
    .leftJoin(chargeOrder, and(eq(notification.kind, 'ORDER_UNPAID'), eq(chargeOrder.orderNo, sql`${notification.params}->>'orderNo'`)))
    .where(and(visible(auth), tabCondition(q.tab)))
    .orderBy(desc(notification.lastAt), desc(notification.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return rows.map(({ n, unread: isUnread, chargerId, orderId }) => {
    const notice = toNotice(n.kind, n.params, n.content);
    return {
      id: n.id,
      systemNotificationType: n.systemNotificationType,
      kind: notice.kind,
      params: notice.params,
      content: renderNotice(notice, lang),
      createTimeStamp: n.createdAt.toISOString(),
      lastTimeStamp: n.lastAt.toISOString(),
      count: n.repeatCount,
      read: !isUnread,
      userName: n.userName,
      ticketNo: n.ticketNo,
      serialNum: n.serialNum,
      eventStatus: n.eventStatus,
      chargerId,
      orderId,
      eventId: n.eventId,
    };
  });
}

/** Counts of one tab. */
export interface TabCount {
  total: number;
  unread: number;
}
/** `GET /sp/notifications/summary`: true counts per tab. */
export type NoticeSummary = Record<NoticeTab, TabCount>;

/** Counts per tab for `auth`, in one query. */
export async function noticeSummary(db: Db, auth: AuthContext): Promise<NoticeSummary> {
  const u = unread(auth.accountId);
  const p = isProblem();
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      allUnread: sql<number>`(count(*) filter (where ${u}))::int`,
      problems: sql<number>`(count(*) filter (where ${p}))::int`,
      problemsUnread: sql<number>`(count(*) filter (where ${p} and ${u}))::int`,
    })
    .from(notification)
    .where(visible(auth));
  const all = row?.all ?? 0;
  const allUnread = row?.allUnread ?? 0;
  const problems = row?.problems ?? 0;
  const problemsUnread = row?.problemsUnread ?? 0;
  return {
    all: { total: all, unread: allUnread },
    events: { total: all - problems, unread: allUnread - problemsUnread },
    problems: { total: problems, unread: problemsUnread },
  };
}

/** Marks notices read for `auth`: the given ids (those it may see), or all of them. */
export async function markRead(db: Db, auth: AuthContext, target: { ids: number[] } | 'all'): Promise<void> {
  const now = new Date();
  if (target === 'all') {
    await db.transaction(async (tx) => {
      await tx.update(account).set({ notificationsReadAt: now }).where(eq(account.id, auth.accountId));
      await tx.delete(notificationRead).where(eq(notificationRead.accountId, auth.accountId));
    });
    return;
  }
  if (!target.ids.length) return;
  const mine = await db
    .select({ id: notification.id })
    .from(notification)
    .where(and(visible(auth), inArray(notification.id, target.ids)));
  if (!mine.length) return;
  await db
    .insert(notificationRead)
    .values(mine.map((m) => ({ accountId: auth.accountId, notificationId: m.id, readAt: now })))
    .onConflictDoUpdate({ target: [notificationRead.accountId, notificationRead.notificationId], set: { readAt: now } });
}

/** For other modules (docs/decisions.md "Layers": siblings use only ./service.ts or ./index.ts). */
export { recordNotice } from './notices.js';
