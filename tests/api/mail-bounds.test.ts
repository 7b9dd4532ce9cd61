/**
 * The outbox's bounds with the SMTP server down (requirements R2.51): per recipient at most
 * `MAIL_MAX_QUEUED_PER_RECIPIENT` ordinary messages wait, the rest are folded into one digest per
 * recipient with their count; in total at most `MAIL_OUTBOX_MAX` messages wait, beyond which new
 * mail only folds into an open digest or is dropped. When the SMTP server is back, the digest
 * leaves as one message saying how many notices it holds, in the recipient's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SMTPServer } from 'smtp-server';
import { build, type TestServer } from '../support/app.js';
import { closeSmtp, smtp, until, type Received } from '../support/smtp.js';
import { mailOutbox } from '../../server/db/schema.js';
import { queueMailBounded } from '../../server/modules/mail/outbox.js';
import type { QueueOutcome } from '../../server/modules/mail/digest.js';

const PER_RECIPIENT = 5;
const TOTAL = 40;

describe('the outbox with the SMTP server down', () => {
  const box: Received[] = [];
  let smtpServer: SMTPServer;
  let port: number;
  let s: TestServer;
  const bounds = { perRecipient: PER_RECIPIENT, total: TOTAL };

  beforeAll(async () => {
    ({ server: smtpServer, port } = await smtp(box));
    await closeSmtp(smtpServer); // down from the start: every attempt fails and the mail waits
    s = await build('pglite', {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailPollMs: 100,
      mailRetryBaseMs: 200,
      mailMaxQueuedPerRecipient: PER_RECIPIENT,
      mailOutboxMax: TOTAL,
    });
  });
  afterAll(async () => {
    await s?.close();
    await closeSmtp(smtpServer);
  });

  const queued = () => s.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'QUEUED'));
  const notice = (to: string, i: number, language: 'en' | 'zh' = 'en') => ({ to, language, subject: `[ChargeDesk] New event ${i}`, text: `Event ${i}` });

  it('caps each recipient and folds the rest into one digest with the count', async () => {
    const outcomes: QueueOutcome[] = [];
    for (let i = 0; i < 120; i++) outcomes.push(await queueMailBounded(s.database.db, notice('flood@ops.test', i), bounds));
    for (let i = 0; i < 30; i++) outcomes.push(await queueMailBounded(s.database.db, notice('zh@ops.test', i, 'zh'), bounds));
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(2 * PER_RECIPIENT);
    expect(outcomes.filter((o) => o === 'folded')).toHaveLength(150 - 2 * PER_RECIPIENT);
    const rows = await queued();
    const of = (to: string) => rows.filter((r) => r.to === to);
    expect(of('flood@ops.test')).toHaveLength(PER_RECIPIENT + 1);
    const digest = of('flood@ops.test').find((r) => r.folded > 0)!;
    expect(digest).toMatchObject({ folded: 120 - PER_RECIPIENT, dedupeKey: 'digest:flood@ops.test' });
    // It lists the first 50 subjects only: its size is bounded too.
    expect(digest.text.split('\n')).toHaveLength(50);
    expect(of('zh@ops.test').find((r) => r.folded > 0)).toMatchObject({ folded: 30 - PER_RECIPIENT, language: 'zh' });
    // The SMTP server is down: the capped messages are tried and wait again.
    await until(async () => (await queued()).some((r) => r.attempts >= 1 && r.lastError));
  });

  it('bounds the whole outbox: beyond it mail only folds into an open digest, or is dropped', async () => {
    const outcomes: QueueOutcome[] = [];
    for (let i = 0; i < 200; i++) outcomes.push(await queueMailBounded(s.database.db, notice(`site${i}@ops.test`, i), bounds));
    outcomes.push(await queueMailBounded(s.database.db, notice('flood@ops.test', 999), bounds));
    const rows = await queued();
    expect(rows.length).toBe(TOTAL);
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(TOTAL - 12);
    expect(outcomes.filter((o) => o === 'dropped')).toHaveLength(200 - (TOTAL - 12));
    // A recipient with an open digest still has its notice counted there.
    expect(outcomes.at(-1)).toBe('folded');
    expect(rows.find((r) => r.dedupeKey === 'digest:flood@ops.test')?.folded).toBe(120 - PER_RECIPIENT + 1);
  });

  it('sends the digest as one message with its count when the SMTP server is back', async () => {
    ({ server: smtpServer } = await smtp(box, port));
    await s.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(and(eq(mailOutbox.status, 'QUEUED')));
    await until(() => box.filter((m) => m.to.includes('flood@ops.test')).length >= PER_RECIPIENT + 1, 60_000);
    const raws = box.filter((m) => m.to.includes('flood@ops.test')).map((m) => m.raw);
    expect(raws.some((r) => /116 more notices in one digest/.test(r))).toBe(true);
    await until(
      async () => (await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'flood@ops.test'))).every((r) => r.status === 'SENT'),
      30_000,
    );
    const [sentDigest] = await s.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'flood@ops.test'), eq(mailOutbox.folded, 116)));
    expect(sentDigest).toMatchObject({ status: 'SENT', dedupeKey: null });
    // The next overflow starts a new digest.
    for (let i = 0; i < PER_RECIPIENT + 2; i++) await queueMailBounded(s.database.db, notice('flood@ops.test', 2000 + i), bounds);
    expect((await queued()).filter((r) => r.to === 'flood@ops.test' && r.folded > 0).length).toBeLessThanOrEqual(1);
  }, 120_000);
});
