/**
 * Smart-charging schedules (requirements §5 "Smart charging", §16): stored daily windows with current
 * limits for a charger or every charger of a station, checked against the station's total (its
 * grid connection limit, 614), sent as OCPP 1.6 charging profiles (SetChargingProfile), cleared
 * (ClearChargingProfile), and what a charger will do read back (GetCompositeSchedule).
 */
import { and, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChargingScheduleInput, ChargingScheduleRecord, CompositeScheduleAnswer } from '../../../domain/entities/charging-schedule.js';
import { chargingScheduleWhole, overCapIssues } from '../../../domain/entities/charging-schedule.js';
import type { CommandOutcome } from '../../../domain/entities/home-charger.js';
import { checkInput } from '../../../domain/entities/rules.js';
import { scheduleProfile, type ProfileKind, type ProfilePurpose, type RateUnit } from '../../../domain/smart-charging.js';
import type { Db } from '../../db/client.js';
import { charger, chargeOrder, chargingSchedule, homeCharger, station, stationLoad } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, throwIfIssues } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, NEWEST_FIRST, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertInScope, assertSameCompany, loadInScope, scopeWhere } from '../../http/scope.js';
import { commandTo } from '../command/service.js';
import { clearFeature, withdrawClears } from './feature-clear.js';
import { tryCommand } from './outcome.js';

/** chargingProfileId of schedule `id` (so that clearing names exactly its profile). */
export const scheduleProfileId = (id: number) => 1_000_000 + id;

type Row = typeof chargingSchedule.$inferSelect;
type SentResult = CommandOutcome & { chargerSn: string };

const SORTABLE = { id: chargingSchedule.id, name: chargingSchedule.name, updatedAt: chargingSchedule.updatedAt } as const;

/** The station's total current (grid connection limit, A) or null when it has none. */
async function stationTotal(db: Db, stationId: number | null): Promise<number | null> {
  if (!stationId) return null;
  const [l] = await db.select({ a: stationLoad.gridLimitA }).from(stationLoad).where(eq(stationLoad.stationId, stationId));
  return l?.a ?? null;
}

async function toRecords(db: Db, rows: Row[]): Promise<ChargingScheduleRecord[]> {
  const chargerIds = rows.flatMap((r) => (r.chargerId ? [r.chargerId] : []));
  const stationIds = rows.flatMap((r) => (r.stationId ? [r.stationId] : []));
  const [sns, names, totals] = await Promise.all([
    chargerIds.length ? db.select({ id: charger.id, sn: charger.serialNum }).from(charger).where(inArray(charger.id, chargerIds)) : [],
    stationIds.length ? db.select({ id: station.id, name: station.name, timeZone: station.timeZone }).from(station).where(inArray(station.id, stationIds)) : [],
    stationIds.length
      ? db.select({ id: stationLoad.stationId, a: stationLoad.gridLimitA }).from(stationLoad).where(inArray(stationLoad.stationId, stationIds))
      : [],
  ]);
  const sn = new Map(sns.map((x) => [x.id, x.sn]));
  const name = new Map(names.map((x) => [x.id, x.name]));
  const zone = new Map(names.map((x) => [x.id, x.timeZone]));
  const total = new Map(totals.map((x) => [x.id, x.a]));
  return rows.map((r) => ({
    id: r.id,
    companyCode: r.companyCode,
    name: r.name,
    target: r.chargerId ? 'CHARGER' : 'STATION',
    chargerId: r.chargerId,
    chargerSn: r.chargerId ? (sn.get(r.chargerId) ?? null) : null,
    stationId: r.stationId,
    stationName: r.stationId ? (name.get(r.stationId) ?? null) : null,
    connectorId: r.connectorId,
    purpose: r.purpose as ProfilePurpose,
    stackLevel: r.stackLevel,
    kind: r.kind as ProfileKind,
    validFrom: r.validFrom?.toISOString() ?? null,
    validTo: r.validTo?.toISOString() ?? null,
    windows: r.windows,
    defaultLimitA: r.defaultLimitA,
    stationTotalA: r.stationId ? (total.get(r.stationId) ?? null) : null,
    timeZone: r.stationId ? (zone.get(r.stationId) ?? null) : null,
    lastSent: (r.lastSent as ChargingScheduleRecord['lastSent']) ?? null,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** A page of schedules. */
export async function listSchedules(db: Db, auth: AuthContext, q: PageQuery & { companyCode?: string; q?: string; stationId?: number; chargerId?: number }) {
  assertSameCompany(auth, q.companyCode, 'read');
  const where: (SQL | undefined)[] = [scopeWhere(auth, chargingSchedule)];
  if (q.companyCode) where.push(eq(chargingSchedule.companyCode, q.companyCode));
  if (q.stationId) where.push(eq(chargingSchedule.stationId, q.stationId));
  if (q.chargerId) where.push(eq(chargingSchedule.chargerId, q.chargerId));
  if (q.q) where.push(or(ilike(chargingSchedule.name, likeTerm(q.q))));
  const cond = and(...where);
  const { limit, offset } = limitOffset(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(chargingSchedule)
      .where(cond)
      .orderBy(...orderByOf(q, SORTABLE, { ...NEWEST_FIRST, fallback: chargingSchedule.id, tieBreak: chargingSchedule.id }))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(chargingSchedule).where(cond),
  ]);
  return { records: await toRecords(db, rows), total: n };
}

/** One schedule (400 `id` when missing: the catalogue has no not-found code for schedules; 709/725 outside the scope). */
export async function loadSchedule(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write'): Promise<Row> {
  const row = await loadInScope(db, auth, chargingSchedule, id, mode);
  if (!row) throw new AppError(400, 'id');
  return row;
}

export async function scheduleRecordOf(db: Db, id: number): Promise<ChargingScheduleRecord> {
  const rows = await db.select().from(chargingSchedule).where(eq(chargingSchedule.id, id));
  const [rec] = await toRecords(db, rows);
  if (!rec) throw new AppError(400, 'id');
  return rec;
}

/**
 * What caps a schedule for charger `chargerId` or (without it) station `stationId`: the station's
 * total, a home charger's maximum, the lower of both, and the station's time zone. Checks the
 * caller's scope (800/801 missing, 709/725 outside it).
 */
export async function scheduleLimits(db: Db, auth: AuthContext, where: { chargerId?: number | null; stationId?: number | null }, mode: 'read' | 'write') {
  let companyCode: string;
  let stationId: number | null;
  let chargerId: number | null = null;
  let homeMaxA: number | null = null;
  if (where.chargerId) {
    const [ch] = await db.select().from(charger).where(eq(charger.id, where.chargerId));
    if (!ch) throw new AppError(800, 'chargerId');
    assertInScope(auth, charger, ch, mode);
    ({ companyCode, stationId } = ch);
    chargerId = ch.id;
    const [home] = await db.select({ max: homeCharger.maxCurrentA }).from(homeCharger).where(eq(homeCharger.chargerId, ch.id));
    homeMaxA = home?.max ?? null;
  } else {
    const [st] = await db
      .select()
      .from(station)
      .where(eq(station.id, where.stationId as number));
    if (!st) throw new AppError(801, 'stationId');
    assertInScope(auth, station, st, mode);
    companyCode = st.companyCode;
    stationId = st.id;
  }
  const [total, [st]] = await Promise.all([
    stationTotal(db, stationId),
    stationId ? db.select({ timeZone: station.timeZone }).from(station).where(eq(station.id, stationId)) : Promise.resolve([]),
  ]);
  const caps = [total, homeMaxA].filter((x): x is number => x !== null);
  return {
    companyCode,
    stationId,
    chargerId,
    stationTotalA: total,
    homeMaxA,
    capA: caps.length ? Math.min(...caps) : null,
    timeZone: st?.timeZone ?? null,
  };
}

/**
 * Where a schedule applies: its company, station and (for a charger) the charger; checks the
 * caller's scope and the limits against the station's total (789) and a home charger's maximum
 * (790), on each offending limit, all at once.
 */
async function resolveTarget(db: Db, auth: AuthContext, input: ChargingScheduleInput) {
  const l = await scheduleLimits(db, auth, input.target === 'CHARGER' ? { chargerId: input.chargerId } : { stationId: input.stationId }, 'write');
  throwIfIssues(overCapIssues(input, l));
  return { companyCode: l.companyCode, stationId: l.stationId, chargerId: l.chargerId };
}

/** The stored columns of a checked schedule. */
const columnsOf = (input: ChargingScheduleInput) => ({
  name: input.name,
  connectorId: input.connectorId ?? 0,
  purpose: input.purpose,
  stackLevel: input.stackLevel ?? 1,
  kind: input.kind ?? 'Recurring',
  validFrom: input.validFrom ? new Date(input.validFrom) : null,
  validTo: input.validTo ? new Date(input.validTo) : null,
  windows: input.windows.map((w) => ({ startTime: w.startTime, endTime: w.endTime, limitA: w.limitA as number })),
  defaultLimitA: input.defaultLimitA as number,
});

/** Stores a new schedule (checked as requirements §5 says) and returns its id. */
export async function createSchedule(db: Db, auth: AuthContext, input: ChargingScheduleInput): Promise<number> {
  const t = await resolveTarget(db, auth, input);
  const [row] = await db
    .insert(chargingSchedule)
    .values({ ...t, ...columnsOf(input) })
    .returning({ id: chargingSchedule.id });
  return row.id;
}

/** Changes a schedule: the stored one with `patch` over it, checked as a whole. */
export async function updateSchedule(db: Db, auth: AuthContext, id: number, patch: Partial<ChargingScheduleInput>): Promise<void> {
  const row = await loadSchedule(db, auth, id, 'write');
  const merged = {
    name: row.name,
    target: row.chargerId ? 'CHARGER' : 'STATION',
    chargerId: row.chargerId,
    stationId: row.stationId,
    connectorId: row.connectorId,
    purpose: row.purpose,
    stackLevel: row.stackLevel,
    windows: row.windows,
    defaultLimitA: row.defaultLimitA,
    kind: row.kind,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  const checked = checkInput(chargingScheduleWhole, merged);
  if (!checked.success) return throwIfIssues(checked.issues);
  const input = checked.data as ChargingScheduleInput;
  const t = await resolveTarget(db, auth, input);
  await db
    .update(chargingSchedule)
    .set({ ...t, ...columnsOf(input), updatedAt: new Date() })
    .where(eq(chargingSchedule.id, id));
}

/**
 * Deletes a schedule; when its profile was last sent (not cleared since), it is cleared from its
 * chargers (ClearChargingProfile by id; owed until a charger next connects, R16.8).
 */
export async function deleteSchedule(app: FastifyInstance, auth: AuthContext, id: number): Promise<void> {
  const row = await loadSchedule(app.db, auth, id, 'write');
  const targets = await targetsOf(app.db, row);
  await app.db.delete(chargingSchedule).where(eq(chargingSchedule.id, id));
  const last = row.lastSent as ChargingScheduleRecord['lastSent'] | null;
  if (!last?.results.some((r) => r.action === 'SetChargingProfile')) return;
  for (const t of targets) await clearFeature(app, auth.username, t, [{ id: scheduleProfileId(row.id) }], 'SCHEDULE_DELETED');
}

/** The chargers a schedule applies to, with their station's time zone. */
async function targetsOf(db: Db, row: Row) {
  const cond = row.chargerId ? eq(charger.id, row.chargerId) : and(eq(charger.stationId, row.stationId as number), eq(charger.lifeStatus, 'ACTIVE'));
  return db
    .select({ id: charger.id, serialNum: charger.serialNum, companyCode: charger.companyCode, timeZone: station.timeZone })
    .from(charger)
    .leftJoin(station, eq(station.id, charger.stationId))
    .where(cond);
}

/**
 * The SetChargingProfile requests of schedule `row` for charger `target`: one on the schedule's
 * connector (0 for a ChargePointMaxProfile), or for a TxProfile one per running transaction
 * (`onlyTransaction` narrows to one).
 */
export async function profileRequests(db: Db, row: Row, target: { id: number; timeZone: string | null }, now: Date, onlyTransaction?: number) {
  const base = {
    chargingProfileId: scheduleProfileId(row.id),
    purpose: row.purpose as ProfilePurpose,
    stackLevel: row.stackLevel,
    kind: row.kind as ProfileKind,
    windows: row.windows,
    defaultLimitA: row.defaultLimitA,
    timeZone: target.timeZone ?? 'UTC',
    now,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
  };
  if (row.purpose !== 'TxProfile') {
    const connectorId = row.purpose === 'ChargePointMaxProfile' ? 0 : row.connectorId;
    return [{ connectorId, csChargingProfiles: scheduleProfile(base) }];
  }
  const open = await db
    .select({ tx: chargeOrder.transactionId, connectorId: chargeOrder.connectorId })
    .from(chargeOrder)
    .where(and(eq(chargeOrder.chargerId, target.id), eq(chargeOrder.status, 'CHARGING')));
  return open
    .filter((o) => (row.connectorId === 0 || o.connectorId === row.connectorId) && (onlyTransaction === undefined || o.tx === onlyTransaction))
    .map((o) => ({ connectorId: o.connectorId, csChargingProfiles: scheduleProfile({ ...base, transactionId: o.tx }) }));
}

/** Sends schedule `id` to every charger it applies to and keeps each answer. */
export async function sendSchedule(app: FastifyInstance, auth: AuthContext, id: number): Promise<ChargingScheduleRecord> {
  const row = await loadSchedule(app.db, auth, id, 'write');
  const now = new Date();
  const results: SentResult[] = [];
  const targets = await targetsOf(app.db, row);
  await withdrawClears(
    app,
    targets.map((t) => t.id),
    [{ id: scheduleProfileId(row.id) }],
  );
  for (const t of targets) {
    const requests = await profileRequests(app.db, row, t, now);
    if (!requests.length)
      results.push({
        at: now.toISOString(),
        action: 'SetChargingProfile',
        result: 'FAILED',
        code: 719,
        answer: { reason: 'NoTransaction' },
        chargerSn: t.serialNum,
      });
    for (const payload of requests) {
      results.push({ ...(await tryCommand(app, auth.username, t, 'SetChargingProfile', payload)), chargerSn: t.serialNum });
    }
  }
  await app.db
    .update(chargingSchedule)
    .set({ lastSent: { at: now.toISOString(), results } })
    .where(eq(chargingSchedule.id, id));
  return scheduleRecordOf(app.db, id);
}

/** Clears schedule `id`'s profile from every charger it applies to (ClearChargingProfile by id). */
export async function clearSchedule(app: FastifyInstance, auth: AuthContext, id: number): Promise<ChargingScheduleRecord> {
  const row = await loadSchedule(app.db, auth, id, 'write');
  const now = new Date();
  const results: SentResult[] = [];
  for (const t of await targetsOf(app.db, row)) {
    results.push({ ...(await tryCommand(app, auth.username, t, 'ClearChargingProfile', { id: scheduleProfileId(row.id) })), chargerSn: t.serialNum });
  }
  await app.db
    .update(chargingSchedule)
    .set({ lastSent: { at: now.toISOString(), results } })
    .where(eq(chargingSchedule.id, id));
  return scheduleRecordOf(app.db, id);
}

/**
 * What charger `chargerId` will do on `connectorId` for `duration` seconds (GetCompositeSchedule in
 * `unit`, A or W; the answer's `chargingRateUnit` says which the charger used).
 * @throws 800/709 (target), 718/719/720 (outcome).
 */
export async function compositeOf(
  app: FastifyInstance,
  auth: AuthContext,
  chargerId: number,
  connectorId: number,
  duration: number,
  unit: RateUnit = 'A',
): Promise<CompositeScheduleAnswer> {
  const [ch] = await app.db.select().from(charger).where(eq(charger.id, chargerId));
  if (!ch) throw new AppError(800);
  assertInScope(auth, charger, ch, 'read');
  const a = await commandTo<{
    status: string;
    scheduleStart?: string;
    chargingSchedule?: { duration?: number; chargingRateUnit: string; chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[] };
  }>(app, auth.username, ch, 'GetCompositeSchedule', { connectorId, duration, chargingRateUnit: unit });
  return {
    chargerSn: ch.serialNum,
    connectorId,
    status: a.status,
    scheduleStart: a.scheduleStart ?? null,
    duration: a.chargingSchedule?.duration ?? null,
    chargingRateUnit: a.chargingSchedule?.chargingRateUnit ?? null,
    periods: (a.chargingSchedule?.chargingSchedulePeriod ?? []).map((p) => ({
      startPeriod: p.startPeriod,
      limit: p.limit,
      ...(p.numberPhases ? { numberPhases: p.numberPhases } : {}),
    })),
  };
}

/** Schedules of TxProfile purpose that apply to charger `chargerId` (at its station too). */
export async function txSchedulesFor(db: Db, chargerId: number, stationId: number | null): Promise<Row[]> {
  return db
    .select()
    .from(chargingSchedule)
    .where(
      and(
        eq(chargingSchedule.purpose, 'TxProfile'),
        stationId
          ? or(eq(chargingSchedule.chargerId, chargerId), and(eq(chargingSchedule.stationId, stationId), isNull(chargingSchedule.chargerId)))
          : eq(chargingSchedule.chargerId, chargerId),
      ),
    );
}
