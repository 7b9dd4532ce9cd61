/**
 * Stations (requirements §3 "Station", §5, §8). Rules: required fields (603 name, 616 maintainer, 810
 * pricing model, 604 template, 600 company); the template must exist (804), be of the same
 * company (725), of the pricing model's type (810) and activated (400 `rateTemplateId`) when it
 * is assigned; the group must be of the same company (725) and defaults to the company's default
 * group; a station holding chargers or gateways cannot be deleted (400 `chargers`).
 * Unknown station → 801; another company's → 709 (read) / 725 (write).
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { StationDetail, StationInput, StationRecord } from '../../../domain/entities/station.js';
import type { Db } from '../../db/client.js';
import { charger, company, gateway, rateTemplate, station, stationGroup } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertInScope, scopeWhere } from '../../http/scope.js';
import { chargerDashboardState, connectorsOf } from '../charger/service.js';
import { ensureDefaultGroup } from '../station-group/service.js';
import { readCompanyFilter, type Tx } from './common.js';
import { toStationRecord } from './mapper.js';

export interface StationFilter extends PageQuery {
  companyCode?: string;
  groupId?: number;
  status?: string[];
  q?: string;
}

const chargerCount = sql<number>`(select count(*)::int from ${charger} where ${charger.stationId} = ${station.id})`;

const SORT = {
  id: station.id,
  name: station.name,
  status: station.status,
  city: station.city,
  stationCode: station.stationCode,
  companyCode: station.companyCode,
  createdAt: station.createdAt,
  chargerCount,
};

function selectStations(db: Db) {
  return db
    .select({
      s: station,
      companyName: company.name,
      groupName: stationGroup.name,
      rateTemplateName: rateTemplate.modelName,
      currency: rateTemplate.currency,
      chargerCount,
    })
    .from(station)
    .leftJoin(company, eq(company.code, station.companyCode))
    .leftJoin(stationGroup, eq(stationGroup.id, station.groupId))
    .leftJoin(rateTemplate, eq(rateTemplate.id, station.rateTemplateId));
}

/** A page of stations visible to `auth`; filters: company, group, status (repeatable), q = name / code / city. */
export async function listStations(db: Db, auth: AuthContext, f: StationFilter): Promise<Page<StationRecord>> {
  // Station managers see their own stations only (requirements §6).
  const conds: (SQL | undefined)[] = [scopeWhere(auth, station)];
  const code = readCompanyFilter(auth, f.companyCode);
  if (code) conds.push(eq(station.companyCode, code));
  if (f.groupId) conds.push(eq(station.groupId, f.groupId));
  if (f.status?.length) conds.push(inArray(station.status, f.status));
  if (f.q) {
    const like = `%${f.q}%`;
    conds.push(or(ilike(station.name, like), ilike(station.stationCode, like), ilike(station.city, like)));
  }
  const where = and(...conds);
  const { limit, offset } = limitOffset(f);
  const rows = await selectStations(db)
    .where(where)
    .orderBy(...orderByOf(f, SORT, { fallback: station.id, tieBreak: station.id }))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(station).where(where);
  return { records: rows.map((r) => toStationRecord(r.s, r)), total: n };
}

/** One station; unknown → 801; another company's → 709 (read) / 725 (write). */
export async function getStation(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read'): Promise<StationRecord> {
  const [row] = await selectStations(db).where(eq(station.id, id));
  if (!row) throw new AppError(801);
  assertInScope(auth, station, row.s, mode);
  return toStationRecord(row.s, row);
}

/** A station with its chargers and gateways and their live status (online, run status, state with the connectors). */
export async function getStationDetail(db: Db, auth: AuthContext, id: number): Promise<StationDetail> {
  const s = await getStation(db, auth, id);
  const chargers = await db.select().from(charger).where(eq(charger.stationId, id)).orderBy(asc(charger.serialNum));
  const gateways = await db.select().from(gateway).where(eq(gateway.stationId, id)).orderBy(asc(gateway.serialNum));
  const connectors = await connectorsOf(
    db,
    chargers.map((c) => c.id),
  );
  return {
    ...s,
    chargers: chargers.map((c) => ({
      id: c.id,
      serialNum: c.serialNum,
      chargerStationCode: c.chargerStationCode,
      type: c.type,
      phase: c.phase,
      lifeStatus: c.lifeStatus,
      gatewaySn: c.gatewaySn,
      online: c.online,
      runStatus: c.runStatus,
      dashboardState: chargerDashboardState(
        c.online,
        c.runStatus,
        (connectors.get(c.id) ?? []).map((k) => k.status),
      ),
      firmwareVersion: c.firmwareVersion,
      lastSeenAt: c.lastSeenAt?.toISOString() ?? null,
    })),
    gateways: gateways.map((g) => ({
      id: g.id,
      serialNum: g.serialNum,
      lifeStatus: g.lifeStatus,
      online: g.online,
      firmwareVersion: g.firmwareVersion,
      lastSeenAt: g.lastSeenAt?.toISOString() ?? null,
    })),
  };
}

/** Checks the template a station is priced with (804, 725, 810, 400 when not activated). */
async function checkTemplate(tx: Tx, companyCode: string, input: StationInput, changed: boolean): Promise<void> {
  const [t] = await tx.select().from(rateTemplate).where(eq(rateTemplate.id, input.rateTemplateId));
  if (!t) throw new AppError(804, 'rateTemplateId');
  if (t.companyCode !== companyCode) throw new AppError(725, 'rateTemplateId');
  if (t.type !== input.pricingModel) throw new AppError(810, 'pricingModel');
  if (changed && !t.activated) throw new AppError(400, 'rateTemplateId');
}

/** The group of a station: the given one (same company, else 725; unknown → 400) or the default. */
async function groupFor(tx: Tx, companyCode: string, groupId: number | null | undefined): Promise<number> {
  if (!groupId) return ensureDefaultGroup(tx, companyCode);
  const [g] = await tx.select().from(stationGroup).where(eq(stationGroup.id, groupId));
  if (!g) throw new AppError(400, 'groupId');
  if (g.companyCode !== companyCode) throw new AppError(725, 'groupId');
  return g.id;
}

function values(input: StationInput) {
  return {
    name: input.name,
    status: input.status,
    visibility: input.visibility,
    locationType: input.locationType ?? null,
    maintainer: input.maintainer,
    maintainerMobile: input.maintainerMobile,
    customerCompany: input.customerCompany ?? null,
    customerName: input.customerName ?? null,
    contactEmail: input.contactEmail ?? null,
    customerMobile: input.customerMobile ?? null,
    address: input.address,
    houseNumber: input.houseNumber ?? null,
    city: input.city ?? null,
    zip: input.zip ?? null,
    country: input.country ?? null,
    latitude: input.latitude.toFixed(6),
    longitude: input.longitude.toFixed(6),
    pricingModel: input.pricingModel,
    rateTemplateId: input.rateTemplateId,
    stationCode: input.stationCode ?? null,
    notifyEnabled: input.notifyEnabled,
    notifyRecipients: input.notifyRecipients ?? null,
    timeZone: input.timeZone,
  };
}

/** Creates a station in one transaction; returns its id. */
export async function createStation(db: Db, input: StationInput): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTemplate(tx, input.companyCode, input, true);
    const groupId = await groupFor(tx, input.companyCode, input.groupId);
    const [row] = await tx
      .insert(station)
      .values({ ...values(input), companyCode: input.companyCode, groupId })
      .returning({ id: station.id });
    return row.id;
  });
}

/** Updates a station (its company cannot change: 725). */
export async function updateStation(db: Db, current: StationRecord, input: StationInput): Promise<void> {
  if (input.companyCode !== current.companyCode) throw new AppError(725, 'companyCode');
  await db.transaction(async (tx) => {
    const changed = input.rateTemplateId !== current.rateTemplateId || input.pricingModel !== current.pricingModel;
    await checkTemplate(tx, current.companyCode, input, changed);
    const groupId = await groupFor(tx, current.companyCode, input.groupId);
    await tx
      .update(station)
      .set({ ...values(input), groupId })
      .where(eq(station.id, current.id));
  });
}

/** Deletes a station without chargers or gateways (else 400 `chargers` / `gateways`). */
export async function deleteStation(db: Db, current: StationRecord): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ c }] = await tx.select({ c: count() }).from(charger).where(eq(charger.stationId, current.id));
    if (c > 0) throw new AppError(400, 'chargers');
    const [{ g }] = await tx.select({ g: count() }).from(gateway).where(eq(gateway.stationId, current.id));
    if (g > 0) throw new AppError(400, 'gateways');
    await tx.delete(station).where(eq(station.id, current.id));
  });
}
