/**
 * Raising and ending events (requirements §13; domain/events.ts): the OCPP link and the
 * transaction module open events where they happen, and devices that are well again recover them.
 *
 * - {@link openEventIn} inserts the event, or — when the same device, connector and type is already
 *   HAPPENING — counts a repeat on it (the `event_open_once` unique index decides, so two
 *   concurrent reports cannot open two rows). A new event is announced in the bell (an EVENT
 *   notice linked by `eventId`; a repeat bumps that notice's count).
 *   Within the hysteresis window (`reopenWithinMs`, config EVENT_REOPEN_S) an event that recovered
 *   is reopened instead, so a charger flapping between codes keeps one event per type with a count.
 * - {@link recoverEventsIn} ends a device's recoverable events: HAPPENING ones become RECOVERED;
 *   processed or ignored ones keep their status and get their recover time.
 * - The `…In` functions run inside the caller's transaction and answer the changes; the caller
 *   emits them on the bus (`event` topic) after its commit ({@link emitChanges}). {@link openEvent}
 *   and {@link recoverEvents} do both for a caller without a transaction of its own.
 */
import { and, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { event, notification } from '../../db/schema.js';
import type { Bus, BusEvents } from '../../bus.js';
import { EVENT_TYPES, eventLevel, isRecoverable, type EventDeviceType, type EventType } from '../../../domain/events.js';
import { recordNotice } from '../notifications/service.js';

/** A change to announce on the bus once the transaction committed. */
export type EventChange = BusEvents['event'];

/** What is known about an event when it happens. */
export interface OpenEventInput {
  companyCode: string;
  stationId: number | null;
  deviceSn: string;
  deviceType: EventDeviceType;
  eventType: EventType;
  /** 0 (default) = the whole device. */
  connectorId?: number;
  errorCode?: string | null;
  vendorId?: string | null;
  vendorErrorCode?: string | null;
  info?: string | null;
  /** The order a business event is about. */
  orderId?: number | null;
  /** When it happened (default now). */
  at?: Date;
  /**
   * Hysteresis (requirements R13.10): when the same device, connector and type recovered less than
   * this long ago (ms), that event is reopened and counts the repeat instead of a new event
   * opening. 0 / absent: never.
   */
  reopenWithinMs?: number;
}

/** Column limits of what a charger sends (OCPP 1.6: info 50, vendorId 255, vendorErrorCode 50). */
const clip = (v: string | null | undefined, max: number) => (v == null ? null : v.slice(0, max));

/**
 * Reopens the latest event of `input`'s device, connector and type that recovered at or after
 * `since` (HAPPENING again, its recover time cleared, the repeat counted). Answers its id, or null
 * when there is none or one of them is open already.
 */
async function reopenRecent(tx: Db, input: OpenEventInput, at: Date, since: Date): Promise<number | null> {
  const same = and(eq(event.deviceSn, input.deviceSn), eq(event.connectorId, input.connectorId ?? 0), eq(event.eventType, input.eventType));
  const rows = await tx
    .update(event)
    .set({
      status: 'HAPPENING',
      recoverTime: null,
      repeatCount: sql`${event.repeatCount} + 1`,
      lastOccurTime: sql`greatest(${event.lastOccurTime}, ${at})`,
      errorCode: sql`coalesce(${clip(input.errorCode, 50)}, ${event.errorCode})`,
      info: sql`coalesce(${clip(input.info, 500)}, ${event.info})`,
      vendorErrorCode: sql`coalesce(${clip(input.vendorErrorCode, 50)}, ${event.vendorErrorCode})`,
    })
    .where(
      and(
        eq(
          event.id,
          sql`(select ${event.id} from ${event} where ${same} and ${event.status} = 'RECOVERED' and ${event.recoverTime} >= ${since} order by ${event.recoverTime} desc, ${event.id} desc limit 1)`,
        ),
        sql`not exists (select 1 from ${event} o where o.device_sn = ${input.deviceSn} and o.connector_id = ${input.connectorId ?? 0} and o.event_type = ${input.eventType} and o.status = 'HAPPENING')`,
      ),
    )
    .returning({ id: event.id });
  return rows[0]?.id ?? null;
}

/**
 * Opens the event of `input` in `tx`, or counts a repeat on the open one, or — within
 * `reopenWithinMs` of its recovery — reopens the recovered one (a charger flapping between codes
 * keeps one event per type, with its count). Answers the id, and the change to emit (null for a
 * repeat; `reopened` for a reopening, which mails nobody again).
 */
export async function openEventIn(tx: Db, input: OpenEventInput): Promise<{ id: number; change: EventChange | null }> {
  const at = input.at ?? new Date();
  if (input.reopenWithinMs) {
    const id = await reopenRecent(tx, input, at, new Date(at.getTime() - input.reopenWithinMs));
    if (id !== null) {
      await noticeOf(tx, input, id, at);
      return { id, change: { eventId: id, companyCode: input.companyCode, stationId: input.stationId, change: 'opened', reopened: true } };
    }
  }
  const [row] = await tx
    .insert(event)
    .values({
      companyCode: input.companyCode,
      stationId: input.stationId,
      deviceSn: input.deviceSn,
      deviceType: input.deviceType,
      eventType: input.eventType,
      eventLevel: eventLevel(input.eventType),
      connectorId: input.connectorId ?? 0,
      errorCode: clip(input.errorCode, 50),
      vendorId: clip(input.vendorId, 255),
      vendorErrorCode: clip(input.vendorErrorCode, 50),
      info: clip(input.info, 500),
      orderId: input.orderId ?? null,
      occurTime: at,
      lastOccurTime: at,
    })
    .onConflictDoUpdate({
      target: [event.deviceSn, event.connectorId, event.eventType],
      targetWhere: sql`${event.status} = 'HAPPENING'`,
      set: {
        repeatCount: sql`${event.repeatCount} + 1`,
        lastOccurTime: sql`greatest(${event.lastOccurTime}, excluded.last_occur_time)`,
        info: sql`coalesce(excluded.info, ${event.info})`,
        vendorErrorCode: sql`coalesce(excluded.vendor_error_code, ${event.vendorErrorCode})`,
      },
    })
    .returning({ id: event.id, inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('event insert returned no row');
  await noticeOf(tx, input, row.id, at);
  const change: EventChange | null = row.inserted ? { eventId: row.id, companyCode: input.companyCode, stationId: input.stationId, change: 'opened' } : null;
  return { id: row.id, change };
}

/** The bell's EVENT notice of event `id` (a repeat bumps its count and makes it HAPPENING again). */
async function noticeOf(tx: Db, input: OpenEventInput, id: number, at: Date): Promise<void> {
  await recordNotice(tx, {
    companyCode: input.companyCode,
    notice: {
      kind: 'EVENT',
      params: { eventId: id, eventType: input.eventType, device: input.deviceType, serialNum: input.deviceSn, connectorId: input.connectorId ?? 0 },
    },
    serialNum: input.deviceSn,
    eventStatus: 'HAPPENING',
    eventId: id,
    at,
  });
}

const RECOVERABLE_TYPES = EVENT_TYPES.filter(isRecoverable);

/** Which of a device's events a recovery ends. */
export interface RecoverWhere {
  deviceSn: string;
  /** Only this connector's (undefined = every connector of the device). */
  connectorId?: number;
  /** Only these types. */
  types?: readonly EventType[];
  /** All recoverable types but these (a connector now reporting another fault keeps that one). */
  exceptTypes?: readonly EventType[];
  at?: Date;
}

/**
 * Recovers the device's matching events in `tx` (recoverable types only, domain/events.ts
 * `isRecoverable`). Answers the changes to emit: one `recovered` per event that was HAPPENING.
 */
export async function recoverEventsIn(tx: Db, where: RecoverWhere): Promise<EventChange[]> {
  const at = where.at ?? new Date();
  const conditions: (SQL | undefined)[] = [
    eq(event.deviceSn, where.deviceSn),
    isNull(event.recoverTime),
    ne(event.status, 'RECOVERED'),
    where.connectorId === undefined ? undefined : eq(event.connectorId, where.connectorId),
    inArray(event.eventType, [...(where.types ?? RECOVERABLE_TYPES)].filter(isRecoverable)),
    where.exceptTypes?.length ? sql`${event.eventType} not in ${[...where.exceptTypes]}` : undefined,
  ];
  const rows = await tx
    .update(event)
    .set({
      status: sql`case when ${event.status} = 'HAPPENING' then 'RECOVERED' else ${event.status} end`,
      recoverTime: at,
    })
    .where(and(...conditions))
    .returning({ id: event.id, companyCode: event.companyCode, stationId: event.stationId, status: event.status });
  const recovered = rows.filter((r) => r.status === 'RECOVERED');
  await syncNoticeStatus(
    tx,
    recovered.map((r) => r.id),
    'RECOVERED',
  );
  return recovered.map((r) => ({ eventId: r.id, companyCode: r.companyCode, stationId: r.stationId, change: 'recovered' as const }));
}

/** The bell's notices of `ids` follow their events' status. */
export async function syncNoticeStatus(tx: Db, ids: readonly number[], status: string): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(notification)
    .set({ eventStatus: status })
    .where(inArray(notification.eventId, [...ids]));
}

/** Emits `changes` on the bus (call after the commit). */
export function emitChanges(bus: Bus, changes: readonly (EventChange | null)[]): void {
  for (const c of changes) if (c) bus.emit('event', c);
}

/** Opens (or repeats) an event in its own transaction and announces it. Answers the event id. */
export async function openEvent(db: Db, bus: Bus, input: OpenEventInput): Promise<number> {
  const { id, change } = await db.transaction((tx) => openEventIn(tx, input));
  emitChanges(bus, [change]);
  return id;
}

/** Recovers a device's events in its own transaction and announces them. */
export async function recoverEvents(db: Db, bus: Bus, where: RecoverWhere): Promise<void> {
  const changes = await db.transaction((tx) => recoverEventsIn(tx, where));
  emitChanges(bus, changes);
}

/**
 * Announces the events that a settlement opened for `orderId` inside the transaction that ended the
 * order (income duplication or save failure, order already paid: ./order-events.ts), once that
 * transaction committed: those first seen at or after `since` (the caller's start) and not
 * repeated since, in the order they were opened.
 */
export async function announceOrderEvents(db: Db, bus: Bus, orderId: number, since: Date): Promise<void> {
  const rows = await db
    .select({ id: event.id, companyCode: event.companyCode, stationId: event.stationId })
    .from(event)
    .where(and(eq(event.orderId, orderId), gte(event.occurTime, since), eq(event.repeatCount, 1), eq(event.status, 'HAPPENING')))
    .orderBy(event.id);
  emitChanges(
    bus,
    rows.map((r) => ({ eventId: r.id, companyCode: r.companyCode, stationId: r.stationId, change: 'opened' as const })),
  );
}
