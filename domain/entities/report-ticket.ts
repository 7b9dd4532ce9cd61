/**
 * Report ticket (requirements R3.17, R2.11, §14): a problem a user of the charging app reports, with
 * its images, and the operator's answer. Fields: ticket no (`serialNum`), nickname, email,
 * subject, message, attachments, create time; status OPEN → REPLIED (a reply, e-mailed to the
 * user in their language; another reply may follow) → CLOSED (takes nothing more: 743).
 *
 * A reply goes to the app user's own address (the one of their account: verified); only when they
 * have none does it go to the address typed into the ticket, after the operator confirmed (784).
 *
 * Inputs and codes: the app's intake (subject and message required → 622 naming the field; at
 * most {@link TICKET_MAX_ATTACHMENTS} images → 744; each a JPG or PNG by content, at most 2 MB → 714,
 * at most {@link TICKET_IMAGE_MAX_PIXELS} pixels and {@link TICKET_IMAGE_MAX_SIDE} a side → 782, and
 * decoding whole → 783, each naming `attachments.<n>`; the app user's budgets → 780 / 781); the console's reply (text required → 623); an unknown ticket → 815;
 * another company's → 709 (read) / 725 (write); a bad or expired app token → 745.
 */
import { z } from 'zod';
import { reportTicket } from '../../db/tables/tickets.js';
import { int, isoTime, ofCompany } from './api.js';
import { optionalText, requiredText } from './rules.js';
import { storedRecord } from './stored.js';

/** Ticket statuses, in their order of life. */
export const TICKET_STATUSES = ['OPEN', 'REPLIED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Most images one ticket carries (744 beyond). */
export const TICKET_MAX_ATTACHMENTS = 5;
/** Most bytes of one image (the avatar's limit, requirements §5: 2 MB; 714 beyond). */
export const TICKET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Most pixels a side and in all of one image (782 beyond; a phone photo of 12 MP fits). */
export const TICKET_IMAGE_MAX_SIDE = 8192;
export const TICKET_IMAGE_MAX_PIXELS = 16_000_000;
/** Text limits. */
export const TICKET_SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MAX = 4000;
export const TICKET_REPLY_MAX = 4000;

/** One image of a ticket: `GET /sp/report-ticket/{id}/attachment/{attachmentId}` serves it. */
export const ticketAttachment = z.object({
  id: int,
  fileName: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: int,
  width: int,
  height: int,
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

/**
 * A ticket of `GET /sp/report-ticket` and `GET /sp/report-ticket/{id}`: the row of `report_ticket`
 * (db/tables/tickets.ts; `serialNum` the ticket number of requirements R2.11, `email` the address
 * the reporter typed or their account's, `language` the reporter's, for the reply's e-mail) with
 * its company's name, where a reply goes, its images and its creation time as `createTime`.
 */
export const reportTicketRecord = storedRecord(reportTicket)
  .omit({ createdAt: true })
  .extend({
    language: z.enum(['en', 'zh']),
    status: z.enum(TICKET_STATUSES),
    companyName: ofCompany.companyName,
    /** Where a reply goes: the app user's own address when they have one (verified), else `email`. */
    replyEmail: z.string(),
    /** False when the reply would go to an address typed into the ticket only: replying asks first (784). */
    emailVerified: z.boolean(),
    attachments: z.array(ticketAttachment),
    createTime: isoTime,
  });
export type ReportTicketRecord = z.infer<typeof reportTicketRecord>;

/** `GET /sp/report-ticket` filters (with the page query): the ticket number, a search, status, company, created from / to. */
export const reportTicketFilters = z.object({
  serialNum: z.string().trim().max(64).optional(),
  /** Nickname, e-mail, subject or message. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  companyCode: z.string().max(64).optional(),
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
});
export type ReportTicketFilters = z.infer<typeof reportTicketFilters>;

/**
 * `POST /sp/report-ticket/{id}/reply`: the answer, e-mailed to the user (623 when empty);
 * `toUnverified` confirms sending it to an unverified address (784 without it).
 */
export const reportTicketReply = z.object({
  replyText: requiredText(623, TICKET_REPLY_MAX),
  toUnverified: z.boolean().optional(),
});
export type ReportTicketReplyInput = z.infer<typeof reportTicketReply>;

/** One image sent with a ticket: its file name and its bytes in base64. */
export const ticketImageInput = z.object({
  fileName: z.string().trim().max(200).optional(),
  /** Base64 (standard or URL-safe) of a JPG or PNG. */
  data: z.string().max(Math.ceil((TICKET_IMAGE_MAX_BYTES * 4) / 3) + 64, { error: 'catalogue.714' }),
});

/**
 * `POST /app/report-ticket` (the charging app, as the signed-in app user): subject and message
 * (622), optional images; nickname and e-mail default to the app user's, the language to the
 * request's `Accept-Language`.
 */
export const reportTicketIntake = z.object({
  subject: requiredText(622, TICKET_SUBJECT_MAX),
  message: requiredText(622, TICKET_MESSAGE_MAX),
  email: z.union([z.email({ error: 'validation.email' }).trim().max(254), z.literal(''), z.null()]).optional(),
  nickname: optionalText(100),
  language: z.enum(['en', 'zh']).optional(),
  attachments: z.array(ticketImageInput).max(TICKET_MAX_ATTACHMENTS, { error: 'catalogue.744' }).default([]),
});
export type ReportTicketIntakeInput = z.infer<typeof reportTicketIntake>;

/** What the app sees of its own tickets (`GET /app/report-ticket`, `POST` answer). */
export const appTicketRecord = reportTicketRecord
  .pick({
    serialNum: true,
    subject: true,
    message: true,
    status: true,
    replyText: true,
    replyTime: true,
    createTime: true,
  })
  .extend({ attachmentCount: int });
export type AppTicketRecord = z.infer<typeof appTicketRecord>;

/** `POST /sp/app-user/{id}/app-token`: a bearer token for the charging app, shown once. */
export const appTokenAnswer = z.object({ token: z.string(), expiresAt: isoTime });
