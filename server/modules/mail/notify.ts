/**
 * Who is told about an event by e-mail (requirements R2.48, R3.5 station recipients, R3.24
 * notification settings): on every change of bus topic `event` (opened, processed, ignored,
 * recovered), the recipients are
 * - the addresses of each active account that may see the event (its company's accounts — a
 *   station manager only for its stations — and the platform administrators) whose preference is
 *   switched on, by e-mail (EMAIL or BOTH), and lists the event's category, and whose menus offer
 *   that category (the events page, read from its role now: ./audience.ts); in that account's
 *   language; with "ignore heartbeat" on, going offline and coming back are not mailed;
 * - the station's recipients when its notification switch is on, for every change, in the
 *   language of the account with that address if there is one, else English.
 * One mail per address (the first language found wins); queued with a key of event, change and
 * address, so a notice the bus brings to several nodes is queued once, and an event reopened by
 * the hysteresis (requirements R13.10) is mailed for its first opening and first recovery only;
 * within the outbox's bounds (./digest.ts, requirements R2.51).
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { account, event, role, station } from '../../db/schema.js';
import type { BusEvents } from '../../bus.js';
import { DEFAULT_PREF, notificationPreferenceInput, type NotificationPref } from '../../../domain/entities/notification-preference.js';
import { isEventType, eventLevel } from '../../../domain/events.js';
import { isEmailAddress, recipientParts } from '../../../domain/entities/station.js';
import { queueMailBounded } from './outbox.js';
import type { OutboxBounds } from './digest.js';
import { audienceColumns, offeredTo } from './audience.js';
import { eventMail, type EventChange } from './templates.js';

type Category = NotificationPref['events'][number];

/** The preference category of a change of an event of `eventType`. */
export function categoryOf(eventType: string, change: EventChange): Category {
  if (change === 'recovered') return 'RECOVERED';
  if (change === 'processed' || change === 'ignored') return 'PROCESSED';
  if (eventType === 'CHARGER_OFFLINE' || eventType === 'GATEWAY_OFFLINE') return 'OFFLINE';
  if (isEventType(eventType) && eventLevel(eventType) !== 'custom') return 'FAULT';
  return 'ORDER_ABNORMAL';
}

const isOffline = (t: string) => t === 'CHARGER_OFFLINE' || t === 'GATEWAY_OFFLINE';

/** The e-mail addresses of a station's recipient text (domain/entities/station.ts rules; an invalid part stored before them is skipped). */
export function recipientsOf(text: string | null | undefined): string[] {
  return recipientParts(text).filter(isEmailAddress);
}

/** What one change did to the outbox. */
export interface NotifyResult {
  queued: number;
  folded: number;
  dropped: number;
}

/**
 * Queues the mails of one change within the outbox's `bounds` (./digest.ts); a reopening
 * (`change.reopened`, requirements R13.10) queues nothing: its opening was mailed. Answers how many
 * mails were queued, folded into digests and dropped.
 */
export async function notifyEvent(db: Db, change: BusEvents['event'], bounds: OutboxBounds = { perRecipient: 0, total: 0 }): Promise<NotifyResult> {
  const result: NotifyResult = { queued: 0, folded: 0, dropped: 0 };
  if (change.reopened) return result;
  const [ev] = await db
    .select({
      id: event.id,
      companyCode: event.companyCode,
      stationId: event.stationId,
      deviceSn: event.deviceSn,
      deviceType: event.deviceType,
      eventType: event.eventType,
      connectorId: event.connectorId,
      occurTime: event.occurTime,
      handler: event.handler,
      handleMethod: event.handleMethod,
      stationName: station.name,
      notifyEnabled: station.notifyEnabled,
      notifyRecipients: station.notifyRecipients,
    })
    .from(event)
    .leftJoin(station, eq(station.id, event.stationId))
    .where(eq(event.id, change.eventId));
  if (!ev) return result;
  const category = categoryOf(ev.eventType, change.change);
  const accounts = await db
    .select({ ...audienceColumns, email: account.email, managed: account.managedStationIds, pref: account.notificationPreference })
    .from(account)
    .leftJoin(role, eq(role.id, account.roleId))
    .where(and(eq(account.active, true), or(eq(account.companyCode, ev.companyCode), isNull(account.companyCode))));
  const prefOf = (raw: Record<string, unknown> | null): NotificationPref => {
    const p = notificationPreferenceInput.safeParse({ ...DEFAULT_PREF, ...(raw ?? {}) });
    return p.success ? p.data : DEFAULT_PREF;
  };
  const to = new Map<string, 'en' | 'zh'>();
  for (const a of accounts) {
    if (a.companyCode === null && a.userType !== 'ADMIN') continue;
    if (a.userType === 'STATION_MANAGER' && !(ev.stationId !== null && a.managed.includes(ev.stationId))) continue;
    const pref = prefOf(a.pref);
    if (!pref.enabled || pref.method === 'IN_APP' || !pref.events.includes(category)) continue;
    if (!offeredTo(a).includes(category)) continue; // its menus no longer show events
    if (pref.ignoreHeartbeat && isOffline(ev.eventType) && (change.change === 'opened' || change.change === 'recovered')) continue;
    for (const address of pref.emails) if (!to.has(address.toLowerCase())) to.set(address.toLowerCase(), pref.language);
  }
  if (ev.notifyEnabled) {
    const stationTo = recipientsOf(ev.notifyRecipients);
    const known = stationTo.length
      ? await db.select({ email: account.email, pref: account.notificationPreference }).from(account).where(inArray(account.email, stationTo))
      : [];
    for (const address of stationTo) {
      const owner = known.find((k) => k.email?.toLowerCase() === address.toLowerCase());
      if (!to.has(address.toLowerCase())) to.set(address.toLowerCase(), owner ? prefOf(owner.pref).language : 'en');
    }
  }
  for (const [address, language] of to) {
    const mail = eventMail(address, language, {
      change: change.change,
      eventType: ev.eventType,
      deviceSn: ev.deviceSn,
      deviceType: ev.deviceType,
      connectorId: ev.connectorId,
      stationName: ev.stationName ?? null,
      companyCode: ev.companyCode,
      occurTime: ev.occurTime,
      handler: ev.handler,
      handleMethod: ev.handleMethod,
    });
    const outcome = await queueMailBounded(db, mail, bounds, { dedupeKey: `event:${ev.id}:${change.change}:${address}`, companyCode: ev.companyCode });
    if (outcome !== 'duplicate') result[outcome]++;
  }
  return result;
}

/** Subscribes `app` to bus topic `event`; a failure is logged, never thrown into the emitter. */
export function subscribeEventMail(app: FastifyInstance): void {
  const bounds = { perRecipient: app.config.mailMaxQueuedPerRecipient, total: app.config.mailOutboxMax };
  const off = app.bus.on('event', (change) => {
    notifyEvent(app.db, change, bounds)
      .then((r) => {
        if (r.dropped) app.log.warn({ eventId: change.eventId, dropped: r.dropped }, 'event mail dropped: the outbox is full (MAIL_OUTBOX_MAX)');
      })
      .catch((err: Error) => app.log.warn({ err: err.message, eventId: change.eventId }, 'event mail not queued'));
  });
  app.addHook('onClose', async () => off());
}
