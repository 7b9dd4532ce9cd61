/**
 * The charger-state service: every database write the charger link makes about a charger's or a
 * gateway's own state (docs/ocpp.md) — not sessions, which are server/modules/transactions.
 * - BootNotification → vendor, model, firmware version, `lastSeenAt` (and a charger's `boot_at`);
 * - Heartbeat (and a gateway's StatusNotification) → `lastSeenAt`;
 * - StatusNotification → connector 0 on the charger row (`run_status`, `run_status_at`,
 *   `run_error_code`, `run_error_info`, `run_vendor_error_code`), connectorId ≥ 1 upserted in
 *   `connector`; a status older than the stored one changes nothing;
 * - the reset of the online flags at start (the flag itself is written in bulk by ./online.ts,
 *   last-seen times by ./seen.ts).
 * Chargers and gateways are one namespace (`DeviceRef.kind`).
 */
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { CHARGER_CLOCK_FUTURE_MS } from '../../../domain/clock.js';
import type { Db } from '../../db/client.js';
import { charger, connector, gateway } from '../../db/schema.js';

/** A charger or a gateway row. */
export interface DeviceRef {
  kind: 'charger' | 'gateway';
  id: number;
}

/** What a BootNotification says about the device. */
export interface BootInfo {
  chargePointVendor: string;
  chargePointModel: string;
  firmwareVersion?: string;
}

/** What a StatusNotification says about one connector (0 = the whole charger). */
export interface StatusInfo {
  connectorId: number;
  status: string;
  errorCode: string;
  info?: string;
  vendorErrorCode?: string;
}

const tableOf = (kind: DeviceRef['kind']) => (kind === 'gateway' ? gateway : charger);

/**
 * Stores a BootNotification's vendor, model and firmware; `at` is the server's receive time. A
 * charger also keeps it as `boot_at`: an order started before it is stale once the connector
 * shows free (server/modules/transactions closeStaleOrder).
 */
export async function recordBoot(db: Db, device: DeviceRef, p: BootInfo, at: Date): Promise<void> {
  const fields = {
    vendor: p.chargePointVendor,
    model: p.chargePointModel,
    ...(p.firmwareVersion !== undefined ? { firmwareVersion: p.firmwareVersion } : {}),
    lastSeenAt: at,
  };
  if (device.kind === 'charger')
    await db
      .update(charger)
      .set({ ...fields, bootAt: at })
      .where(eq(charger.id, device.id));
  else await db.update(gateway).set(fields).where(eq(gateway.id, device.id));
}

/** Notes that the device is alive at `at` (Heartbeat). */
export async function recordSeen(db: Db, device: DeviceRef, at: Date): Promise<void> {
  const table = tableOf(device.kind);
  await db.update(table).set({ lastSeenAt: at }).where(eq(table.id, device.id));
}

/**
 * Stores a charger's StatusNotification dated `at` (a plausible time, domain/clock.ts), unless a
 * newer status is stored already. A stored time beyond the plausible future of `receivedAt` (left
 * by a charger clock gone wrong) never counts as newer.
 * @returns true when it was applied, false when it was older than the stored one (late).
 */
export async function recordStatus(db: Db, chargerId: number, p: StatusInfo, at: Date, receivedAt: Date): Promise<boolean> {
  const future = new Date(receivedAt.getTime() + CHARGER_CLOCK_FUTURE_MS);
  if (p.connectorId === 0) {
    const rows = await db
      .update(charger)
      .set({
        runStatus: p.status,
        runStatusAt: at,
        runErrorCode: p.errorCode,
        runErrorInfo: p.info ?? null,
        runVendorErrorCode: p.vendorErrorCode ?? null,
        lastSeenAt: receivedAt,
      })
      .where(and(eq(charger.id, chargerId), or(isNull(charger.runStatusAt), lte(charger.runStatusAt, at), gt(charger.runStatusAt, future))))
      .returning({ id: charger.id });
    return rows.length > 0;
  }
  const values = {
    chargerId,
    connectorId: p.connectorId,
    status: p.status,
    errorCode: p.errorCode,
    info: p.info ?? null,
    vendorErrorCode: p.vendorErrorCode ?? null,
    statusAt: at,
  };
  const rows = await db
    .insert(connector)
    .values(values)
    .onConflictDoUpdate({
      target: [connector.chargerId, connector.connectorId],
      set: { status: values.status, errorCode: values.errorCode, info: values.info, vendorErrorCode: values.vendorErrorCode, statusAt: values.statusAt },
      setWhere: sql`${connector.statusAt} <= excluded.status_at or ${connector.statusAt} > ${future.toISOString()}::timestamptz`,
    })
    .returning({ connectorId: connector.connectorId });
  return rows.length > 0;
}

/** Online rows a cluster's sweep reads and looks up at once (one database read, one Redis MGET). */
export const SWEEP_CHUNK = 1000;

/**
 * Sets offline every charger and gateway shown online, except those `keep` says are held by a
 * live socket (here or on another node). No socket survives a restart. With `keep` (a node of a
 * cluster, at start and every minute) the online rows go by in rounds of `chunk`, in id order:
 * 50 000 online chargers are never read, looked up and compared in one go, which held a node's
 * event loop for 0.3–0.6 s every minute (bench:fleet).
 * @param keep given the online rows' identities, true for each one to leave online.
 */
export async function resetOnlineFlags(db: Db, keep?: (serialNums: string[]) => Promise<boolean[]>, chunk = SWEEP_CHUNK): Promise<void> {
  for (const table of [charger, gateway]) {
    if (!keep) {
      await db.update(table).set({ online: false }).where(eq(table.online, true));
      continue;
    }
    let after = 0;
    for (;;) {
      const rows = await db
        .select({ id: table.id, serialNum: table.serialNum })
        .from(table)
        .where(and(eq(table.online, true), gt(table.id, after)))
        .orderBy(table.id)
        .limit(chunk);
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      const held = await keep(rows.map((r) => r.serialNum));
      const orphans = rows.filter((_r, i) => !held[i]).map((r) => r.id);
      if (orphans.length)
        await db
          .update(table)
          .set({ online: false })
          .where(and(inArray(table.id, orphans), eq(table.online, true)));
      if (rows.length < chunk) break;
    }
  }
}
