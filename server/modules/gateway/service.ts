/**
 * Gateways (requirements §3 "Gateway"): a local controller at a station that connects over OCPP with its
 * own identity; its chargers name it by `charger.gatewaySn`. Rules and codes:
 * - duplicate SN → 304 (constraint `gateway_serial_num_unique`, or a charger holding that identity);
 * - the station is required (603), must exist (801) and be of the caller's company (725); the
 *   gateway's company is its station's;
 * - renaming the SN of a connected gateway → 717; a rename carries its chargers' `gatewaySn` along;
 * - a gateway that still has chargers cannot be deleted (400 `chargers`);
 * - a change of life status away from ACTIVE is reported by {@link updateGateway}: the route
 *   announces it (`identityDeactivated`) and the central system closes the gateway's socket;
 * - an OCPP password (HTTP Basic, username = SN) is stored hashed and shown once when generated.
 * Unknown gateway → 802; another company's → 709 (read) / 725 (write).
 */
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { GatewayDetail, GatewayRecord } from '../../../domain/entities/gateway.js';
import { storedJson } from '../../../domain/entities/stored.js';
import type { GatewayInput } from '../../../domain/entities/gateway.js';
import type { Db } from '../../db/client.js';
import { charger, company, gateway, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertInScope, scopeWhere } from '../../http/scope.js';
import { generatePassword, hashPassword } from '../../auth/password.js';
import { chargerDashboardState, connectorsOf } from '../charger/service.js';
import { readCompanyFilter, type Tx } from '../station/index.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';

export interface GatewayFilter extends PageQuery {
  companyCode?: string;
  stationId?: number;
  lifeStatus?: string[];
  online?: boolean;
  q?: string;
}

const chargerCount = sql<number>`(select count(*)::int from ${charger} where ${charger.gatewaySn} = ${gateway.serialNum})`;
const SORT = {
  id: gateway.id,
  serialNum: gateway.serialNum,
  lifeStatus: gateway.lifeStatus,
  online: gateway.online,
  firmwareVersion: gateway.firmwareVersion,
  createdAt: gateway.createdAt,
  stationName: station.name,
  chargerCount,
};
const UNIQUE = { gateway_serial_num_unique: [304, 'serialNum'] } as const satisfies Record<string, UniqueAnswer>;

function selectGateways(db: Db) {
  return db
    .select({ g: gateway, companyName: company.name, stationName: station.name, chargerCount })
    .from(gateway)
    .leftJoin(company, eq(company.code, gateway.companyCode))
    .leftJoin(station, eq(station.id, gateway.stationId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectGateways>['where']>>[number];

/** The row as stored (never its OCPP password hash), whether it has a password, its names and charger count. */
function toRecord(r: Row): GatewayRecord {
  const { ocppPasswordHash, ...g } = r.g;
  return {
    ...storedJson(g),
    companyName: r.companyName,
    stationName: r.stationName,
    hasOcppPassword: ocppPasswordHash !== null,
    chargerCount: Number(r.chargerCount),
  };
}

/** A page of gateways; filters: company, station, life status (repeatable), online, q = SN. */
export async function listGateways(db: Db, auth: AuthContext, f: GatewayFilter): Promise<Page<GatewayRecord>> {
  const conds: (SQL | undefined)[] = [scopeWhere(auth, gateway)];
  const code = readCompanyFilter(auth, f.companyCode);
  if (code) conds.push(eq(gateway.companyCode, code));
  if (f.stationId) conds.push(eq(gateway.stationId, f.stationId));
  if (f.lifeStatus?.length) conds.push(inArray(gateway.lifeStatus, f.lifeStatus));
  if (f.online !== undefined) conds.push(eq(gateway.online, f.online));
  if (f.q) conds.push(ilike(gateway.serialNum, `%${f.q}%`));
  const where = and(...conds);
  const { limit, offset } = limitOffset(f);
  const rows = await selectGateways(db)
    .where(where)
    .orderBy(...orderByOf(f, SORT, { fallback: gateway.id, tieBreak: gateway.id }))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(gateway).where(where);
  return { records: rows.map(toRecord), total: n };
}

/** One gateway; unknown → 802; another company's → 709 / 725. */
export async function getGateway(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read'): Promise<GatewayRecord> {
  const [row] = await selectGateways(db).where(eq(gateway.id, id));
  if (!row) throw new AppError(802);
  assertInScope(auth, gateway, row.g, mode);
  return toRecord(row);
}

/** A gateway with its chargers (by `charger.gatewaySn`) and their live status (online, run status, state with the connectors). */
export async function getGatewayDetail(db: Db, auth: AuthContext, id: number): Promise<GatewayDetail> {
  const g = await getGateway(db, auth, id);
  const rows = await db.select().from(charger).where(eq(charger.gatewaySn, g.serialNum)).orderBy(asc(charger.serialNum));
  const connectors = await connectorsOf(
    db,
    rows.map((c) => c.id),
  );
  return {
    ...g,
    chargers: rows.map((c) => ({
      id: c.id,
      serialNum: c.serialNum,
      online: c.online,
      runStatus: c.runStatus,
      dashboardState: chargerDashboardState(
        c.online,
        c.runStatus,
        (connectors.get(c.id) ?? []).map((k) => k.status),
      ),
      lifeStatus: c.lifeStatus,
      firmwareVersion: c.firmwareVersion,
      lastSeenAt: c.lastSeenAt?.toISOString() ?? null,
    })),
  };
}

/** The company of the gateway's station (801 unknown, 725 another company's). */
async function stationCompany(tx: Tx, auth: AuthContext, stationId: number): Promise<string> {
  const [s] = await tx.select({ id: station.id, companyCode: station.companyCode }).from(station).where(eq(station.id, stationId));
  if (!s) throw new AppError(801, 'stationId');
  assertInScope(auth, station, s, 'write');
  return s.companyCode;
}

/** A charger holding the identity makes it a duplicate (one OCPP namespace) → 304. */
async function checkIdentityFree(tx: Tx, serialNum: string) {
  const [c] = await tx.select({ id: charger.id }).from(charger).where(eq(charger.serialNum, serialNum));
  if (c) throw new AppError(304, 'serialNum');
}

/** Registers a gateway; returns its id. */
export async function createGateway(db: Db, auth: AuthContext, input: GatewayInput): Promise<number> {
  return mapUnique(
    () =>
      db.transaction(async (tx) => {
        const companyCode = await stationCompany(tx, auth, input.stationId);
        await checkIdentityFree(tx, input.serialNum);
        const [row] = await tx
          .insert(gateway)
          .values({
            companyCode,
            stationId: input.stationId,
            serialNum: input.serialNum,
            lifeStatus: input.lifeStatus,
            firmwareVersion: input.firmwareVersion ?? null,
          })
          .returning({ id: gateway.id });
        return row.id;
      }),
    UNIQUE,
  );
}

/**
 * Edits a gateway (same company only; SN rename refused while connected: 717).
 * @returns true when this edit took the gateway out of ACTIVE (its socket must close).
 */
export async function updateGateway(db: Db, auth: AuthContext, current: GatewayRecord, input: GatewayInput): Promise<boolean> {
  await mapUnique(
    () =>
      db.transaction(async (tx) => {
        const companyCode = await stationCompany(tx, auth, input.stationId);
        if (companyCode !== current.companyCode) throw new AppError(725, 'stationId');
        const renamed = input.serialNum !== current.serialNum;
        if (renamed) {
          const [live] = await tx.select({ online: gateway.online }).from(gateway).where(eq(gateway.id, current.id)).for('update');
          if (live?.online) throw new AppError(717);
          await checkIdentityFree(tx, input.serialNum);
        }
        await tx
          .update(gateway)
          .set({
            stationId: input.stationId,
            serialNum: input.serialNum,
            lifeStatus: input.lifeStatus,
            firmwareVersion: input.firmwareVersion ?? null,
          })
          .where(eq(gateway.id, current.id));
        if (renamed) {
          await tx
            .update(charger)
            .set({ gatewaySn: input.serialNum })
            .where(and(eq(charger.gatewaySn, current.serialNum), eq(charger.companyCode, current.companyCode)));
        }
      }),
    UNIQUE,
  );
  return current.lifeStatus === 'ACTIVE' && input.lifeStatus !== 'ACTIVE';
}

/** Generates, stores (hashed) and returns the gateway's new OCPP password. */
export async function rotateGatewayPassword(db: Db, current: GatewayRecord): Promise<string> {
  const password = generatePassword();
  await db
    .update(gateway)
    .set({ ocppPasswordHash: await hashPassword(password) })
    .where(eq(gateway.id, current.id));
  return password;
}

/** Removes the gateway's OCPP password (it may then connect without Basic auth). */
export async function clearGatewayPassword(db: Db, current: GatewayRecord): Promise<void> {
  await db.update(gateway).set({ ocppPasswordHash: null }).where(eq(gateway.id, current.id));
}

/** Deletes a gateway without chargers (else 400 `chargers`). */
export async function deleteGateway(db: Db, current: GatewayRecord): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(charger).where(eq(charger.gatewaySn, current.serialNum));
    if (n > 0) throw new AppError(400, 'chargers');
    await tx.delete(gateway).where(eq(gateway.id, current.id));
  });
}
