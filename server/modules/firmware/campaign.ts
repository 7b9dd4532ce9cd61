/**
 * Upgrade campaigns (requirements R4.5–R4.6, §15): send UpdateFirmware to chosen chargers, follow each
 * through FirmwareStatusNotification and its next BootNotification, and decide the outcome.
 *
 * - Eligibility (decided, docs/decisions.md "Firmware upgrades"): online, active, whole charger
 *   Available and every connector Available; anything else (charging, faulted…) → 726. A charger
 *   whose model is not the firmware's → 740; unknown → 800; out of the caller's scope (another
 *   company's, or another station's for a station manager) → 725 `scope`; of another company than
 *   the campaign's → 725 `company`. Those are left out (`refused`); none left → the first code.
 * - Waves: with `waveSize`, the first N chargers are sent first; the rest once every first-wave
 *   charger is settled and the first wave's success rate reaches `successThreshold` (else PAUSED,
 *   THRESHOLD). Once `failureLimit` chargers failed, chargers still waiting are held (PAUSED, FAILURES).
 * - A charger is UPDATED when a BootNotification after the request reports the firmware's version,
 *   FAILED on DownloadFailed / InstallationFailed, a boot with another version after Installed
 *   (VERSION), a refused or unanswered request (718/719/720), not idle when its wave came (726),
 *   or silence longer than FIRMWARE_SILENCE_S (SILENT).
 * - Every settled charger re-evaluates its campaign in a transaction holding the campaign row, so
 *   that a wave is claimed (marked SENT) exactly once even with several nodes.
 * - Reset: every charger not updated returns to PENDING and the campaign to RESET ("upgrade
 *   progress being reset"); send / resume sends the waiting chargers of the lowest wave again.
 * - Scope: a campaign is read, reset and sent again only by callers who may reach every one of its
 *   chargers (a station manager: all at its stations; server/http/scope.ts), else 709 / 725.
 */
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  FIRMWARE_PROGRESS,
  isSettled,
  type CampaignCandidate,
  type CampaignCharger,
  type CampaignCounts,
  type CampaignDetail,
  type CampaignInput,
  type CampaignOutcome,
  type CampaignRecord,
  type CampaignRefusal,
  type CampaignStarted,
} from '../../../domain/entities/firmware-campaign.js';
import type { ErrorCode } from '../../../domain/errors.js';
import type { Db } from '../../db/client.js';
import { charger, firmware, firmwareCampaign, firmwareCampaignCharger, storedFile } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, type PageQuery } from '../../http/paging.js';
import { loadInScope, scopeWhere, stationLimit } from '../../http/scope.js';
import { connectorsOf } from '../charger/service.js';
import { upgradeBlock, type UpgradeBlock } from '../../../domain/upgrade-eligibility.js';
import { firmwareUrl } from '../files/index.js';
import { getFirmware } from './service.js';

type CampaignRow = typeof firmwareCampaign.$inferSelect;
type Row = typeof firmwareCampaignCharger.$inferSelect;

/** Statuses of a charger whose request is out and not settled. */
const IN_FLIGHT = ['SENT', ...FIRMWARE_PROGRESS] as const;

/** Why a charger cannot be upgraded now, or null (the idle rule of R4.6, domain/upgrade-eligibility.ts). */
export function notIdleReason(c: { online: boolean; lifeStatus: string; runStatus: string | null }, connectorStatuses: readonly string[]): UpgradeBlock | null {
  return upgradeBlock({ online: c.online, lifeStatus: c.lifeStatus, runStatus: c.runStatus, connectorStatuses });
}

/**
 * Asks chargers that never reported a status for their statuses (TriggerMessage
 * StatusNotification, OCPP 1.6 §5.17), so that a second attempt finds them judged. Not awaited by
 * the caller's answer; a charger that refuses or does not answer stays `no_status`.
 */
function askForStatus(app: FastifyInstance, serials: readonly string[]): void {
  for (const sn of serials) {
    void app.ocpp
      .call(sn, 'TriggerMessage', { requestedMessage: 'StatusNotification' })
      .catch((err: unknown) =>
        app.log.info({ chargeBoxId: sn, code: err instanceof AppError ? err.code : undefined }, 'status request for an upgrade not answered'),
      );
  }
}

/** Loads chargers `ids` with their connectors' statuses. */
async function loadChargers(db: Db, ids: number[]) {
  const rows = ids.length ? await db.select().from(charger).where(inArray(charger.id, ids)) : [];
  const connectors = await connectorsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, connectorStatuses: (connectors.get(r.id) ?? []).map((k) => k.status) }));
}

/** True when the caller may act on charger `c` (company and, for a station manager, station). */
function inScope(auth: AuthContext, c: { companyCode: string; stationId: number | null }): boolean {
  if (auth.isAdmin) return true;
  if (c.companyCode !== auth.companyCode) return false;
  const ids = stationLimit(auth);
  return ids === null || (c.stationId !== null && ids.includes(c.stationId));
}

/** Each charger of `ids` with its model, version and eligibility (null refusal = may be upgraded). */
export async function candidates(db: Db, auth: AuthContext, ids: number[]): Promise<CampaignCandidate[]> {
  const rows = await loadChargers(db, ids);
  return ids.map((id) => {
    const c = rows.find((r) => r.id === id);
    if (!c || !inScope(auth, c))
      return { chargerId: id, serialNum: c && inScope(auth, c) ? c.serialNum : '', model: null, firmwareVersion: null, refusal: 800, reason: 'unknown' };
    const reason = notIdleReason(c, c.connectorStatuses);
    return { chargerId: id, serialNum: c.serialNum, model: c.model, firmwareVersion: c.firmwareVersion, refusal: reason ? 726 : null, reason };
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function countsOf(rows: readonly Pick<Row, 'status'>[]): CampaignCounts {
  const c = { total: rows.length, pending: 0, inProgress: 0, updated: 0, failed: 0 };
  for (const r of rows) {
    if (r.status === 'PENDING') c.pending++;
    else if (r.status === 'UPDATED') c.updated++;
    else if (r.status === 'FAILED') c.failed++;
    else c.inProgress++;
  }
  return c;
}

function toCharger(r: Row): CampaignCharger {
  return {
    chargerId: r.chargerId,
    serialNum: r.chargerSn,
    wave: r.wave,
    status: r.status as CampaignCharger['status'],
    failure: r.failure,
    previousVersion: r.previousVersion,
    reportedVersion: r.reportedVersion,
    sentAt: iso(r.sentAt),
    lastReportAt: iso(r.lastReportAt),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toRecord(c: CampaignRow, f: { name: string; version: string; deviceModel: string }, rows: readonly Row[]): CampaignRecord {
  return {
    id: c.id,
    companyCode: c.companyCode,
    firmwareId: c.firmwareId,
    firmwareName: f.name,
    version: f.version,
    deviceModel: f.deviceModel,
    stationId: c.stationId,
    gatewaySn: c.gatewaySn,
    status: c.status as CampaignRecord['status'],
    outcome: c.outcome as CampaignRecord['outcome'],
    pauseReason: c.pauseReason as CampaignRecord['pauseReason'],
    waveSize: c.waveSize,
    successThreshold: c.successThreshold,
    failureLimit: c.failureLimit,
    retries: c.retries,
    retryInterval: c.retryInterval,
    createdBy: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    finishedAt: iso(c.finishedAt),
    counts: countsOf(rows),
  };
}

/**
 * A page of campaigns in the caller's scope, newest first; filters: status, gateway and station (the
 * campaigns started there or touching one of its chargers now), charger.
 */
export async function listCampaigns(
  db: Db,
  auth: AuthContext,
  f: PageQuery & { status?: string; gatewaySn?: string; stationId?: number; chargerId?: number },
): Promise<Page<CampaignRecord>> {
  const conds: (SQL | undefined)[] = [scopeWhere(auth, firmwareCampaign)];
  if (f.status) conds.push(eq(firmwareCampaign.status, f.status));
  // A station's or gateway's campaigns are those started there and every campaign that touched one
  // of its chargers (a campaign may span stations; issue #26 item 3).
  const touched = (
    cond: SQL,
  ) => sql`exists (select 1 from ${firmwareCampaignCharger} inner join ${charger} on ${charger.id} = ${firmwareCampaignCharger.chargerId}
    where ${firmwareCampaignCharger.campaignId} = ${firmwareCampaign.id} and ${cond})`;
  if (f.gatewaySn) conds.push(or(eq(firmwareCampaign.gatewaySn, f.gatewaySn), touched(eq(charger.gatewaySn, f.gatewaySn))));
  if (f.stationId) conds.push(or(eq(firmwareCampaign.stationId, f.stationId), touched(eq(charger.stationId, f.stationId))));
  if (f.chargerId)
    conds.push(
      sql`exists (select 1 from ${firmwareCampaignCharger} where ${firmwareCampaignCharger.campaignId} = ${firmwareCampaign.id} and ${firmwareCampaignCharger.chargerId} = ${f.chargerId})`,
    );
  const where = and(...conds);
  const { limit, offset } = limitOffset(f);
  const list = await db
    .select({ c: firmwareCampaign, name: firmware.name, version: firmware.version, deviceModel: firmware.deviceModel })
    .from(firmwareCampaign)
    .innerJoin(firmware, eq(firmware.id, firmwareCampaign.firmwareId))
    .where(where)
    .orderBy(desc(firmwareCampaign.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(firmwareCampaign).where(where);
  const rows = list.length
    ? await db
        .select()
        .from(firmwareCampaignCharger)
        .where(
          inArray(
            firmwareCampaignCharger.campaignId,
            list.map((l) => l.c.id),
          ),
        )
    : [];
  return {
    records: list.map((l) =>
      toRecord(
        l.c,
        l,
        rows.filter((r) => r.campaignId === l.c.id),
      ),
    ),
    total: Number(n),
  };
}

/**
 * One campaign with its chargers (unknown → 400 `id`; another company's, or for a station manager one
 * with a charger outside its stations → 709 read / 725 write).
 */
export async function getCampaign(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read'): Promise<CampaignDetail> {
  if (!(await loadInScope(db, auth, firmwareCampaign, id, mode))) throw new AppError(400, 'id');
  const [l] = await db
    .select({ c: firmwareCampaign, name: firmware.name, version: firmware.version, deviceModel: firmware.deviceModel })
    .from(firmwareCampaign)
    .innerJoin(firmware, eq(firmware.id, firmwareCampaign.firmwareId))
    .where(eq(firmwareCampaign.id, id));
  if (!l) throw new AppError(400, 'id');
  const rows = await db
    .select()
    .from(firmwareCampaignCharger)
    .where(eq(firmwareCampaignCharger.campaignId, id))
    .orderBy(asc(firmwareCampaignCharger.wave), asc(firmwareCampaignCharger.chargerSn));
  return { ...toRecord(l.c, l, rows), chargers: rows.map(toCharger) };
}

/**
 * Starts a campaign: checks the firmware (809) and each charger, stores the campaign with its
 * waves and sends the first wave. `baseUrl`: where chargers reach this server.
 */
export async function startCampaign(app: FastifyInstance, auth: AuthContext, input: CampaignInput, baseUrl: string): Promise<CampaignStarted> {
  const fw = await getFirmware(app.db, auth, input.firmwareId);
  const ids = [...new Set(input.chargerIds)];
  const rows = await loadChargers(app.db, ids);
  const refused: CampaignRefusal[] = [];
  const eligible: typeof rows = [];
  let companyCode: string | null = auth.isAdmin ? null : auth.companyCode;
  for (const id of ids) {
    const c = rows.find((r) => r.id === id);
    if (!c) {
      refused.push({ chargerId: id, serialNum: null, code: 800, reason: 'unknown' });
      continue;
    }
    if (!inScope(auth, c)) {
      refused.push({ chargerId: id, serialNum: null, code: 725, reason: 'scope' });
      continue;
    }
    companyCode ??= c.companyCode;
    if (c.companyCode !== companyCode) {
      refused.push({ chargerId: id, serialNum: c.serialNum, code: 725, reason: 'company' });
      continue;
    }
    if (c.model !== fw.deviceModel) {
      refused.push({ chargerId: id, serialNum: c.serialNum, code: 740, reason: 'model' });
      continue;
    }
    const reason = notIdleReason(c, c.connectorStatuses);
    if (reason) {
      refused.push({ chargerId: id, serialNum: c.serialNum, code: 726, reason });
      continue;
    }
    eligible.push(c);
  }
  askForStatus(
    app,
    refused.filter((r) => r.reason === 'no_status' && r.serialNum).map((r) => r.serialNum!),
  );
  if (!eligible.length || !companyCode) throw new AppError((refused[0]?.code ?? 602) as ErrorCode, 'chargerIds', { refused });
  const waveSize = input.waveSize && input.waveSize < eligible.length ? input.waveSize : null;
  const campaignId = await app.db.transaction(async (tx) => {
    const [c] = await tx
      .insert(firmwareCampaign)
      .values({
        companyCode: companyCode!,
        firmwareId: fw.id,
        stationId: input.stationId ?? null,
        gatewaySn: input.gatewaySn || null,
        status: 'RUNNING',
        waveSize,
        successThreshold: input.successThreshold,
        failureLimit: input.failureLimit ?? null,
        retries: input.retries,
        retryInterval: input.retryInterval,
        baseUrl,
        createdBy: auth.username,
      })
      .returning({ id: firmwareCampaign.id });
    await tx.insert(firmwareCampaignCharger).values(
      eligible.map((e, i) => ({
        campaignId: c.id,
        chargerId: e.id,
        chargerSn: e.serialNum,
        wave: waveSize && i >= waveSize ? 2 : 1,
        status: 'PENDING',
        previousVersion: e.firmwareVersion,
      })),
    );
    return c.id;
  });
  await sendPending(app, campaignId, input.retrieveDate ? new Date(input.retrieveDate) : undefined);
  return { ...(await getCampaign(app.db, auth, campaignId)), refused };
}

/**
 * Claims (marks SENT) the waiting chargers of the lowest waiting wave of a RUNNING campaign and sends
 * them UpdateFirmware; a charger no longer idle fails with 726, a refused request with its code.
 */
async function sendPending(app: FastifyInstance, campaignId: number, retrieveDate?: Date): Promise<void> {
  const claimed = await app.db.transaction(async (tx) => {
    const [c] = await tx.select().from(firmwareCampaign).where(eq(firmwareCampaign.id, campaignId)).for('update');
    if (c?.status !== 'RUNNING') return null;
    const pending = await tx
      .select()
      .from(firmwareCampaignCharger)
      .where(and(eq(firmwareCampaignCharger.campaignId, campaignId), eq(firmwareCampaignCharger.status, 'PENDING')));
    if (!pending.length) return null;
    const wave = Math.min(...pending.map((p) => p.wave));
    const mine = pending.filter((p) => p.wave === wave);
    const now = new Date();
    await tx
      .update(firmwareCampaignCharger)
      .set({ status: 'SENT', sentAt: now, lastReportAt: now, updatedAt: now, failure: null, reportedVersion: null })
      .where(
        inArray(
          firmwareCampaignCharger.id,
          mine.map((m) => m.id),
        ),
      );
    return { c, rows: mine };
  });
  if (!claimed) return;
  const [f] = await app.db
    .select({ fileId: firmware.fileId, fileName: storedFile.fileName, version: firmware.version })
    .from(firmware)
    .innerJoin(storedFile, eq(storedFile.id, firmware.fileId))
    .where(eq(firmware.id, claimed.c.firmwareId));
  const location = await firmwareUrl(app, claimed.c.baseUrl, f.fileId, f.fileName, app.config.fileUrlTtlHours, f.version);
  const live = await loadChargers(
    app.db,
    claimed.rows.map((r) => r.chargerId),
  );
  await Promise.all(
    claimed.rows.map(async (r) => {
      const c = live.find((l) => l.id === r.chargerId);
      if (!c || notIdleReason(c, c.connectorStatuses)) return settle(app, r.id, 'FAILED', '726');
      try {
        await app.ocpp.call(r.chargerSn, 'UpdateFirmware', {
          location,
          retrieveDate: (retrieveDate ?? new Date()).toISOString(),
          retries: claimed.c.retries,
          retryInterval: claimed.c.retryInterval,
        });
        app.log.info({ campaignId, chargeBoxId: r.chargerSn }, 'firmware update sent');
      } catch (err) {
        return settle(app, r.id, 'FAILED', err instanceof AppError ? String(err.code) : '719');
      }
    }),
  );
  await evaluate(app, campaignId);
}

/** Sets a charger row's status (and failure) unless it is settled already. */
async function settle(app: FastifyInstance, rowId: number, status: 'FAILED' | 'UPDATED', failure: string | null): Promise<void> {
  const now = new Date();
  await app.db
    .update(firmwareCampaignCharger)
    .set({ status, failure, updatedAt: now, lastReportAt: now })
    .where(and(eq(firmwareCampaignCharger.id, rowId), inArray(firmwareCampaignCharger.status, ['PENDING', ...IN_FLIGHT])));
}

/** The outcome of settled rows (R4.5). */
export function outcomeOf(counts: CampaignCounts): CampaignOutcome {
  if (counts.updated === counts.total) return 'ALL_SUCCEEDED';
  if (counts.updated === 0) return 'ALL_FAILED';
  return 'PARTIAL';
}

/** Re-reads a campaign and moves it on: pause, next wave, or finish with its outcome. */
export async function evaluate(app: FastifyInstance, campaignId: number): Promise<void> {
  const next = await app.db.transaction(async (tx) => {
    const [c] = await tx.select().from(firmwareCampaign).where(eq(firmwareCampaign.id, campaignId)).for('update');
    if (!c || (c.status !== 'RUNNING' && c.status !== 'PAUSED')) return false;
    const rows = await tx.select().from(firmwareCampaignCharger).where(eq(firmwareCampaignCharger.campaignId, campaignId));
    const counts = countsOf(rows);
    if (counts.updated + counts.failed === counts.total) {
      await tx
        .update(firmwareCampaign)
        .set({ status: 'FINISHED', outcome: outcomeOf(counts), pauseReason: null, finishedAt: new Date() })
        .where(eq(firmwareCampaign.id, campaignId));
      return false;
    }
    if (c.status !== 'RUNNING' || counts.pending === 0) return false;
    if (c.failureLimit !== null && counts.failed >= c.failureLimit) {
      await tx.update(firmwareCampaign).set({ status: 'PAUSED', pauseReason: 'FAILURES' }).where(eq(firmwareCampaign.id, campaignId));
      return false;
    }
    const waiting = Math.min(...rows.filter((r) => r.status === 'PENDING').map((r) => r.wave));
    const before = rows.filter((r) => r.wave < waiting);
    if (!before.every((r) => isSettled(r.status))) return false;
    const rate = before.length ? (before.filter((r) => r.status === 'UPDATED').length * 100) / before.length : 100;
    if (rate < c.successThreshold) {
      await tx.update(firmwareCampaign).set({ status: 'PAUSED', pauseReason: 'THRESHOLD' }).where(eq(firmwareCampaign.id, campaignId));
      return false;
    }
    return true;
  });
  // The next wave goes out without holding up the charger message that settled the last one.
  if (next) void sendPending(app, campaignId).catch((err: unknown) => app.log.error({ err, campaignId }, 'could not send the next wave'));
}

/** The operator's "reset": chargers not updated wait again, the campaign is RESET (R4.5). */
export async function resetCampaign(app: FastifyInstance, auth: AuthContext, id: number): Promise<CampaignDetail> {
  await getCampaign(app.db, auth, id, 'write');
  await app.db.transaction(async (tx) => {
    await tx.select({ id: firmwareCampaign.id }).from(firmwareCampaign).where(eq(firmwareCampaign.id, id)).for('update');
    await tx
      .update(firmwareCampaignCharger)
      .set({ status: 'PENDING', failure: null, sentAt: null, lastReportAt: null, reportedVersion: null, updatedAt: new Date() })
      .where(and(eq(firmwareCampaignCharger.campaignId, id), sql`${firmwareCampaignCharger.status} <> 'UPDATED'`));
    await tx.update(firmwareCampaign).set({ status: 'RESET', outcome: null, pauseReason: null, finishedAt: null }).where(eq(firmwareCampaign.id, id));
  });
  return getCampaign(app.db, auth, id);
}

/** The operator's "send request" on a reset or paused campaign: RUNNING again, the waiting chargers are sent. */
export async function resumeCampaign(app: FastifyInstance, auth: AuthContext, id: number): Promise<CampaignDetail> {
  const current = await getCampaign(app.db, auth, id, 'write');
  if (current.status === 'FINISHED' || current.status === 'RUNNING') throw new AppError(400, 'status');
  await app.db.update(firmwareCampaign).set({ status: 'RUNNING', pauseReason: null }).where(eq(firmwareCampaign.id, id));
  await sendPending(app, id);
  return getCampaign(app.db, auth, id);
}

/** The charger's in-flight campaign row, if any. */
async function activeRow(db: Db, chargerSn: string): Promise<(Row & { version: string }) | null> {
  const [r] = await db
    .select({ row: firmwareCampaignCharger, version: firmware.version })
    .from(firmwareCampaignCharger)
    .innerJoin(firmwareCampaign, eq(firmwareCampaign.id, firmwareCampaignCharger.campaignId))
    .innerJoin(firmware, eq(firmware.id, firmwareCampaign.firmwareId))
    .where(
      and(
        eq(firmwareCampaignCharger.chargerSn, chargerSn),
        inArray(firmwareCampaignCharger.status, [...IN_FLIGHT]),
        inArray(firmwareCampaign.status, ['RUNNING', 'PAUSED']),
      ),
    )
    .orderBy(desc(firmwareCampaignCharger.id))
    .limit(1);
  return r ? { ...r.row, version: r.version } : null;
}

/** FirmwareStatusNotification of a charger: its campaign row follows (DownloadFailed / InstallationFailed fail it). */
export async function onFirmwareStatus(app: FastifyInstance, chargerSn: string, status: string): Promise<void> {
  const r = await activeRow(app.db, chargerSn);
  if (!r) return;
  const now = new Date();
  if (status === 'DownloadFailed' || status === 'InstallationFailed') await settle(app, r.id, 'FAILED', status);
  else if ((FIRMWARE_PROGRESS as readonly string[]).includes(status)) {
    await app.db
      .update(firmwareCampaignCharger)
      .set({ status, lastReportAt: now, updatedAt: now })
      .where(and(eq(firmwareCampaignCharger.id, r.id), inArray(firmwareCampaignCharger.status, [...IN_FLIGHT])));
  } else return;
  await evaluate(app, r.campaignId);
}

/** BootNotification of a charger: the firmware's version → UPDATED; another version after Installed → FAILED (VERSION). */
export async function onBoot(app: FastifyInstance, chargerSn: string, firmwareVersion: string | undefined): Promise<void> {
  const r = await activeRow(app.db, chargerSn);
  if (!r) return;
  const now = new Date();
  if (firmwareVersion === r.version) await settle(app, r.id, 'UPDATED', null);
  else if (r.status === 'Installed') await settle(app, r.id, 'FAILED', 'VERSION');
  await app.db
    .update(firmwareCampaignCharger)
    .set({ reportedVersion: firmwareVersion ?? null, lastReportAt: now })
    .where(eq(firmwareCampaignCharger.id, r.id));
  await evaluate(app, r.campaignId);
}

/** Fails chargers silent for longer than the limit and moves their campaigns on. */
export async function sweepSilent(app: FastifyInstance, now = new Date()): Promise<number> {
  const limit = new Date(now.getTime() - app.config.firmwareSilenceS * 1000);
  const failed = await app.db
    .update(firmwareCampaignCharger)
    .set({ status: 'FAILED', failure: 'SILENT', updatedAt: now })
    .where(and(inArray(firmwareCampaignCharger.status, [...IN_FLIGHT]), lt(firmwareCampaignCharger.lastReportAt, limit)))
    .returning({ campaignId: firmwareCampaignCharger.campaignId });
  for (const id of new Set(failed.map((f) => f.campaignId))) await evaluate(app, id);
  return failed.length;
}
