/**
 * The app user's budget of report tickets (requirements R14.12): at most `maxPerHour` tickets in
 * the last hour (780) and at most `maxBytesPerDay` bytes of images in the last 24 hours (781), both
 * counted from the stored tickets, so they hold across restarts and across the nodes of a cluster.
 * {@link assertTicketBudget} runs twice: once before the images are decoded (a spent budget costs
 * no decoding), and again inside the intake's transaction after the app user's row is locked
 * (`FOR UPDATE`), so simultaneous requests of one user are counted one after the other and
 * nothing is stored beyond the budget.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appUser, reportTicket, reportTicketAttachment, storedFile } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';

/** Limits per app user (config `TICKET_MAX_PER_HOUR`, `TICKET_MAX_BYTES_PER_DAY`; 0 = no limit). */
export interface TicketBudget {
  maxPerHour: number;
  maxBytesPerDay: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Tickets of `appUserId` in the hour before `at`, and their image bytes in the day before `at`. */
export async function ticketUsage(db: Db, appUserId: number, at: Date): Promise<{ tickets: number; bytes: number }> {
  const hourAgo = new Date(at.getTime() - HOUR_MS);
  const dayAgo = new Date(at.getTime() - DAY_MS);
  const [row] = await db
    .select({
      tickets: sql<number>`(count(distinct ${reportTicket.id}) filter (where ${reportTicket.createdAt} >= ${hourAgo}))::int`,
      bytes: sql<number>`coalesce(sum(${storedFile.size}), 0)::bigint`,
    })
    .from(reportTicket)
    .leftJoin(reportTicketAttachment, eq(reportTicketAttachment.ticketId, reportTicket.id))
    .leftJoin(storedFile, eq(storedFile.id, reportTicketAttachment.fileId))
    .where(and(eq(reportTicket.appUserId, appUserId), gte(reportTicket.createdAt, dayAgo)));
  return { tickets: Number(row?.tickets ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** 780 when one more ticket is beyond the hour's count, 781 when `newBytes` more are beyond the day's bytes. */
export async function assertTicketBudget(db: Db, appUserId: number, newBytes: number, budget: TicketBudget, at: Date): Promise<void> {
  if (!budget.maxPerHour && !budget.maxBytesPerDay) return;
  const used = await ticketUsage(db, appUserId, at);
  if (budget.maxPerHour && used.tickets + 1 > budget.maxPerHour) throw new AppError(780);
  if (budget.maxBytesPerDay && used.bytes + newBytes > budget.maxBytesPerDay) throw new AppError(781, 'attachments');
}

/** Locks the app user's row in `tx` until its commit: one intake of a user at a time is counted. */
export async function lockAppUser(tx: Db, appUserId: number): Promise<void> {
  await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, appUserId)).for('update');
}
