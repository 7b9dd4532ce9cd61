/**
 * `/sp/home-app-user` and `/sp/home-order` (permission `menu:homestations:appusers`; requirements §3,
 * §16): home app users (list, share a charger with family or a guest, withdraw an access, a user's
 * home orders) and the home orders with their start type.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answersWith, idParams, noData, pageOf } from '../../../domain/entities/api.js';
import { homeMemberCreate, homeMemberFilters, homeMemberRecord, homeOrderFilters, homeOrderRecord } from '../../../domain/entities/home-member.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { pageQuery } from '../../http/paging.js';
import { listHomeOrders, listMembers, loadMember, shareHomeCharger, unshare } from './service.js';

const PERMISSION = PERMISSIONS.homeStations.appUsers;
const tags = ['home-app-user'];

const homeAppUserRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/home-app-user',
    {
      config: { permission: PERMISSION },
      schema: { tags, querystring: pageQuery.extend(homeMemberFilters.shape), response: answersWith(pageOf(homeMemberRecord)) },
    },
    async (req) => ok(req, await listMembers(db, authOf(req), req.query)),
  );

  r.get(
    '/home-app-user/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(homeMemberRecord) },
    },
    async (req) => {
      const m = await loadMember(db, authOf(req), req.params.id, 'read');
      const page = await listMembers(db, authOf(req), { page: 1, size: 500, homeChargerId: m.homeChargerId });
      const rec = page.records.find((x) => x.id === m.id);
      if (!rec) throw new AppError(803);
      return ok(req, rec);
    },
  );

  r.post(
    '/home-app-user',
    {
      config: { permission: PERMISSION },
      schema: { tags, body: homeMemberCreate, response: answersWith(homeMemberRecord) },
    },
    async (req) => {
      const auth = authOf(req);
      const id = await shareHomeCharger(db, auth, req.body);
      const page = await listMembers(db, auth, { page: 1, size: 500, homeChargerId: req.body.homeChargerId });
      return ok(req, page.records.find((x) => x.id === id)!);
    },
  );

  r.delete(
    '/home-app-user/:id',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, response: answersWith(noData) },
    },
    async (req) => {
      await unshare(db, authOf(req), req.params.id);
      return ok(req, null);
    },
  );

  r.get(
    '/home-app-user/:id/orders',
    {
      config: { permission: PERMISSION },
      schema: { tags, params: idParams, querystring: pageQuery, response: answersWith(pageOf(homeOrderRecord)) },
    },
    async (req) => {
      const auth = authOf(req);
      const m = await loadMember(db, auth, req.params.id, 'read');
      return ok(req, await listHomeOrders(db, auth, { ...req.query, appUserId: m.appUserId, homeChargerId: m.homeChargerId }));
    },
  );

  r.get(
    '/home-order',
    {
      config: { permission: PERMISSION },
      schema: { tags: ['home-order'], querystring: pageQuery.extend(homeOrderFilters.shape), response: answersWith(pageOf(homeOrderRecord)) },
    },
    async (req) => ok(req, await listHomeOrders(db, authOf(req), req.query)),
  );
};

export default homeAppUserRoutes;
