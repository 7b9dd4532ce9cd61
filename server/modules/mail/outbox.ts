/**
 * The mail outbox (requirements R2.46–R2.50): `queueMail` stores a message for one recipient; the
 * worker (./worker.ts) sends it through SMTP with retries, so nothing is lost while the mail server
 * is down, and without `SMTP_URL` the message simply waits. Other modules send mail only through
 * these functions (ticket replies; event and ticket notices within the bounds of ./digest.ts).
 */
import { and, count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { scopeWhere } from '../../http/scope.js';
import { queueBounded, type OutboxBounds, type QueueOutcome } from './digest.js';

/** One message for one recipient, in the recipient's language. */
export interface MailMessage {
  to: string;
  language: 'en' | 'zh';
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues `mail`; answers its outbox id, or null when `opts.dedupeKey` was queued before (the same
 * notice from another node). `opts.companyCode` is the company the mail is about (its users count
 * it in /sp/mail/status; none = the platform's). Runs inside `db` as given (a transaction handle
 * keeps it atomic with the caller's writes).
 */
export async function queueMail(db: Db, mail: MailMessage, opts: { dedupeKey?: string; companyCode?: string | null } = {}): Promise<number | null> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      language: mail.language,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      dedupeKey: opts.dedupeKey ?? null,
      companyCode: opts.companyCode ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows[0]?.id ?? null;
}

/**
 * Queues `mail` within the outbox's bounds (./digest.ts: per recipient, then into a digest; in
 * total, then dropped). For notices machines cause (events, new tickets); an operator's own mail
 * (a ticket reply) uses {@link queueMail}, which is never folded.
 */
export async function queueMailBounded(
  db: Db,
  mail: MailMessage,
  bounds: OutboxBounds,
  opts: { dedupeKey?: string; companyCode?: string | null } = {},
): Promise<QueueOutcome> {
  return queueBounded(db, mail, bounds, opts.dedupeKey, async () => (await queueMail(db, mail, opts)) !== null);
}

/**
 * Messages waiting in the outbox and those given up on, of the caller's company (R2.47; every
 * company's for a platform administrator, through the one scope rule of server/http/scope.ts);
 * `auth` null = every company's, for the node's own metrics (never answered to a user).
 */
export async function outboxCounts(db: Db, auth: AuthContext | null): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(and(sql`${mailOutbox.status} in ('QUEUED', 'FAILED')`, auth ? scopeWhere(auth, mailOutbox) : undefined))
    .groupBy(mailOutbox.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { queued: of('QUEUED'), failed: of('FAILED') };
}
