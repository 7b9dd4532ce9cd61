/**
 * Mail (requirements R2.46–R2.50): the outbox worker and the event-notice subscriber start with
 * the server; `GET /sp/mail/status` (every signed-in user) answers whether mail leaves (`SMTP_URL`
 * set) and how many messages of the caller's company wait or were given up (all companies' for a
 * platform administrator), for the console's "mail is off" notice.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { authOf } from '../../http/access.js';
import { answersWith } from '../../../domain/entities/api.js';
import { mailStatus } from '../../../domain/entities/notification-preference.js';
import { outboxCounts } from './outbox.js';
import { scheduleMailWorker } from './worker.js';
import { subscribeEventMail } from './notify.js';

const mailRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  scheduleMailWorker(app);
  subscribeEventMail(app);
  r.get('/mail/status', { config: { scope: 'own' }, schema: { tags: ['mail'], response: answersWith(mailStatus) } }, async (req) =>
    ok(req, { enabled: !!app.config.smtpUrl, ...(await outboxCounts(app.db, authOf(req))) }),
  );
};

export default mailRoutes;
