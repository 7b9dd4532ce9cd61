/**
 * The custom events "charger offline" and "gateway offline" (requirements §3 custom events, requirements §12):
 * when a device's socket closes without the server closing it on purpose (shutdown, deactivation,
 * a takeover by a newer socket), a DEVICE_OFFLINE notice `HAPPENING` is stored for the device's
 * company (repeats the same day are one row with a count) and appears in the navbar bell; when the
 * device connects again its open offline notices become `RECOVERED`. Notices are data
 * (domain/notices.ts), read in the user's language.
 */
import type { Db } from '../db/client.js';
import { recordNotice, recoverDeviceOffline } from '../modules/notifications/record.js';
import type { OcppSession } from './context.js';

/** Stores the offline event of `session`'s device. */
export async function recordOffline(db: Db, session: OcppSession): Promise<void> {
  await recordNotice(db, {
    companyCode: session.companyCode,
    notice: { kind: 'DEVICE_OFFLINE', params: { device: session.kind, serialNum: session.serialNum } },
    serialNum: session.serialNum,
    eventStatus: 'HAPPENING',
  });
}

/** Marks the device's open offline events recovered (it is connected again). */
export async function recordBackOnline(db: Db, session: OcppSession): Promise<void> {
  await recoverDeviceOffline(db, session.serialNum);
}
