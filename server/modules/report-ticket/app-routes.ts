/**
 * The charging app's calls (`/app/*`, outside the console's `/sp` tree; requirements §14 report
 * tickets), each as the app user of its bearer token (`POST /sp/app-user/{id}/app-token`; 745 when
 * the token is missing, unknown, expired or revoked, or the user is deactivated):
 * - `POST /app/report-ticket` `{ subject, message, email?, nickname?, language?, attachments: [{ fileName?, data (base64) }] }`
 *   → the new ticket (`serialNum`…): 622 subject / message empty (or no e-mail at all), 744 more
 *   than 5 images, 714 an image that is not JPG/PNG by content or above 2 MB, 782 above 16
 *   megapixels or 8192 pixels a side, 783 an image that does not decode (naming
 *   `attachments.<n>`), 780 / 781 the user's hourly tickets or daily image bytes spent (HTTP 429),
 *   400 a NUL in any text; nothing is stored when refused. The ticket becomes a REPORT_TICKET
 *   notice of the bell.
 * - `GET /app/report-ticket` → the user's own tickets with their status and reply.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answersWith, failureEnvelope } from '../../../domain/entities/api.js';
import { appTicketRecord, reportTicketIntake, TICKET_IMAGE_MAX_BYTES, TICKET_MAX_ATTACHMENTS } from '../../../domain/entities/report-ticket.js';
import type { appUser } from '../../db/schema.js';
import { langOf, ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { resolveAppToken } from '../../auth/app-tokens.js';
import { registerNulGuard } from '../../http/nul-guard.js';
import { createTicket, ownTickets } from './service.js';

type AppUserRow = typeof appUser.$inferSelect;

/** Body limit of the intake: every image at its limit, in base64, with room for the text. */
const INTAKE_BODY_LIMIT = Math.ceil((TICKET_MAX_ATTACHMENTS * TICKET_IMAGE_MAX_BYTES * 4) / 3) + 256 * 1024;

const appUsers = new WeakMap<FastifyRequest, AppUserRow>();

/** The app user of a request that passed the hook. */
function appUserOf(req: FastifyRequest): AppUserRow {
  const user = appUsers.get(req);
  if (!user) throw new AppError(745);
  return user;
}

const appRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRoute', (route) => {
    if (route.schema?.response && typeof route.schema.response === 'object') {
      route.schema.response = { '4xx': failureEnvelope, '5xx': failureEnvelope, ...(route.schema.response as object) };
    }
  });
  app.addHook('onRequest', async (req) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const user = m ? await resolveAppToken(app.db, m[1]) : undefined;
    if (!user) throw new AppError(745);
    appUsers.set(req, user);
  });
  // A NUL in any text of the app's bodies is the caller's mistake (400 naming the field), refused
  // before it reaches the database, where it failed as 706 and was logged with the reporter's data.
  registerNulGuard(app);
  const tags = ['app'];
  const security = [{ bearer: [] }];

  r.post(
    '/report-ticket',
    {
      bodyLimit: INTAKE_BODY_LIMIT,
      schema: { tags, security, body: reportTicketIntake, response: answersWith(appTicketRecord) },
    },
    async (req) => {
      const user = appUserOf(req);
      const ticket = await createTicket(app.db, user, req.body, langOf(req), {
        budget: { maxPerHour: app.config.ticketMaxPerHour, maxBytesPerDay: app.config.ticketMaxBytesPerDay },
        outbox: { perRecipient: app.config.mailMaxQueuedPerRecipient, total: app.config.mailOutboxMax },
      });
      // The console's bell hears of it at once (server/modules/live).
      app.bus.emit('ticket', { ticketNo: ticket.serialNum, companyCode: user.companyCode });
      return ok(req, ticket);
    },
  );

  r.get('/report-ticket', { schema: { tags, security, response: answersWith(z.array(appTicketRecord)) } }, async (req) =>
    ok(req, await ownTickets(app.db, appUserOf(req))),
  );
};

export default appRoutes;
