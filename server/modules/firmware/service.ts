/**
 * The firmware catalogue (requirements §15, System › DeviceVersion). Rules and codes:
 * - an upload is checked by ./file-check.ts (712 with the reason under `file`) and kept in the
 *   database (`stored_file`, kind FIRMWARE) before the form names it by `fileId`;
 * - a firmware needs an upload of the caller's (808 unknown or another's, 712 already used);
 *   the same device model and version twice in one company → 713 `version`;
 * - public firmware is read by every operator, the rest by its company (and administrators);
 *   only its company (or an administrator) deletes it; a firmware a campaign used is kept (713);
 * - unknown firmware → 809, another company's private one → 809 as well (it is not shown to them).
 */
import { and, count, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FirmwareInput, FirmwareRecord, FirmwareUpload } from '../../../domain/entities/firmware.js';
import type { Db } from '../../db/client.js';
import { company, firmware, firmwareCampaign, storedFile } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError, FieldErrors } from '../../../domain/app-error.js';
import { likeTerm, limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { scopeWhere } from '../../http/scope.js';
import { uniqueViolation } from '../../db/pg-errors.js';
import { storeFile } from '../files/index.js';
import { firmwareFileProblem, type FirmwareFileProblem } from './file-check.js';

export interface FirmwareFilter extends PageQuery {
  q?: string;
  deviceType?: string;
  deviceModel?: string;
  isPublic?: boolean;
}

const PROBLEM_KEYS: Record<FirmwareFileProblem, string> = {
  extension: 'validation.firmwareExtension',
  empty: 'validation.firmwareEmpty',
  tooBig: 'validation.firmwareTooBig',
  hex: 'validation.firmwareHex',
  binaryText: 'validation.firmwareBinaryText',
};

/** The 712 answer for a refused upload, the reason under `file`. */
export function uploadRefused(problem: FirmwareFileProblem, maxBytes: number): FieldErrors {
  return new FieldErrors([{ field: 'file', code: 712, key: PROBLEM_KEYS[problem], values: { max: maxBytes } }]);
}

/** Checks and keeps an uploaded image; answers its id, name, size and SHA-256. @throws 712 */
export async function uploadFirmwareFile(db: Db, auth: AuthContext, fileName: string, content: Buffer, maxBytes: number): Promise<FirmwareUpload> {
  const problem = firmwareFileProblem(fileName, content, maxBytes);
  if (problem) throw uploadRefused(problem, maxBytes);
  // Uploads never named by a firmware within a day are dropped with the next upload.
  await db
    .delete(storedFile)
    .where(
      and(
        eq(storedFile.kind, 'FIRMWARE'),
        lt(storedFile.createdAt, new Date(Date.now() - 86_400_000)),
        sql`not exists (select 1 from ${firmware} where ${firmware.fileId} = ${storedFile.id})`,
      ),
    )
    .catch(() => undefined);
  try {
    const f = await storeFile(db, { kind: 'FIRMWARE', companyCode: auth.companyCode, fileName: fileName.trim(), content, createdBy: auth.username });
    return { fileId: f.id, fileName: f.fileName, size: f.size, sha256: f.sha256 };
  } catch {
    throw new AppError(712, 'file');
  }
}

/** What the caller may read: public firmware, and its company's (everything for administrators). */
function readable(auth: AuthContext): SQL | undefined {
  const own = scopeWhere(auth, firmware);
  return own ? or(eq(firmware.isPublic, true), own) : undefined;
}

const SORT = {
  id: firmware.id,
  name: firmware.name,
  deviceType: firmware.deviceType,
  deviceModel: firmware.deviceModel,
  version: firmware.version,
  isPublic: firmware.isPublic,
  createdAt: firmware.createdAt,
  fileSize: storedFile.size,
  companyName: company.name,
};

function selectFirmware(db: Db) {
  return db
    .select({
      f: firmware,
      companyName: company.name,
      fileName: storedFile.fileName,
      fileSize: storedFile.size,
      sha256: storedFile.sha256,
    })
    .from(firmware)
    .innerJoin(storedFile, eq(storedFile.id, firmware.fileId))
    .leftJoin(company, eq(company.code, firmware.companyCode));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectFirmware>['where']>>[number];

function toRecord(auth: AuthContext, r: Row): FirmwareRecord {
  const f = r.f;
  return {
    id: f.id,
    name: f.name,
    deviceType: f.deviceType,
    deviceModel: f.deviceModel,
    version: f.version,
    changeLog: f.changeLog,
    isPublic: f.isPublic,
    companyCode: f.companyCode,
    companyName: r.companyName,
    fileId: f.fileId,
    fileName: r.fileName,
    fileSize: r.fileSize,
    sha256: r.sha256,
    createdBy: f.createdBy,
    createdAt: f.createdAt.toISOString(),
    editable: auth.isAdmin || (f.companyCode !== null && f.companyCode === auth.companyCode),
  };
}

/** A page of the firmware the caller may read; filters: q (name, model, version), device type, model, public. */
export async function listFirmware(db: Db, auth: AuthContext, f: FirmwareFilter): Promise<Page<FirmwareRecord>> {
  const conds: (SQL | undefined)[] = [readable(auth)];
  if (f.q) {
    const t = likeTerm(f.q);
    conds.push(or(ilike(firmware.name, t), ilike(firmware.deviceModel, t), ilike(firmware.version, t)));
  }
  if (f.deviceType) conds.push(eq(firmware.deviceType, f.deviceType));
  if (f.deviceModel) conds.push(eq(firmware.deviceModel, f.deviceModel));
  if (f.isPublic !== undefined) conds.push(eq(firmware.isPublic, f.isPublic));
  const where = and(...conds);
  const { limit, offset } = limitOffset(f);
  const rows = await selectFirmware(db)
    .where(where)
    .orderBy(...orderByOf(f, SORT, { fallback: firmware.createdAt, order: 'desc', tieBreak: firmware.id, tieOrder: 'same' }))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(firmware).where(where);
  return { records: rows.map((r) => toRecord(auth, r)), total: n };
}

/** One firmware the caller may read (809 otherwise); `write` also requires it to be theirs (725). */
export async function getFirmware(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read'): Promise<FirmwareRecord> {
  const [row] = await selectFirmware(db).where(and(eq(firmware.id, id), readable(auth)));
  if (!row) throw new AppError(809);
  const rec = toRecord(auth, row);
  if (mode === 'write' && !rec.editable) throw new AppError(725);
  return rec;
}

/** 713 on `version`: the message names the model and the version and says what to do. */
function duplicateVersion(input: Pick<FirmwareInput, 'deviceModel' | 'version'>): FieldErrors {
  return new FieldErrors([
    { field: 'version', code: 713, key: 'validation.firmwareVersionExists', values: { model: input.deviceModel, version: input.version } },
  ]);
}

/** Adds a firmware version; returns its id. @throws 808 / 712 (file), 713 (duplicate version or save failure), 725 */
export async function createFirmware(db: Db, auth: AuthContext, input: FirmwareInput): Promise<number> {
  let companyCode: string | null = auth.companyCode;
  if (auth.isAdmin) {
    companyCode = input.companyCode ?? null;
    if (companyCode) {
      const [c] = await db.select({ code: company.code }).from(company).where(eq(company.code, companyCode));
      if (!c) throw new AppError(400, 'companyCode');
    }
  } else if (input.companyCode && input.companyCode !== auth.companyCode) {
    throw new AppError(725, 'companyCode');
  } else if (input.isPublic) {
    // A public version reaches every operator: only the platform publishes (R15.4, decisions "Device Version for operators").
    throw new AppError(403, 'isPublic');
  }
  return db
    .transaction(async (tx) => {
      const [file] = await tx
        .select({ id: storedFile.id, kind: storedFile.kind, companyCode: storedFile.companyCode, createdBy: storedFile.createdBy })
        .from(storedFile)
        .where(eq(storedFile.id, input.fileId))
        .for('update');
      const mine = file && file.kind === 'FIRMWARE' && (auth.isAdmin ? true : file.companyCode === auth.companyCode);
      if (!mine) throw new AppError(808, 'fileId');
      const [used] = await tx.select({ id: firmware.id }).from(firmware).where(eq(firmware.fileId, input.fileId));
      if (used) throw new AppError(712, 'fileId');
      const [row] = await tx
        .insert(firmware)
        .values({
          companyCode,
          name: input.name,
          deviceType: input.deviceType,
          deviceModel: input.deviceModel,
          version: input.version,
          changeLog: input.changeLog ?? '',
          isPublic: input.isPublic,
          fileId: input.fileId,
          createdBy: auth.username,
        })
        .returning({ id: firmware.id });
      // The file now belongs with its firmware's company (an administrator may file it for one).
      await tx.update(storedFile).set({ companyCode }).where(eq(storedFile.id, input.fileId));
      return row.id;
    })
    .catch((err: unknown) => {
      throw uniqueViolation(err) === 'firmware_model_version_unique' ? duplicateVersion(input) : err;
    });
}

/** Deletes a firmware (and its file) no campaign used; otherwise 713 naming the campaigns (`#12, #15`). */
export async function deleteFirmware(db: Db, current: FirmwareRecord): Promise<void> {
  await db.transaction(async (tx) => {
    const used = await tx
      .select({ id: firmwareCampaign.id })
      .from(firmwareCampaign)
      .where(eq(firmwareCampaign.firmwareId, current.id))
      .orderBy(firmwareCampaign.id);
    if (used.length > 0) {
      // The message names the campaigns (#12, #15) so that the operator can find them.
      const campaigns = used.map((c) => `#${c.id}`).join(', ');
      throw new FieldErrors([{ field: 'campaigns', code: 713, key: 'validation.firmwareInUse', values: { count: used.length, campaigns } }]);
    }
    await tx.delete(firmware).where(eq(firmware.id, current.id));
    await tx.delete(storedFile).where(eq(storedFile.id, current.fileId));
  });
}

/** The firmware of `deviceModel` the caller may send (public or theirs), newest first. */
export function firmwareForModel(auth: AuthContext, deviceModel: string): SQL | undefined {
  return and(readable(auth), eq(firmware.deviceModel, deviceModel));
}
