/**
 * A Start the charger dropped (requirements R10.23): the StartTransaction was answered — often
 * with a refused idTag — but the charger never ran the session: it sent no MeterValues and no
 * StopTransaction, and reports the connector `Available` again. That order would stay CHARGING for
 * ever and stand as the charger's active order. The Available closes it from its meterStart, like
 * a stale order after a reboot (`closeOpenOrderOf` of ./service.ts): status CLOSED, stop reason
 * `DroppedByCharger`, flag DROPPED_BY_CHARGER, priced and settled (an accepted card at 0.00). Should
 * the charger's Stop still come, it reconciles the order like any late Stop (./reconcile.ts).
 *
 * A session with any stored meter value is left alone (an Available during a session may be a
 * charger's way of showing a pause), and so is an Available dated before the Start (sent before
 * it, handled after it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chargeOrder, meterValue } from '../../db/schema.js';
import type { OrderRow } from './pricing.js';
import { closeOpenOrderOf } from './service.js';

/** When the Available was reported: the charger's time when plausible, else the server's receipt. */
export interface AvailableAt {
  at: Date;
  /** True when `at` is the charger's own (plausible) timestamp. */
  chargerTime: boolean;
}

/** Whether the status dated `when` came after `order` started, on the clock both share. */
function afterStart(order: OrderRow, when: AvailableAt): boolean {
  const chargerClockOk = when.chargerTime && !order.flags.includes('CHARGER_CLOCK');
  return chargerClockOk ? when.at.getTime() > order.chargerStartTime.getTime() : when.at.getTime() > order.serverStartTime.getTime();
}

/**
 * After connector `connectorId` of charger `chargerId` was reported Available at `when`, closes
 * its open order if the session never ran (see the module comment). Returns the closed order's
 * id, or null.
 */
export async function closeDroppedStart(db: Db, chargerId: number, connectorId: number, when: AvailableAt, now: Date = new Date()): Promise<number | null> {
  // Most Availables find no open order: no transaction for those (the partial unique index answers).
  const [open] = await db
    .select({ id: chargeOrder.id })
    .from(chargeOrder)
    .where(and(eq(chargeOrder.chargerId, chargerId), eq(chargeOrder.connectorId, connectorId), eq(chargeOrder.status, 'CHARGING')))
    .limit(1);
  if (!open) return null;
  return db.transaction((tx) =>
    closeOpenOrderOf(tx as unknown as Db, chargerId, connectorId, now, 'DroppedByCharger', 'DROPPED_BY_CHARGER', undefined, async (open) => {
      if (!afterStart(open, when)) return false;
      const [ran] = await tx
        .select({ one: sql<number>`1` })
        .from(meterValue)
        .where(and(eq(meterValue.transactionId, open.transactionId), eq(meterValue.chargerId, chargerId)))
        .limit(1);
      return !ran;
    }),
  );
}
