/**
 * Report tickets in the console (`/sp/report-ticket`, permission `menu:reporttickets`;
 * requirements R2.11, R3.17, §14):
 * - `GET /sp/report-ticket?serialNum&q&status&companyCode&startTime&endTime&page&size&sort&order`
 *   → `{ records, total }` (newest first by default);
 * - `GET /sp/report-ticket/{id}`; `GET /sp/report-ticket/{id}/attachment/{attachmentId}` → the image;
 * - `POST /sp/report-ticket/{id}/reply` `{ replyText, toUnverified? }` (623 empty; e-mailed to the
 *   app user's own address, or with `toUnverified` to the one typed into the ticket, 784 without
 *   it) → the ticket, REPLIED; `POST /sp/report-ticket/{id}/close` → the ticket, CLOSED (743 when closed).
 * And `POST /sp/app-user/{id}/app-token` (permission `menu:chargerusers:appusers`): a bearer token
 * for the charging app's calls as that user (`/app/*`, ./app-routes.ts), shown once.
 * Codes: 815 unknown ticket or image, 709 / 725 another company's, 803 unknown app user.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answersWith, fileAnswer, idParams, pageOf } from '../../../domain/entities/api.js';
import { appTokenAnswer, reportTicketFilters, reportTicketRecord, reportTicketReply } from '../../../domain/entities/report-ticket.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { pageQuery } from '../../http/paging.js';
import { issueAppToken } from '../../auth/app-tokens.js';
import { loadAppUser } from '../app-user/service.js';
import { closeTicket, getTicket, listTickets, replyTicket, ticketImage } from './service.js';

const permission = PERMISSIONS.reportTickets;
const listQuery = pageQuery.extend(reportTicketFilters.shape);
const attachmentParams = idParams.extend({ attachmentId: z.coerce.number().int().positive().max(2_147_483_647) });

const reportTicketRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['report-ticket'];
  const config = { permission };

  r.get('/report-ticket', { config, schema: { tags, querystring: listQuery, response: answersWith(pageOf(reportTicketRecord)) } }, async (req) =>
    ok(req, await listTickets(app.db, authOf(req), req.query)),
  );

  r.get('/report-ticket/:id', { config, schema: { tags, params: idParams, response: answersWith(reportTicketRecord) } }, async (req) =>
    ok(req, await getTicket(app.db, authOf(req), req.params.id)),
  );

  r.get(
    '/report-ticket/:id/attachment/:attachmentId',
    {
      config,
      schema: { tags, params: attachmentParams, response: { 200: fileAnswer('image/*', 'The image as the app sent it') } },
    },
    async (req, reply) => {
      const img = await ticketImage(app.db, authOf(req), req.params.id, req.params.attachmentId);
      return reply.header('Cache-Control', 'private, max-age=3600').header('ETag', `"${img.sha256}"`).type(img.contentType).send(img.content);
    },
  );

  r.post(
    '/report-ticket/:id/reply',
    { config, schema: { tags, params: idParams, body: reportTicketReply, response: answersWith(reportTicketRecord) } },
    async (req) => ok(req, await replyTicket(app.db, authOf(req), req.params.id, req.body.replyText, req.body.toUnverified === true)),
  );

  r.post('/report-ticket/:id/close', { config, schema: { tags, params: idParams, response: answersWith(reportTicketRecord) } }, async (req) =>
    ok(req, await closeTicket(app.db, authOf(req), req.params.id)),
  );

  r.post(
    '/app-user/:id/app-token',
    {
      config: { permission: PERMISSIONS.chargerUsers.appUsers },
      schema: { tags: ['app-user'], params: idParams, response: answersWith(appTokenAnswer) },
    },
    async (req) => {
      const auth = authOf(req);
      const user = await loadAppUser(app.db, auth, req.params.id, 'write');
      const { token, expiresAt } = await issueAppToken(app.db, user.id);
      return ok(req, { token, expiresAt: expiresAt.toISOString() });
    },
  );
};

export default reportTicketRoutes;
