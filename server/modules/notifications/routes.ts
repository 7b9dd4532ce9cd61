/**
 * GET /sp/notifications (spec §7): the caller's latest notifications (events and report tickets)
 * for the navbar bell, newest first, at most 50; the server's own notices in the caller's
 * language (`content.ts`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { desc } from 'drizzle-orm';
import { notification } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { langOf, ok } from '../../http/envelope.js';
import { scopeWhere } from '../../http/scope.js';
import { localizeNotice } from './content.js';

const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/notifications', { schema: { tags: ['notifications'] } }, async (req) => {
    const auth = authOf(req);
    const lang = langOf(req);
    const rows = await app.db
      .select()
      .from(notification)
      .where(scopeWhere(auth, notification))
      .orderBy(desc(notification.createdAt))
      .limit(50);
    return ok(req, rows.map((n) => ({
      id: n.id,
      systemNotificationType: n.systemNotificationType,
      content: localizeNotice(n.content, lang),
      createTimeStamp: n.createdAt.toISOString(),
      userName: n.userName,
      ticketNo: n.ticketNo,
      serialNum: n.serialNum,
      eventStatus: n.eventStatus,
    })));
  });
};

export default notificationRoutes;
