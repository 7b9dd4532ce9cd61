/**
 * The custom events "charger offline" and "gateway offline" (spec §3 custom events, DESIGN.md §4):
 * when a device's socket closes without the server closing it on purpose (shutdown, deactivation,
 * a takeover by a newer socket), an EVENT notification `HAPPENING` is stored for the device's
 * company and appears in the navbar bell; when the device connects again its open offline events
 * become `RECOVERED`. Texts: server/modules/notifications/content.ts (read in the user's language).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notification } from '../db/schema.js';
import { offlineNotice } from '../modules/notifications/content.js';
import type { OcppSession } from './context.js';

/** Stores the offline event of `session`'s device. */
export async function recordOffline(db: Db, session: OcppSession): Promise<void> {
  await db.insert(notification).values({
    companyCode: session.companyCode,
    systemNotificationType: 'EVENT',
    content: offlineNotice(session.kind, session.serialNum),
    serialNum: session.serialNum,
    eventStatus: 'HAPPENING',
  });
}

/** Marks the device's open offline events recovered (it is connected again). */
export async function recordBackOnline(db: Db, session: OcppSession): Promise<void> {
  await db.update(notification).set({ eventStatus: 'RECOVERED' }).where(and(
    eq(notification.serialNum, session.serialNum),
    eq(notification.eventStatus, 'HAPPENING'),
    eq(notification.content, offlineNotice(session.kind, session.serialNum)),
  ));
}
