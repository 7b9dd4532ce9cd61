/**
 * The outbox's bounds (requirements R2.51): notices that arrive faster than mail leaves — a
 * flapping charger, a mail server that is down — cannot fill the outbox.
 *
 * - Per recipient: once `perRecipient` ordinary messages to one address wait (QUEUED), the next
 *   ones are folded into that address's digest: one QUEUED row (`folded` = how many, `text` = their
 *   subjects, the first {@link DIGEST_LINES}) that leaves {@link DIGEST_DELAY_MS} after it was
 *   started, so a recipient gets at most one digest per that time on top of the capped messages.
 * - In total: once `total` messages wait, a new message is only folded into its recipient's open
 *   digest; without one it is dropped (answered `dropped`, for the caller to log).
 *
 * The open digest of an address carries the dedupe key `digest:<address>`; the worker takes the key
 * off when it leases the row (./worker.ts), so the next overflow starts a new digest. Counts are
 * read at each queueing: simultaneous queueings may pass a bound by their number, never more.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { MailMessage } from './outbox.js';

/** Bounds of the outbox (config MAIL_MAX_QUEUED_PER_RECIPIENT, MAIL_OUTBOX_MAX; 0 = none). */
export interface OutboxBounds {
  perRecipient: number;
  total: number;
}

/** Subjects a digest lists; beyond them it says how many more. */
export const DIGEST_LINES = 50;
/** How long a digest gathers before it leaves (ms). */
export const DIGEST_DELAY_MS = 10 * 60_000;

/** What became of a message given to {@link queueBounded}. */
export type QueueOutcome = 'queued' | 'folded' | 'dropped' | 'duplicate';

/** Waiting messages matching `where`, counted up to `limit` (so a full outbox is not counted whole). */
async function waiting(db: Db, where: ReturnType<typeof sql>, limit: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (select 1 from ${mailOutbox} where status = 'QUEUED' and ${where} limit ${limit}) w`);
  const rows = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

const digestKey = (to: string) => `digest:${to.toLowerCase()}`;

/** Folds `mail` into its recipient's open digest; starts one when `mayStart`. Answers whether it was kept. */
async function fold(db: Db, mail: MailMessage, mayStart: boolean): Promise<boolean> {
  const line = `- ${mail.subject}`.slice(0, 300);
  const bumped = await db
    .update(mailOutbox)
    .set({
      folded: sql`${mailOutbox.folded} + 1`,
      text: sql`case when ${mailOutbox.folded} < ${DIGEST_LINES} then ${mailOutbox.text} || ${`\n${line}`} else ${mailOutbox.text} end`,
    })
    .where(and(eq(mailOutbox.dedupeKey, digestKey(mail.to)), eq(mailOutbox.status, 'QUEUED')))
    .returning({ id: mailOutbox.id });
  if (bumped.length) return true;
  if (!mayStart) return false;
  await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      language: mail.language,
      subject: 'digest',
      text: line,
      folded: 1,
      dedupeKey: digestKey(mail.to),
      nextAttemptAt: new Date(Date.now() + DIGEST_DELAY_MS),
    })
    .onConflictDoUpdate({
      target: mailOutbox.dedupeKey,
      set: { folded: sql`${mailOutbox.folded} + 1` },
    });
  return true;
}

/**
 * Queues `mail` within `bounds` (see the module comment); `insert` stores it as an ordinary message
 * and answers false when its dedupe key was queued before. Answers what became of it.
 */
export async function queueBounded(
  db: Db,
  mail: MailMessage,
  bounds: OutboxBounds,
  dedupeKey: string | undefined,
  insert: () => Promise<boolean>,
): Promise<QueueOutcome> {
  if (dedupeKey) {
    const [seen] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
    if (seen) return 'duplicate';
  }
  const full = bounds.total > 0 && (await waiting(db, sql`true`, bounds.total)) >= bounds.total;
  const capped =
    bounds.perRecipient > 0 && (await waiting(db, sql`${mailOutbox.to} = ${mail.to} and ${mailOutbox.folded} = 0`, bounds.perRecipient)) >= bounds.perRecipient;
  if (full || capped) return (await fold(db, mail, !full)) ? 'folded' : 'dropped';
  return (await insert()) ? 'queued' : 'duplicate';
}

const WORDS = {
  en: {
    subject: (n: number) => `[ChargeDesk] ${n} more notice${n === 1 ? '' : 's'} in one digest`,
    intro: (n: number) => `So many notices came for you at once that ${n} of them were gathered here. The console shows every event and ticket.`,
    more: (n: number) => `… and ${n} more.`,
  },
  zh: {
    subject: (n: number) => `[ChargeDesk] 另有 ${n} 条通知（汇总）`,
    intro: (n: number) => `短时间内发给您的通知过多，其中 ${n} 条汇总于此。所有事件和工单请在控制台查看。`,
    more: (n: number) => `…… 另有 ${n} 条。`,
  },
} as const;

/** The subject and text of a digest row as it leaves (`lines`: its stored subjects, `folded`: how many). */
export function digestMail(language: string, folded: number, lines: string): { subject: string; text: string } {
  const w = WORDS[language === 'zh' ? 'zh' : 'en'];
  const more = folded > DIGEST_LINES ? `\n${w.more(folded - DIGEST_LINES)}` : '';
  return { subject: w.subject(folded), text: `${w.intro(folded)}\n\n${lines}${more}` };
}
