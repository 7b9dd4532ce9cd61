/**
 * The charger-state service: every database write the charger link makes about a charger's or a
 * gateway's own state (docs/ocpp.md) — not sessions, which are server/modules/transactions.
 * - BootNotification → vendor, model, firmware version, `lastSeenAt` (and a charger's `boot_at`);
 * - Heartbeat (and a gateway's StatusNotification) → `lastSeenAt`;
 * - StatusNotification → connector 0 on the charger row (`run_status`, `run_status_at`,
 *   `run_error_code`, `run_error_info`, `run_vendor_error_code`), connectorId ≥ 1 upserted in
 *   `connector`; a status older than the stored one changes nothing;
 * - the online flag (`online`, `lastSeenAt`) while a socket is open, and the reset at start.
 * Chargers and gateways are one namespace (`DeviceRef.kind`).
 */
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { CHARGER_CLOCK_FUTURE_MS } from '../../../domain/clock.js';
import type { Db } from '../../db/client.js';
import { charger, connector, gateway } from '../../db/schema.js';
import { groupCommitOf, type Keyed, type StoreGroup } from '../transactions/group-commit.js';

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
  if (device.kind === 'charger') {
    await groupCommitOf(db, storeChargerBoot).run({
      key: device.id, vendor: fields.vendor, model: fields.model, firmwareVersion: p.firmwareVersion, at: at.toISOString(),
    });
  } else await db.update(gateway).set(fields).where(eq(gateway.id, device.id));
}

/** One charger's BootNotification in a group (key: the charger's id). */
interface BootWrite extends Keyed {
  vendor: string;
  model: string;
  /** Absent: the stored firmware version is kept. */
  firmwareVersion?: string;
  /** ISO 8601: bootAt and lastSeenAt. */
  at: string;
}

/**
 * Stores a group of chargers' BootNotifications in one statement (../transactions/group-commit.ts):
 * after an outage thousands of chargers boot within seconds (measured: bench/ocpp-load.ts storm).
 */
const storeChargerBoot: StoreGroup<BootWrite, void> = async (db, writes) => {
  const rows = JSON.stringify(writes.map((w) => ({ id: w.key, vendor: w.vendor, model: w.model, firmware_version: w.firmwareVersion, has_firmware: w.firmwareVersion !== undefined, at: w.at })));
  await db.execute(sql`update ${charger} t set vendor = v.vendor, model = v.model,
      firmware_version = case when v.has_firmware then v.firmware_version else t.firmware_version end, last_seen_at = v.at, boot_at = v.at
    from json_to_recordset(${rows}::json) as v(id int, vendor text, model text, firmware_version text, has_firmware boolean, at timestamptz) where t.id = v.id`);
  return writes.map(() => undefined);
};

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
    const rows = await db.update(charger).set({
      runStatus: p.status, runStatusAt: at, runErrorCode: p.errorCode, runErrorInfo: p.info ?? null,
      runVendorErrorCode: p.vendorErrorCode ?? null, lastSeenAt: receivedAt,
    }).where(and(eq(charger.id, chargerId), or(isNull(charger.runStatusAt), lte(charger.runStatusAt, at), gt(charger.runStatusAt, future))))
      .returning({ id: charger.id });
    return rows.length > 0;
  }
  const values = {
    chargerId, connectorId: p.connectorId, status: p.status, errorCode: p.errorCode,
    info: p.info ?? null, vendorErrorCode: p.vendorErrorCode ?? null, statusAt: at,
  };
  const rows = await db.insert(connector).values(values).onConflictDoUpdate({
    target: [connector.chargerId, connector.connectorId],
    set: { status: values.status, errorCode: values.errorCode, info: values.info, vendorErrorCode: values.vendorErrorCode, statusAt: values.statusAt },
    setWhere: sql`${connector.statusAt} <= excluded.status_at or ${connector.statusAt} > ${future.toISOString()}::timestamptz`,
  }).returning({ connectorId: connector.connectorId });
  return rows.length > 0;
}

/** One online-flag write of a group (key: the device's id). */
interface OnlineWrite extends Keyed {
  online: boolean;
  /** ISO 8601: the device's lastSeenAt when it comes online. */
  at: string;
}

/** Stores a group of online-flag writes of `table` in one statement (./transactions/group-commit.ts). */
function storeOnline(table: typeof charger | typeof gateway): StoreGroup<OnlineWrite, void> {
  return async (db, writes) => {
    const rows = JSON.stringify(writes.map((w) => ({ id: w.key, online: w.online, at: w.at })));
    await db.execute(sql`update ${table} t set online = v.online, last_seen_at = case when v.online then v.at else t.last_seen_at end
      from json_to_recordset(${rows}::json) as v(id int, online boolean, at timestamptz) where t.id = v.id`);
    return writes.map(() => undefined);
  };
}
const storeChargerOnline = storeOnline(charger);
const storeGatewayOnline = storeOnline(gateway);

/** Groups and writes of the chargers' online flags stored so far on `db` (metrics, tests). */
export function chargerOnlineWriteStats(db: Db): { groups: number; writes: number; storeMs: number } {
  return groupCommitOf(db, storeChargerOnline).stats;
}

/**
 * Writes the device's online flag (and `lastSeenAt` when it comes online); resolves once stored.
 * The flags of the devices connecting and disconnecting at the same moment are stored together,
 * one statement per group (../transactions/group-commit.ts): a reconnect storm of thousands of
 * chargers is a few statements, not thousands of updates waiting for the pool (measured:
 * bench/ocpp-load.ts, 10 000 chargers). One device's writes are stored in the order given.
 */
export async function writeOnline(db: Db, device: DeviceRef, online: boolean, at = new Date()): Promise<void> {
  await groupCommitOf(db, device.kind === 'gateway' ? storeGatewayOnline : storeChargerOnline).run({ key: device.id, online, at: at.toISOString() });
}

/**
 * Sets offline every charger and gateway shown online, except those `keep` says are held by a
 * live socket (here or on another node). No socket survives a restart.
 * @param keep given the online rows' identities, true for each one to leave online.
 */
export async function resetOnlineFlags(db: Db, keep?: (serialNums: string[]) => Promise<boolean[]>): Promise<void> {
  for (const table of [charger, gateway]) {
    if (!keep) {
      await db.update(table).set({ online: false }).where(eq(table.online, true));
      continue;
    }
    const rows = await db.select({ id: table.id, serialNum: table.serialNum }).from(table).where(eq(table.online, true));
    const held = await keep(rows.map((r) => r.serialNum));
    const orphans = rows.filter((_r, i) => !held[i]).map((r) => r.id);
    if (orphans.length) await db.update(table).set({ online: false }).where(and(inArray(table.id, orphans), eq(table.online, true)));
  }
}
