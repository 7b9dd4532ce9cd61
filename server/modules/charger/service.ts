/**
 * Chargers (requirements §3 "Charger", §5, §8, §12): the list and record the monitoring and station
 * screens read, registering and editing. Registering a charger is what lets its chargeBoxId
 * (= serialNum) connect over OCPP.
 *
 * Reading: a page of chargers, sorted by a whitelisted field (unknown → 400), filtered, scoped to
 * the caller (a station manager sees the chargers of their stations; another company's
 * `companyCode` filter → 709); with `split=true` also the count per dashboard state under the same
 * filters but the state. Two queries per page: chargers (with company, station and open order)
 * and their connectors. One record: unknown → 800, another company's → 709.
 *
 * Rules and codes:
 * - duplicate SN → 302 (also when a gateway holds that identity), duplicate charger station code
 *   → 303 (unique constraints `charger_serial_num_unique`, `charger_charger_station_code_unique`);
 * - the station must be of the charger's company (725; unknown → 801); a gateway SN must name a
 *   gateway of the same company (802 / 725);
 * - changing serialNum, stationId, phase or type of a connected charger (`online`) → 717, of a
 *   charger with an unclosed order (`charge_order.status = 'CHARGING'`) → 716;
 * - deactivation emits the bus topic `identityDeactivated` after commit; the central system closes
 *   the socket and refuses the next BootNotification.
 * - OCPP password (security profile 1/2): generated, stored as a scrypt hash, returned once.
 * Unknown charger → 800; another company's → 725.
 */
import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DASHBOARD_SPLIT, type DashboardState } from '../../../domain/enums.js';
import { CHARGER_LOCKED_FIELDS, type ChargerInput, type ChargerPage, type ChargerRecord, type chargerFilters } from '../../../domain/entities/charger.js';
import type { Db } from '../../db/client.js';
import { charger, chargeOrder, company, gateway, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, orderByOf, type PageQuery, type SortMap } from '../../http/paging.js';
import { assertFilterInScope, assertInScope, scopeWhere } from '../../http/scope.js';
import { chargerQuery, connectorsOf, dashboardStateSql, loadChargerRecord, toChargerRecord } from './mapper.js';
import { generatePassword, hashPassword } from '../../auth/password.js';
import { writeCompany, type Tx } from '../station/index.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';

type ChargerRow = typeof charger.$inferSelect;

/** `GET /sp/charger` query: the page and the filters. */
export type ChargerListQuery = PageQuery & z.infer<typeof chargerFilters>;

const SORTS: SortMap = {
  id: charger.id,
  serialNum: charger.serialNum,
  chargerStationCode: charger.chargerStationCode,
  companyCode: charger.companyCode,
  companyName: company.name,
  stationId: charger.stationId,
  stationName: station.name,
  phase: charger.phase,
  lifeStatus: charger.lifeStatus,
  type: charger.type,
  ratedPowerKw: charger.ratedPowerKw,
  runStatus: charger.runStatus,
  online: charger.online,
  lastSeenAt: charger.lastSeenAt,
  firmwareVersion: charger.firmwareVersion,
  vendor: charger.vendor,
  model: charger.model,
  installationDate: charger.installationDate,
  dashboardState: dashboardStateSql,
  createTimeStamp: charger.createdAt,
};

/** Chargers per dashboard state (every state present, 0 when none) among those matching `where`. */
async function splitOf(db: Db, where: SQL | undefined): Promise<Record<DashboardState, number>> {
  const states = db
    .select({ state: sql<DashboardState>`${dashboardStateSql}`.as('state') })
    .from(charger)
    .where(where)
    .as('s');
  const rows = await db.select({ state: states.state, n: count() }).from(states).groupBy(states.state);
  const split = Object.fromEntries(DASHBOARD_SPLIT.map((k) => [k, 0])) as Record<DashboardState, number>;
  for (const r of rows) split[r.state] = Number(r.n);
  return split;
}

/** `GET /sp/charger`: a page of the caller's chargers, with the per-state counts when `split=true`. */
export async function listChargers(db: Db, auth: AuthContext, q: ChargerListQuery): Promise<ChargerPage> {
  assertFilterInScope(auth, q);
  // Station managers see the chargers of their stations only (requirements §6).
  const conds: (SQL | undefined)[] = [scopeWhere(auth, charger)];
  if (q.companyCode) conds.push(eq(charger.companyCode, q.companyCode));
  if (q.stationId) conds.push(eq(charger.stationId, q.stationId));
  if (q.online) conds.push(eq(charger.online, q.online === 'true'));
  if (q.runStatus) conds.push(eq(charger.runStatus, q.runStatus));
  if (q.q?.trim()) conds.push(ilike(charger.serialNum, likeTerm(q.q.trim())));
  const where = and(...conds, q.dashboardState ? eq(dashboardStateSql, q.dashboardState) : undefined);
  const orderBy = orderByOf(q, SORTS, { fallback: charger.serialNum, tieBreak: charger.id, tieOrder: 'same' });
  const { limit, offset } = limitOffset(q);
  const rows = await chargerQuery(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  // Filters only touch the charger table: the count needs no joins.
  const [{ total }] = await db.select({ total: count() }).from(charger).where(where);
  const connectors = await connectorsOf(
    db,
    rows.map((x) => x.c.id),
  );
  const records = rows.map((x) => toChargerRecord(x, connectors.get(x.c.id) ?? []));
  // The chips' counts come with the rows they describe, from the same refresh.
  return q.split === 'true' ? { records, total, split: await splitOf(db, and(...conds)) } : { records, total };
}

/** `GET /sp/charger/{id}`: unknown → 800, out of the caller's scope → 709. */
export async function getCharger(db: Db, auth: AuthContext, id: number): Promise<ChargerRecord> {
  const record = await loadChargerRecord(db, id);
  if (!record) throw new AppError(800);
  assertInScope(auth, charger, record, 'read');
  return record;
}

/** The answer of a charger write: the record plus whether an OCPP password is set. */
export async function chargerWriteAnswer(db: Db, id: number): Promise<ChargerRecord & { hasOcppPassword: boolean }> {
  const rec = await loadChargerRecord(db, id);
  if (!rec) throw new AppError(800);
  const [row] = await db.select({ hash: charger.ocppPasswordHash }).from(charger).where(eq(charger.id, id));
  return { ...rec, hasOcppPassword: Boolean(row?.hash) };
}

const UNIQUE = { charger_serial_num_unique: [302, 'serialNum'], charger_charger_station_code_unique: [303, 'chargerStationCode'] } as const satisfies Record<
  string,
  UniqueAnswer
>;

/** The charger row for a write; unknown → 800, another company's → 725. */
export async function chargerForWrite(db: Db, auth: AuthContext, id: number): Promise<ChargerRow> {
  const [row] = await db.select().from(charger).where(eq(charger.id, id));
  if (!row) throw new AppError(800);
  assertInScope(auth, charger, row, 'write');
  return row;
}

/** The charger as a form input (for merging a partial update). */
export function chargerAsInput(c: ChargerRow): Record<string, unknown> {
  return {
    serialNum: c.serialNum,
    chargerStationCode: c.chargerStationCode,
    stationId: c.stationId,
    companyCode: c.companyCode,
    phase: c.phase,
    lifeStatus: c.lifeStatus,
    installerName: c.installerName,
    installerEmail: c.installerEmail,
    installerCompany: c.installerCompany,
    installerContact: c.installerContact,
    installationDate: c.installationDate,
    warrantyYears: c.warrantyYears,
    gatewaySn: c.gatewaySn,
    type: c.type,
    equipmentNumber: c.equipmentNumber,
    ratedPowerKw: c.ratedPowerKw,
  };
}

/**
 * The company of a charger: its station's (unknown station → 801; another company's → 725), or
 * the named / caller's company when it has no station.
 */
async function companyFor(tx: Tx, auth: AuthContext, input: ChargerInput, fixed?: string): Promise<string> {
  if (input.stationId) {
    const [s] = await tx.select({ id: station.id, companyCode: station.companyCode }).from(station).where(eq(station.id, input.stationId));
    if (!s) throw new AppError(801, 'stationId');
    assertInScope(auth, station, s, 'write');
    if (fixed && s.companyCode !== fixed) throw new AppError(725, 'stationId');
    if (input.companyCode && input.companyCode !== s.companyCode) throw new AppError(725, 'companyCode');
    return s.companyCode;
  }
  if (fixed) {
    if (input.companyCode && input.companyCode !== fixed) throw new AppError(725, 'companyCode');
    return fixed;
  }
  return writeCompany(tx, auth, input.companyCode);
}

/** A gateway SN must name a gateway of the same company. */
async function checkGateway(tx: Tx, companyCode: string, gatewaySn: string | null | undefined) {
  if (!gatewaySn) return;
  const [g] = await tx.select({ companyCode: gateway.companyCode }).from(gateway).where(eq(gateway.serialNum, gatewaySn));
  if (!g) throw new AppError(802, 'gatewaySn');
  if (g.companyCode !== companyCode) throw new AppError(725, 'gatewaySn');
}

/** An identity held by a gateway cannot be a charger's SN (one OCPP namespace) → 302. */
async function checkIdentityFree(tx: Tx, serialNum: string) {
  const [g] = await tx.select({ id: gateway.id }).from(gateway).where(eq(gateway.serialNum, serialNum));
  if (g) throw new AppError(302, 'serialNum');
}

function values(input: ChargerInput) {
  return {
    serialNum: input.serialNum,
    chargerStationCode: input.chargerStationCode ?? null,
    stationId: input.stationId ?? null,
    phase: input.phase,
    lifeStatus: input.lifeStatus,
    installerName: input.installerName ?? null,
    installerEmail: input.installerEmail ?? null,
    installerCompany: input.installerCompany ?? null,
    installerContact: input.installerContact ?? null,
    installationDate: input.installationDate,
    warrantyYears: input.warrantyYears,
    gatewaySn: input.gatewaySn ?? null,
    type: input.type,
    equipmentNumber: input.equipmentNumber,
    ratedPowerKw: input.ratedPowerKw ?? null,
  };
}

/** Registers a charger; returns its id. */
export async function createCharger(db: Db, auth: AuthContext, input: ChargerInput): Promise<number> {
  return mapUnique(
    () =>
      db.transaction(async (tx) => {
        const companyCode = await companyFor(tx, auth, input);
        await checkGateway(tx, companyCode, input.gatewaySn);
        await checkIdentityFree(tx, input.serialNum);
        const [row] = await tx
          .insert(charger)
          .values({ ...values(input), companyCode })
          .returning({ id: charger.id });
        return row.id;
      }),
    UNIQUE,
  );
}

/** Edits a charger (717 / 716 for the locked fields; the company does not change). */
export async function updateCharger(db: Db, auth: AuthContext, current: ChargerRow, input: ChargerInput): Promise<void> {
  const before = chargerAsInput(current);
  const after: Record<string, unknown> = { ...input, stationId: input.stationId ?? null };
  const touched = CHARGER_LOCKED_FIELDS.some((f) => (before[f] ?? null) !== (after[f] ?? null));
  await mapUnique(
    () =>
      db.transaction(async (tx) => {
        const [live] = await tx.select({ online: charger.online }).from(charger).where(eq(charger.id, current.id)).for('update');
        if (!live) throw new AppError(800);
        if (touched && live.online) throw new AppError(717);
        if (touched) {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(chargeOrder)
            .where(and(eq(chargeOrder.chargerId, current.id), eq(chargeOrder.status, 'CHARGING')));
          if (n > 0) throw new AppError(716);
        }
        await companyFor(tx, auth, input, current.companyCode);
        await checkGateway(tx, current.companyCode, input.gatewaySn);
        if (input.serialNum !== current.serialNum) await checkIdentityFree(tx, input.serialNum);
        await tx.update(charger).set(values(input)).where(eq(charger.id, current.id));
      }),
    UNIQUE,
  );
}

/**
 * Activates or deactivates a charger (`lifeStatus` ACTIVE / INACTIVE). A deactivation is
 * announced on the bus (`identityDeactivated`) once committed.
 * @returns true when the charger was deactivated by this call.
 */
export async function setChargerActive(db: Db, current: ChargerRow, active: boolean): Promise<boolean> {
  const lifeStatus = active ? 'ACTIVE' : 'INACTIVE';
  await db.update(charger).set({ lifeStatus }).where(eq(charger.id, current.id));
  return !active;
}

/**
 * Generates, stores (hashed) and returns the charger's new OCPP password, set by hand (the
 * operator configures the charger with it; a connected charger is sent one instead: ./key-rotation.ts).
 * Ends any key rotation's second password.
 */
export async function rotateOcppPassword(db: Db, current: ChargerRow): Promise<string> {
  const password = generatePassword();
  const hash = await hashPassword(password);
  await db.update(charger).set({ ocppPasswordHash: hash, ocppPasswordGraceHash: null, ocppPasswordGraceUntil: null }).where(eq(charger.id, current.id));
  return password;
}

/** Removes the charger's OCPP password (the charger may then connect without Basic auth), and any second one. */
export async function clearOcppPassword(db: Db, current: ChargerRow): Promise<void> {
  await db.update(charger).set({ ocppPasswordHash: null, ocppPasswordGraceHash: null, ocppPasswordGraceUntil: null }).where(eq(charger.id, current.id));
}

/** For other modules (docs/decisions.md "Layers": siblings use only ./service.ts or ./index.ts). */
export { chargerDashboardState, connectorsOf, dashboardStateSql } from './mapper.js';
