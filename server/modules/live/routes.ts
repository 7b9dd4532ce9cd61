/**
 * `GET /sp/live?token=<token>`: the console's live-update stream (Server-Sent Events,
 * `text/event-stream`). The token rides in the query because EventSource cannot send headers.
 *
 * Forwards the bus events (server/bus.ts) the caller may see — administrators every company's,
 * company users their own company's, station managers those of their stations' chargers, gateways
 * and orders (checked against the database through the same scope as every query,
 * server/http/scope.ts) — as
 *   `event: charger` / `data: {"chargerId":1,"serialNum":"…","companyCode":"…","at":"…"}`
 *   `event: order`   / `data: {"orderId":1,"companyCode":"…","at":"…"}`
 *   `event: gateway` / `data: {"gatewayId":1,"serialNum":"…","companyCode":"…","at":"…"}`
 *   `event: notice`  / `data: {"type":"EVENT","eventId":1,"change":"opened","reopened":false,"companyCode":"…","at":"…"}`
 *                   or `data: {"type":"REPORT_TICKET","ticketNo":"RT…","change":"opened","companyCode":"…","at":"…"}`
 *     (the bell, requirements §2 navbar: an event opened, processed, ignored or recovered, or a new
 *     report ticket; events are scoped by their station like every other row, tickets are company-wide)
 * The console re-reads the record it shows. A comment line is sent at once (`: connected`) and
 * every 15 s (`: heartbeat`) so proxies keep the connection open and dead peers are noticed.
 * At each heartbeat the token is checked again: a signed-out, expired or deactivated session ends
 * the stream. Listeners and timers are removed when the client goes away or the server closes.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { BusEvents } from '../../bus.js';
import { authOf, type AuthContext } from '../../http/access.js';
import { isStationManager } from '../../http/scope.js';
import { resolveToken } from '../../auth/tokens.js';
import { fileAnswer } from '../../../domain/entities/api.js';

import { inScope, type LiveTopic } from './service.js';

export type { LiveTopic };

/** The `notice` frame of the bell: an event's change or a new report ticket. */
export type NoticeFrame =
  | { type: 'EVENT'; eventId: number; change: BusEvents['event']['change']; reopened: boolean; companyCode: string }
  | { type: 'REPORT_TICKET'; ticketNo: string; change: 'opened'; companyCode: string };

/** Heartbeat comment interval (ms). */
export const HEARTBEAT_MS = 15_000;

/** True when `auth` may see an event of company `companyCode`. */
export function canSeeCompany(auth: AuthContext, companyCode: string): boolean {
  return auth.isAdmin || auth.companyCode === companyCode;
}

/** One SSE frame. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const liveRoutes: FastifyPluginAsync = async (app) => {
  const open = new Set<() => void>();

  // End open streams before the server waits for its connections to drain.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/live',
    { schema: { tags: ['live'], response: { 200: fileAnswer('text/event-stream', 'Server-sent events: charger, connector and order changes') } } },
    async (req, reply) => {
      const auth = authOf(req);
      reply.hijack();
      const res: ServerResponse = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      res.write('retry: 5000\n: connected\n\n');

      const manager = isStationManager(auth);
      const forward =
        <K extends LiveTopic>(topic: K, idOf: (p: BusEvents[K]) => number) =>
        (payload: BusEvents[K]) => {
          if (!canSeeCompany(auth, payload.companyCode) || res.writableEnded) return;
          const send = () => {
            if (!res.writableEnded) res.write(sseFrame(topic, { ...payload, at: new Date().toISOString() }));
          };
          if (!manager) return send();
          inScope(app.db, auth, topic, idOf(payload)).then(
            (yes) => {
              if (yes) send();
            },
            (err: unknown) => req.log.warn({ err }, 'live: scope check failed'),
          );
        };
      const offCharger = app.bus.on(
        'charger',
        forward('charger', (p) => p.chargerId),
      );
      const offOrder = app.bus.on(
        'order',
        forward('order', (p) => p.orderId),
      );
      const offGateway = app.bus.on(
        'gateway',
        forward('gateway', (p) => p.gatewayId),
      );
      const notice = (frame: NoticeFrame) => {
        if (!res.writableEnded) res.write(sseFrame('notice', { ...frame, at: new Date().toISOString() }));
      };
      const offEvent = app.bus.on('event', (p) => {
        if (!canSeeCompany(auth, p.companyCode) || res.writableEnded) return;
        const frame: NoticeFrame = { type: 'EVENT', eventId: p.eventId, change: p.change, reopened: p.reopened ?? false, companyCode: p.companyCode };
        if (!manager) return notice(frame);
        inScope(app.db, auth, 'event', p.eventId).then(
          (yes) => {
            if (yes) notice(frame);
          },
          (err: unknown) => req.log.warn({ err }, 'live: scope check failed'),
        );
      });
      const offTicket = app.bus.on('ticket', (p) => {
        if (canSeeCompany(auth, p.companyCode)) notice({ type: 'REPORT_TICKET', ticketNo: p.ticketNo, change: 'opened', companyCode: p.companyCode });
      });
      const heartbeat = setInterval(() => {
        if (res.writableEnded) return;
        res.write(': heartbeat\n\n');
        resolveToken(app.db, auth.token).then(
          (row) => {
            if (!row) end();
          },
          () => undefined,
        );
      }, HEARTBEAT_MS);

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        offCharger();
        offOrder();
        offGateway();
        offEvent();
        offTicket();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      req.raw.on('close', end);
      res.on('close', end);
      res.on('error', end);
    },
  );
};

export default liveRoutes;
