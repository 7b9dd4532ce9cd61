/**
 * The navbar bell (requirements §7, §3 "Notification"; any signed-in user, own company):
 * - `GET /sp/notifications?tab=all|events|problems&page=1&size=50` — the spec's array of
 *   notifications, newest repeat first, in the caller's language, each with its `kind`, `params`,
 *   repeat `count`, `lastTimeStamp` and `read` state. Without parameters: the latest 50 of all.
 * - `GET /sp/notifications/summary` — `{ all, events, problems }` each `{ total, unread }`.
 * - `POST /sp/notifications/read` `{ ids: number[] }` or `{ all: true }` — marks read for the
 *   caller; answers the new summary. A bad body → 400.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTICE_TABS, type NoticeTab } from '../../../domain/notices.js';
import { authOf } from '../../http/access.js';
import { langOf, ok } from '../../http/envelope.js';
import { answersWith } from '../../../domain/entities/api.js';
import { listNotices, markRead, noticeSummary } from './service.js';

const listQuery = z.object({
  tab: z.enum(NOTICE_TABS as [NoticeTab, ...NoticeTab[]]).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

const readBody = z.union([z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }), z.object({ all: z.literal(true) })]);

const iso = z.string().describe('ISO-8601 UTC time');
const item = z.object({
  id: z.number().int(),
  systemNotificationType: z.string(),
  kind: z.string().describe('domain/notices.ts kind'),
  params: z.record(z.string(), z.unknown()),
  content: z.string().describe("the notice in the caller's language"),
  createTimeStamp: iso,
  lastTimeStamp: iso,
  count: z.number().int(),
  read: z.boolean(),
  userName: z.string().nullable(),
  ticketNo: z.string().nullable(),
  serialNum: z.string().nullable(),
  eventStatus: z.string().nullable(),
  chargerId: z.number().int().nullable().describe('the charger the notice is about'),
  orderId: z.number().int().nullable().describe('the unpaid order'),
  eventId: z.number().int().nullable().describe('the event an EVENT notice announces'),
});
const tabCount = z.object({ total: z.number().int(), unread: z.number().int() });
const summary = z.object({ all: tabCount, events: tabCount, problems: tabCount });

const notificationRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/notifications', { schema: { tags: ['notifications'], querystring: listQuery, response: answersWith(z.array(item)) } }, async (req) =>
    ok(req, await listNotices(app.db, authOf(req), langOf(req), req.query)),
  );
  r.get('/notifications/summary', { schema: { tags: ['notifications'], response: answersWith(summary) } }, async (req) =>
    ok(req, await noticeSummary(app.db, authOf(req))),
  );
  r.post('/notifications/read', { schema: { tags: ['notifications'], body: readBody, response: answersWith(summary) } }, async (req) => {
    const auth = authOf(req);
    await markRead(app.db, auth, 'ids' in req.body ? { ids: req.body.ids } : 'all');
    return ok(req, await noticeSummary(app.db, auth));
  });
};

export default notificationRoutes;
