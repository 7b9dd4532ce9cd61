/**
 * Report tickets (requirements R3.17, R2.11, §14): the app's intake (a ticket, its images kept in
 * `stored_file` as TICKET_IMAGE, and the REPORT_TICKET notice of the bell, in one transaction),
 * e-mails to the accounts whose notification settings ask for REPORT_TICKET by e-mail (queued in
 * the same transaction), the console's list / detail / reply / close in the caller's company scope (report tickets are
 * company-wide, like the app users they come from: docs/access-control.md), and the images served
 * back. Codes: 622 (empty subject or message), 623 (empty reply), 714 (an image not JPG/PNG by
 * content, or above 2 MB), 743 (closed ticket), 815 (unknown ticket or image), 709 / 725 (scope).
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account, reportTicket, reportTicketAttachment, role, storedFile, appUser } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, orderByOf, timeQuery, type PageQuery } from '../../http/paging.js';
import { assertFilterInScope, assertInScope, scopeWhere } from '../../http/scope.js';
import { uniqueViolation } from '../../db/pg-errors.js';
import {
  TICKET_IMAGE_MAX_BYTES,
  TICKET_IMAGE_MAX_PIXELS,
  TICKET_IMAGE_MAX_SIDE,
  type AppTicketRecord,
  type ReportTicketFilters,
  type ReportTicketIntakeInput,
  type ReportTicketRecord,
  type TicketAttachment,
} from '../../../domain/entities/report-ticket.js';
import type { Lang } from '../../../domain/errors.js';
import { companyInfo } from '../card-user/service.js';
import { recordNotice } from '../notifications/service.js';
import { storeFile } from '../files/index.js';
import { checkImage, type ImageLimits } from '../profile/index.js';
import { assertDecodes } from '../profile/index.js';
import { assertTicketBudget, lockAppUser, type TicketBudget } from './budget.js';
import { queueMail, queueMailBounded } from '../mail/index.js';
import type { OutboxBounds } from '../mail/index.js';
import { audienceColumns, offeredTo } from '../mail/index.js';
import { ticketOpenedMail, ticketReplyMail } from './mail.js';
import { DEFAULT_PREF, notificationPreferenceInput } from '../../../domain/entities/notification-preference.js';

type TicketRow = typeof reportTicket.$inferSelect;
type AppUserRow = typeof appUser.$inferSelect;

const SORTABLE = {
  id: reportTicket.id,
  serialNum: reportTicket.serialNum,
  nickname: reportTicket.nickname,
  email: reportTicket.email,
  subject: reportTicket.subject,
  status: reportTicket.status,
  createTime: reportTicket.createdAt,
  replyTime: reportTicket.replyTime,
} as const;

const ATTACHMENT_COLUMNS = {
  ticketId: reportTicketAttachment.ticketId,
  id: reportTicketAttachment.id,
  fileName: storedFile.fileName,
  contentType: storedFile.contentType,
  size: storedFile.size,
  width: reportTicketAttachment.width,
  height: reportTicketAttachment.height,
};

/** The images of tickets `ids`, in their order, by ticket. */
async function attachmentsOf(db: Db, ids: number[]): Promise<Map<number, TicketAttachment[]>> {
  const out = new Map<number, TicketAttachment[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select(ATTACHMENT_COLUMNS)
    .from(reportTicketAttachment)
    .innerJoin(storedFile, eq(storedFile.id, reportTicketAttachment.fileId))
    .where(inArray(reportTicketAttachment.ticketId, ids))
    .orderBy(asc(reportTicketAttachment.ticketId), asc(reportTicketAttachment.position));
  for (const { ticketId, ...a } of rows) out.set(ticketId, [...(out.get(ticketId) ?? []), a]);
  return out;
}

/** Row → JSON (requirements R3.17 names; `createTime` is the intake time). */
function toJson(r: TicketRow, attachments: TicketAttachment[], companyName: string | null, ownEmail: string | null): ReportTicketRecord {
  return {
    id: r.id,
    serialNum: r.serialNum,
    companyCode: r.companyCode,
    companyName,
    appUserId: r.appUserId,
    nickname: r.nickname,
    email: r.email,
    replyEmail: ownEmail ?? r.email,
    emailVerified: !!ownEmail,
    subject: r.subject,
    message: r.message,
    language: r.language === 'zh' ? 'zh' : 'en',
    status: r.status as ReportTicketRecord['status'],
    attachments,
    replyText: r.replyText,
    repliedBy: r.repliedBy,
    replyTime: r.replyTime?.toISOString() ?? null,
    closedBy: r.closedBy,
    closeTime: r.closeTime?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
  };
}

/**
 * The app users' own addresses (their account's, counted as verified) of `ids`, by user; a user
 * without one is absent. A reply goes there (requirements R14.14).
 */
async function ownEmails(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const known = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!known.length) return new Map();
  const rows = await db.select({ id: appUser.id, email: appUser.email }).from(appUser).where(inArray(appUser.id, known));
  return new Map(rows.filter((r) => !!r.email?.trim()).map((r) => [r.id, r.email!.trim()]));
}

async function enrich(db: Db, rows: TicketRow[]): Promise<ReportTicketRecord[]> {
  const [files, info, own] = await Promise.all([
    attachmentsOf(
      db,
      rows.map((r) => r.id),
    ),
    companyInfo(
      db,
      rows.map((r) => r.companyCode),
    ),
    ownEmails(
      db,
      rows.map((r) => r.appUserId),
    ),
  ]);
  return rows.map((r) => toJson(r, files.get(r.id) ?? [], info.get(r.companyCode)?.name ?? null, r.appUserId === null ? null : (own.get(r.appUserId) ?? null)));
}

/** A time filter of the list; a value that is not a time → 715. */
function timeOf(v: string | undefined): Date | undefined {
  if (!v) return undefined;
  const parsed = timeQuery.safeParse(v);
  if (!parsed.success) throw new AppError(715);
  return parsed.data;
}

/** `GET /sp/report-ticket`: the caller's tickets, newest first unless sorted, with their filters. */
export async function listTickets(db: Db, auth: AuthContext, q: PageQuery & ReportTicketFilters): Promise<{ records: ReportTicketRecord[]; total: number }> {
  assertFilterInScope(auth, { companyCode: q.companyCode });
  const from = timeOf(q.startTime);
  const to = timeOf(q.endTime);
  if (from && to && from > to) throw new AppError(715);
  const term = q.q ? likeTerm(q.q) : undefined;
  const where = and(
    scopeWhere(auth, reportTicket),
    q.serialNum ? ilike(reportTicket.serialNum, likeTerm(q.serialNum)) : undefined,
    q.status ? eq(reportTicket.status, q.status) : undefined,
    q.companyCode ? eq(reportTicket.companyCode, q.companyCode) : undefined,
    from ? gte(reportTicket.createdAt, from) : undefined,
    to ? lt(reportTicket.createdAt, to) : undefined,
    term
      ? or(ilike(reportTicket.nickname, term), ilike(reportTicket.email, term), ilike(reportTicket.subject, term), ilike(reportTicket.message, term))
      : undefined,
  );
  const { limit, offset } = limitOffset(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(reportTicket)
      .where(where)
      .orderBy(...orderByOf(q, SORTABLE, { fallback: reportTicket.createdAt, order: 'desc', sortedOrder: 'asc', tieBreak: reportTicket.id, tieOrder: 'desc' }))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reportTicket).where(where),
  ]);
  return { records: await enrich(db, rows), total: Number(n) };
}

async function loadTicket(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write'): Promise<TicketRow> {
  const [row] = await db.select().from(reportTicket).where(eq(reportTicket.id, id));
  if (!row) throw new AppError(815);
  assertInScope(auth, reportTicket, row, mode);
  return row;
}

/** `GET /sp/report-ticket/{id}`: 815 unknown, 709 another company's. */
export async function getTicket(db: Db, auth: AuthContext, id: number): Promise<ReportTicketRecord> {
  return (await enrich(db, [await loadTicket(db, auth, id, 'read')]))[0];
}

/**
 * `POST /sp/report-ticket/{id}/reply`: keeps the reply, sets REPLIED and queues its e-mail to the
 * reporter in their language, in one transaction (a reply that cannot be queued is not kept).
 * The mail goes to the app user's own address when they have one (requirements R14.14); to the
 * address typed into the ticket only with `toUnverified` (784 naming `email` without it).
 * 743 when the ticket is closed (also when it closed meanwhile).
 */
export async function replyTicket(db: Db, auth: AuthContext, id: number, replyText: string, toUnverified = false): Promise<ReportTicketRecord> {
  const row = await loadTicket(db, auth, id, 'write');
  if (row.status === 'CLOSED') throw new AppError(743);
  const own = row.appUserId === null ? undefined : (await ownEmails(db, [row.appUserId])).get(row.appUserId);
  if (!own && !toUnverified) throw new AppError(784, 'email');
  const to = own ?? row.email;
  const info = (await companyInfo(db, [row.companyCode])).get(row.companyCode);
  await db.transaction(async (tx) => {
    const at = new Date();
    const done = await tx
      .update(reportTicket)
      .set({ status: 'REPLIED', replyText, repliedBy: auth.username, replyTime: at })
      .where(and(eq(reportTicket.id, id), ne(reportTicket.status, 'CLOSED')))
      .returning({ id: reportTicket.id });
    if (done.length === 0) throw new AppError(743);
    await queueMail(
      tx as unknown as Db,
      ticketReplyMail({
        to,
        language: row.language === 'zh' ? 'zh' : 'en',
        serialNum: row.serialNum,
        nickname: row.nickname,
        subject: row.subject,
        message: row.message,
        replyText,
        companyName: info?.name ?? row.companyCode,
        createdAt: row.createdAt,
      }),
      { companyCode: row.companyCode },
    );
  });
  return getTicket(db, auth, id);
}

/** `POST /sp/report-ticket/{id}/close`: CLOSED for good; 743 when it already is. */
export async function closeTicket(db: Db, auth: AuthContext, id: number): Promise<ReportTicketRecord> {
  await loadTicket(db, auth, id, 'write');
  const done = await db
    .update(reportTicket)
    .set({ status: 'CLOSED', closedBy: auth.username, closeTime: new Date() })
    .where(and(eq(reportTicket.id, id), ne(reportTicket.status, 'CLOSED')))
    .returning({ id: reportTicket.id });
  if (done.length === 0) throw new AppError(743);
  return getTicket(db, auth, id);
}

/** The bytes and type of image `attachmentId` of ticket `id` (scope checked): 815 when either is unknown. */
export async function ticketImage(
  db: Db,
  auth: AuthContext,
  id: number,
  attachmentId: number,
): Promise<{ content: Buffer; contentType: string; sha256: string }> {
  await loadTicket(db, auth, id, 'read');
  const [row] = await db
    .select({ content: storedFile.content, contentType: storedFile.contentType, sha256: storedFile.sha256 })
    .from(reportTicketAttachment)
    .innerJoin(storedFile, eq(storedFile.id, reportTicketAttachment.fileId))
    .where(and(eq(reportTicketAttachment.id, attachmentId), eq(reportTicketAttachment.ticketId, id)));
  if (!row) throw new AppError(815);
  return { ...row, content: Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content) };
}

/** A ticket number: `RT`, the UTC day and six random digits (`RT20240611042817`). */
export function newTicketNumber(at: Date): string {
  return `RT${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** A ticket image's limits: the avatar's checks with the ticket's size and pixel limits (782 beyond the pixels). */
const TICKET_IMAGE_LIMITS: ImageLimits = {
  maxBytes: TICKET_IMAGE_MAX_BYTES,
  maxWidth: TICKET_IMAGE_MAX_SIDE,
  maxHeight: TICKET_IMAGE_MAX_SIDE,
  maxPixels: TICKET_IMAGE_MAX_PIXELS,
  pixelCode: 782,
};

/** The header check alone of image `n` (714 / 782 naming `attachments.<n>`), before any decoding. */
function checkImageHeader(content: Buffer, n: number): void {
  try {
    checkImage(content, TICKET_IMAGE_LIMITS);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, `attachments.${n}`);
    throw e;
  }
}

/**
 * A checked image of the intake: its bytes and header facts. 714 (not JPG/PNG by content, above
 * 2 MB), 782 (too many pixels), 783 (does not decode whole), 785 (too many images waiting for the
 * decoder), each naming `attachments.<n>`.
 */
async function checkedImage(content: Buffer, n: number) {
  const field = `attachments.${n}`;
  try {
    const info = checkImage(content, TICKET_IMAGE_LIMITS);
    await assertDecodes(content, info, field);
    return { content, info };
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, field);
    throw e;
  }
}

/**
 * The addresses told of a new ticket of `companyCode` (requirements R3.24 notification settings): every
 * active account of the company (report tickets are company-wide, station managers included) and
 * the platform administrators whose preference is on, by e-mail (EMAIL or BOTH), and lists
 * REPORT_TICKET, and whose menus offer it (the report tickets page, read from the role now:
 * ../mail/audience.ts); each address once, in the first such account's language.
 */
async function ticketSubscribers(db: Db, companyCode: string): Promise<Map<string, 'en' | 'zh'>> {
  const rows = await db
    .select({ ...audienceColumns, pref: account.notificationPreference })
    .from(account)
    .leftJoin(role, eq(role.id, account.roleId))
    .where(and(eq(account.active, true), or(eq(account.companyCode, companyCode), isNull(account.companyCode))));
  const to = new Map<string, 'en' | 'zh'>();
  for (const a of rows) {
    if (a.companyCode === null && a.userType !== 'ADMIN') continue;
    const parsed = notificationPreferenceInput.safeParse({ ...DEFAULT_PREF, ...(a.pref ?? {}) });
    const pref = parsed.success ? parsed.data : DEFAULT_PREF;
    if (!pref.enabled || pref.method === 'IN_APP' || !pref.events.includes('REPORT_TICKET')) continue;
    if (!offeredTo(a).includes('REPORT_TICKET')) continue; // its menus no longer show tickets
    for (const address of pref.emails) if (!to.has(address.toLowerCase())) to.set(address.toLowerCase(), pref.language);
  }
  return to;
}

/** What the app sees of a ticket. */
function toAppJson(r: TicketRow, attachmentCount: number): AppTicketRecord {
  return {
    serialNum: r.serialNum,
    subject: r.subject,
    message: r.message,
    status: r.status as AppTicketRecord['status'],
    replyText: r.replyText,
    replyTime: r.replyTime?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
    attachmentCount,
  };
}

/**
 * `POST /app/report-ticket`: app user `user` reports a problem. The user's budget (./budget.ts:
 * 780 / 781) is checked before the images are decoded and again under a lock on the user's row
 * inside the transaction; every image is checked before anything is written; the ticket, its
 * images and its REPORT_TICKET notice (for the user's company) are one transaction. `lang` is the
 * request's language when the body names none. The mails to subscribed accounts are queued within
 * the outbox's bounds (`limits.outbox`).
 */
export async function createTicket(
  db: Db,
  user: AppUserRow,
  input: ReportTicketIntakeInput,
  lang: Lang,
  limits: { budget?: TicketBudget; outbox?: OutboxBounds } = {},
  at = new Date(),
): Promise<AppTicketRecord> {
  const budget = limits.budget ?? { maxPerHour: 0, maxBytesPerDay: 0 };
  const outbox = limits.outbox ?? { perRecipient: 0, total: 0 };
  const contents = input.attachments.map((a) => Buffer.from(a.data, 'base64'));
  const newBytes = contents.reduce((sum, c) => sum + c.length, 0);
  await assertTicketBudget(db, user.id, newBytes, budget, at);
  // Every header first (cheap), then the decode checks one after another (./profile/image-decode.ts).
  for (const [i, c] of contents.entries()) checkImageHeader(c, i);
  const images: (Awaited<ReturnType<typeof checkedImage>> & { fileName: string })[] = [];
  for (const [i, c] of contents.entries()) images.push({ ...(await checkedImage(c, i)), fileName: input.attachments[i]!.fileName || `image-${i + 1}` });
  const email = input.email || user.email;
  if (!email) throw new AppError(622, 'email');
  const nickname = input.nickname || user.nickname;
  for (let attempt = 0; ; attempt++) {
    const serialNum = newTicketNumber(at);
    try {
      return await db.transaction(async (tx) => {
        const tdb = tx as unknown as Db;
        await lockAppUser(tdb, user.id);
        await assertTicketBudget(tdb, user.id, newBytes, budget, at);
        const [row] = await tx
          .insert(reportTicket)
          .values({
            serialNum,
            companyCode: user.companyCode,
            appUserId: user.id,
            nickname,
            email,
            subject: input.subject,
            message: input.message,
            language: input.language ?? lang,
            createdAt: at,
          })
          .returning();
        for (const [position, img] of images.entries()) {
          const ext = img.info.type === 'png' ? 'png' : 'jpg';
          const name = /\.(png|jpe?g)$/i.test(img.fileName) ? img.fileName : `${img.fileName}.${ext}`;
          const file = await storeFile(tdb, {
            kind: 'TICKET_IMAGE',
            companyCode: user.companyCode,
            fileName: name,
            content: img.content,
            contentType: img.info.type === 'png' ? 'image/png' : 'image/jpeg',
            createdBy: `app:${user.id}`,
          });
          await tx.insert(reportTicketAttachment).values({ ticketId: row.id, fileId: file.id, position, width: img.info.width, height: img.info.height });
        }
        await recordNotice(tdb, {
          companyCode: user.companyCode,
          notice: { kind: 'REPORT_TICKET', params: { subject: input.subject, nickname } },
          userName: nickname,
          ticketNo: serialNum,
          at,
        });
        for (const [to, language] of await ticketSubscribers(tdb, user.companyCode)) {
          await queueMailBounded(
            tdb,
            ticketOpenedMail({
              to,
              language,
              serialNum,
              nickname,
              email,
              subject: input.subject,
              message: input.message,
              attachments: images.length,
              createdAt: at,
            }),
            outbox,
            { dedupeKey: `ticket:${serialNum}:${to}`, companyCode: user.companyCode },
          );
        }
        return toAppJson(row, images.length);
      });
    } catch (e) {
      if (attempt < 3 && uniqueViolation(e) === 'report_ticket_serial_num') continue;
      throw e;
    }
  }
}

/** `GET /app/report-ticket`: the app user's own tickets, newest first (at most 100). */
export async function ownTickets(db: Db, user: AppUserRow): Promise<AppTicketRecord[]> {
  const rows = await db
    .select()
    .from(reportTicket)
    .where(eq(reportTicket.appUserId, user.id))
    .orderBy(desc(reportTicket.createdAt), desc(reportTicket.id))
    .limit(100);
  const counts = rows.length
    ? await db
        .select({ id: reportTicketAttachment.ticketId, n: count() })
        .from(reportTicketAttachment)
        .where(
          inArray(
            reportTicketAttachment.ticketId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(reportTicketAttachment.ticketId)
    : [];
  const byId = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((r) => toAppJson(r, byId.get(r.id) ?? 0));
}
