/**
 * Writing notices (domain/notices.ts): every producer — an event opening (server/modules/event/lifecycle.ts),
 * an unpaid order (settlement), a card a charger was told not to accept — stores a kind and params here. Repeats with the same group key are one row:
 * its count grows, its last time, params and status follow the newest repeat, and it becomes
 * unread again for everyone (unread compares `lastAt`, see ./read-state.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notification } from '../../db/schema.js';
import { noticeGroupKey, noticeType, renderNotice, type Notice } from '../../../domain/notices.js';

/** Where a notice belongs and what it is about. */
export interface NoticeInput {
  companyCode: string | null;
  notice: Notice;
  /** The device (charger or gateway) the notice is about, when any. */
  serialNum?: string | null;
  /** EVENT life cycle: HAPPENING (open), RECOVERED, PROCESSED; null for problems. */
  eventStatus?: string | null;
  userName?: string | null;
  ticketNo?: string | null;
  /** The event (server/modules/event) this notice announces. */
  eventId?: number | null;
  /** When it happened (default now). */
  at?: Date;
}

/** Stores `input` as a new notice, or counts it as a repeat of its group. */
export async function recordNotice(db: Db, input: NoticeInput): Promise<void> {
  const at = input.at ?? new Date();
  const { notice } = input;
  await db
    .insert(notification)
    .values({
      companyCode: input.companyCode,
      systemNotificationType: noticeType(notice.kind),
      kind: notice.kind,
      params: notice.params,
      content: renderNotice(notice, 'en'),
      serialNum: input.serialNum ?? null,
      eventStatus: input.eventStatus ?? null,
      userName: input.userName ?? null,
      ticketNo: input.ticketNo ?? null,
      eventId: input.eventId ?? null,
      groupKey: noticeGroupKey(notice, at),
      createdAt: at,
      lastAt: at,
    })
    .onConflictDoUpdate({
      target: notification.groupKey,
      set: {
        repeatCount: sql`${notification.repeatCount} + 1`,
        lastAt: sql`greatest(${notification.lastAt}, excluded.last_at)`,
        params: sql`excluded.params`,
        content: sql`excluded.content`,
        eventStatus: sql`excluded.event_status`,
      },
    });
}

/** Stores a CARD_REJECTED problem: a charger of `companyCode` was told not to accept `idTag`. */
export async function recordCardRejected(db: Db, at: { companyCode: string; serialNum: string }, idTag: string, status: string): Promise<void> {
  await recordNotice(db, {
    companyCode: at.companyCode,
    notice: { kind: 'CARD_REJECTED', params: { idTag, serialNum: at.serialNum, status } },
    serialNum: at.serialNum,
  });
}
