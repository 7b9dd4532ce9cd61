/**
 * Report tickets and their images (requirements R3.17).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { storedFile } from './devices.js';
import { appUser } from './users.js';

/**
 * Report tickets (requirements R3.17): a problem an app user reported from the charging app.
 * `serialNum` is the ticket number (requirements R2.11); `status` OPEN → REPLIED → CLOSED (a reply
 * may follow a reply; a closed ticket takes no more). `language` is the reporter's, for the
 * reply's e-mail.
 */
export const reportTicket = pgTable(
  'report_ticket',
  {
    id: serial('id').primaryKey(),
    serialNum: text('serial_num').notNull(),
    companyCode: text('company_code').notNull(),
    appUserId: integer('app_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    nickname: text('nickname').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull().default('en'),
    status: text('status').notNull().default('OPEN'),
    replyText: text('reply_text'),
    repliedBy: text('replied_by'),
    replyTime: ts('reply_time'),
    closedBy: text('closed_by'),
    closeTime: ts('close_time'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_ticket_serial_num').on(t.serialNum),
    index('report_ticket_company_created').on(t.companyCode, t.createdAt),
    // The app user's ticket budget counts their tickets of the last day at every intake.
    index('report_ticket_app_user_created').on(t.appUserId, t.createdAt),
    check('report_ticket_status', sql`${t.status} in ('OPEN', 'REPLIED', 'CLOSED')`),
  ],
);

/** The images of a report ticket, in the order sent; the bytes live in `stored_file` (kind TICKET_IMAGE). */
export const reportTicketAttachment = pgTable(
  'report_ticket_attachment',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => reportTicket.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFile.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('report_ticket_attachment_ticket').on(t.ticketId)],
);
