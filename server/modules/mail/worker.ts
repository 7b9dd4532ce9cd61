/**
 * The mail worker (requirements R2.47): every `mailPollMs` it takes up to 20 due messages of the
 * outbox — moving their next attempt 5 minutes ahead first (a lease: `FOR UPDATE SKIP LOCKED`, so
 * several nodes never send one message twice, and a message of a crashed node comes back) — and
 * sends each with nodemailer through `SMTP_URL` from `MAIL_FROM`. Sent → SENT. Failed → QUEUED
 * again `mailRetryBaseMs` × 2^(attempts − 1) later (at most 30 minutes), with the error kept;
 * a permanent refusal of the recipient (SMTP 5xx on RCPT/DATA) → FAILED. A digest (./digest.ts)
 * is rendered as it leaves and loses its dedupe key with the lease. Without `SMTP_URL` the worker
 * does not run and messages wait.
 */
import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { digestMail } from './digest.js';
import { redactText } from '../../auth/secrets.js';

const BATCH = 20;
const LEASE = "interval '5 minutes'";
const MAX_DELAY_MS = 30 * 60_000;

/** The delay before attempt `attempts + 1` after a failure (ms). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

type Transport = { sendMail(m: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown> };

/** One pass: sends what is due; answers how many were sent and how many failed. */
export async function sendDue(db: Db, transport: Transport, from: string, baseMs: number): Promise<{ sent: number; failed: number }> {
  const result = await db.execute(sql`
    update ${mailOutbox} set next_attempt_at = now() + ${sql.raw(LEASE)}, attempts = attempts + 1,
      dedupe_key = case when folded > 0 then null else dedupe_key end
    where id in (select id from ${mailOutbox} where status = 'QUEUED' and next_attempt_at <= now() order by id limit ${BATCH} for update skip locked)
    returning id, "to", language, subject, text, html, attempts, folded`);
  type Due = { id: string | number; to: string; language: string; subject: string; text: string; html: string | null; attempts: number; folded: number };
  const due = (result as unknown as { rows: Due[] }).rows;
  let sent = 0;
  let failed = 0;
  for (const m of due) {
    const id = Number(m.id);
    // A digest leaves as it stands now; its key is off, so what comes later starts a new one.
    const { subject, text } = Number(m.folded) > 0 ? digestMail(m.language, Number(m.folded), m.text) : m;
    try {
      await transport.sendMail({ from, to: m.to, subject, text, ...(m.html ? { html: m.html } : {}) });
      await db.update(mailOutbox).set({ status: 'SENT', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
      sent++;
    } catch (err) {
      failed++;
      const e = err as { message?: string; responseCode?: number; command?: string };
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && (e.command === 'RCPT TO' || e.command === 'DATA');
      await db
        .update(mailOutbox)
        .set({
          status: permanent ? 'FAILED' : 'QUEUED',
          lastError: redactText(String(e.message ?? err)).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(Number(m.attempts), baseMs)),
        })
        .where(eq(mailOutbox.id, id));
    }
  }
  return { sent, failed };
}

/** Starts the worker of `app` when `smtpUrl` is set; stops it on close. */
export function scheduleMailWorker(app: FastifyInstance): void {
  const { smtpUrl, mailFrom, mailPollMs, mailRetryBaseMs } = app.config;
  if (!smtpUrl) return;
  const transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as object);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sendDue(app.db, transport, mailFrom, mailRetryBaseMs)
      .then((r) => {
        if (r.sent || r.failed) app.log.info(r, 'mail outbox pass');
      })
      .catch((err: Error) => app.log.warn({ err: redactText(err.message) }, 'mail outbox pass failed'))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(run, mailPollMs);
          timer.unref();
        }
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, 0);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    transport.close();
  });
}
