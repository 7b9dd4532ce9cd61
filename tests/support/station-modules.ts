/**
 * Rows of the modules that reach a station through a charger (home chargers and their users,
 * charging schedules, diagnostics requests, upgrade campaigns), placed at one station of the
 * station-scope fixture (tests/support/tenants.ts), and a report ticket of a company: what the
 * permission matrix names by id to check that a station manager reaches only its own stations'.
 */
import { createHash } from 'node:crypto';
import {
  appUser,
  chargingSchedule,
  diagnosticsRequest,
  firmware,
  firmwareCampaign,
  firmwareCampaignCharger,
  homeCharger,
  homeMember,
  reportTicket,
  storedFile,
} from '../../server/db/schema.js';
import type { Db } from '../../server/db/client.js';
import type { StationRows } from './tenants.js';

/** The module rows of one station; `markers` are texts that only these rows (and their station's) show. */
export interface ModuleRows {
  homeChargerId: number;
  homeMemberId: number;
  appUserId: number;
  scheduleId: number;
  diagnosticsId: number;
  /** A campaign whose only charger is this station's. */
  campaignId: number;
  markers: string[];
}

/** A platform firmware (with its stored file) that campaigns can name. */
export async function aStoredFirmware(db: Db, version = '9.9.9'): Promise<number> {
  const content = Buffer.from(`firmware ${version}`);
  const [file] = await db
    .insert(storedFile)
    .values({
      kind: 'FIRMWARE',
      fileName: `fw-${version}.bin`,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
    })
    .returning({ id: storedFile.id });
  const [fw] = await db
    .insert(firmware)
    .values({ name: 'Scope board', deviceType: 'AC', deviceModel: 'SCOPE-1', version, fileId: file.id, isPublic: true })
    .returning({ id: firmware.id });
  return fw.id;
}

/** A finished campaign of `firmwareId` over `chargers` (each FAILED, so that reset and send have work to do). */
export async function aCampaign(db: Db, firmwareId: number, chargers: { id: number; sn: string }[], baseUrl: string): Promise<number> {
  const [c] = await db
    .insert(firmwareCampaign)
    .values({
      companyCode: 'ALPHA',
      firmwareId,
      status: 'FINISHED',
      outcome: 'ALL_FAILED',
      baseUrl,
      retries: 0,
      retryInterval: 1,
      createdBy: 'alpha.admin',
    })
    .returning({ id: firmwareCampaign.id });
  await db
    .insert(firmwareCampaignCharger)
    .values(chargers.map((ch) => ({ campaignId: c.id, chargerId: ch.id, chargerSn: ch.sn, status: 'FAILED', failure: '720' })));
  return c.id;
}

/** Places a home charger (with its owner), a charger schedule, a diagnostics request and a campaign at `rows`' charger. */
export async function moduleRowsAt(db: Db, rows: StationRows, tag: string, firmwareId: number, baseUrl: string): Promise<ModuleRows> {
  const mobile = `+4470${tag.length}${rows.chargerId}`.padEnd(12, '7');
  const email = `home.${tag.toLowerCase()}@alpha.example`;
  const [u] = await db
    .insert(appUser)
    .values({ companyCode: 'ALPHA', nickname: `Home ${tag}`, mobile, email })
    .returning({ id: appUser.id });
  const [h] = await db
    .insert(homeCharger)
    .values({ chargerId: rows.chargerId, companyCode: 'ALPHA', ownerAppUserId: u.id, maxCurrentA: 16 })
    .returning({ id: homeCharger.id });
  const [m] = await db
    .insert(homeMember)
    .values({ homeChargerId: h.id, appUserId: u.id, companyCode: 'ALPHA', level: 'OWNER' })
    .returning({ id: homeMember.id });
  const scheduleName = `Schedule ${tag}`;
  const [sch] = await db
    .insert(chargingSchedule)
    .values({
      companyCode: 'ALPHA',
      name: scheduleName,
      stationId: rows.stationId,
      chargerId: rows.chargerId,
      purpose: 'ChargePointMaxProfile',
      windows: [{ startTime: '08:00', endTime: '18:00', limitA: 10 }],
      defaultLimitA: 16,
    })
    .returning({ id: chargingSchedule.id });
  const [d] = await db
    .insert(diagnosticsRequest)
    .values({
      companyCode: 'ALPHA',
      chargerId: rows.chargerId,
      chargerSn: rows.chargerSn,
      tokenHash: createHash('sha256').update(`scope-${tag}`).digest('hex'),
      status: 'Uploaded',
      announcedName: `diag-${tag}.log`,
    })
    .returning({ id: diagnosticsRequest.id });
  const campaignId = await aCampaign(db, firmwareId, [{ id: rows.chargerId, sn: rows.chargerSn }], baseUrl);
  return {
    homeChargerId: h.id,
    homeMemberId: m.id,
    appUserId: u.id,
    scheduleId: sch.id,
    diagnosticsId: d.id,
    campaignId,
    markers: [mobile, email, scheduleName, `diag-${tag}.log`],
  };
}

/** A report ticket of `companyCode` (tickets are company-wide: a station manager sees its company's). */
export async function aTicket(db: Db, companyCode: string, serialNum: string): Promise<number> {
  const [t] = await db
    .insert(reportTicket)
    .values({
      serialNum,
      companyCode,
      nickname: 'Reporter',
      email: `reporter.${serialNum.toLowerCase()}@example.com`,
      subject: 'Broken cable',
      message: 'The cable is cut.',
    })
    .returning({ id: reportTicket.id });
  return t.id;
}
