/**
 * Diagnostics requests (requirements R15.10–R15.14; decided in docs/decisions.md "Diagnostics uploads"):
 *
 * - {@link requestDiagnostics}: GetDiagnostics to a connected charger with the window, retries and
 *   interval asked for, and a location on ChargeDesk itself: `<base>/ocpp-files/diagnostics/<token>/`
 *   (HTTP) or `ftp://<token>:<token>@<host>:<FTP port>/` (FTP). The token is random (192 bits),
 *   kept only as its SHA-256, and expires after FILE_URL_TTL_HOURS.
 * - Uploads ({@link claimUpload}, {@link uploadSink}): a token is held by one upload at a time (a
 *   hold lapses after {@link UPLOAD_HOLD_MS} if its node died) and spent once a file is kept; an
 *   interrupted or refused upload frees it for the charger's retry. Size ≤ DIAGNOSTICS_MAX_BYTES.
 * - DiagnosticsStatusNotification ({@link onDiagnosticsStatus}) updates the charger's newest request;
 *   an empty GetDiagnostics answer (NO_DATA) arriving after such a status does not overwrite it.
 * - Retention ({@link sweepDiagnostics}): files older than DIAGNOSTICS_RETENTION_DAYS are deleted
 *   (the request stays, without its file), and so are the parts of uploads a crashed node left.
 * Codes: see domain/entities/diagnostics.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DIAGNOSTICS_OPEN,
  DIAGNOSTICS_STATUSES,
  type DiagnosticsInput,
  type DiagnosticsRecord,
  type DiagnosticsRequestStatus,
} from '../../../domain/entities/diagnostics.js';
import type { Db } from '../../db/client.js';
import { charger, diagnosticsRequest, storedFile } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, type PageQuery } from '../../http/paging.js';
import { assertInScope, loadInScope } from '../../http/scope.js';
import { commandTo } from '../command/service.js';
import { UploadSink } from '../files/index.js';

type Row = typeof diagnosticsRequest.$inferSelect;

/** How long one upload holds a token before another may take it over (a node that died mid-upload). */
export const UPLOAD_HOLD_MS = 10 * 60_000;
/** A request with no news for this long no longer blocks a new one (754). */
export const OPEN_STALE_MS = 15 * 60_000;

/** SHA-256 (hex) of an upload token: what the database keeps. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where the FTP receiver of an app listens, once started (./ftp.ts); keyed by the app's configuration, which its plugins share. */
const ftpPorts = new WeakMap<object, number>();
/** Records (or forgets, with null) the port the FTP receiver of `app` listens on. */
export function setFtpPort(app: FastifyInstance, port: number | null): void {
  if (port === null) ftpPorts.delete(app.config);
  else ftpPorts.set(app.config, port);
}
/** The FTP receiver's port, or null when it is off. */
export const ftpPortOf = (app: FastifyInstance): number | null => ftpPorts.get(app.config) ?? null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const SELECT = { r: diagnosticsRequest, fileName: storedFile.fileName, fileSize: storedFile.size, sha256: storedFile.sha256 };

function toRecord(x: { r: Row; fileName: string | null; fileSize: number | null; sha256: string | null }): DiagnosticsRecord {
  const r = x.r;
  return {
    id: r.id,
    chargerId: r.chargerId,
    serialNum: r.chargerSn,
    transport: r.transport as DiagnosticsRecord['transport'],
    startTime: iso(r.startTime),
    stopTime: iso(r.stopTime),
    retries: r.retries,
    retryInterval: r.retryInterval,
    status: r.status as DiagnosticsRequestStatus,
    failure: r.failure,
    announcedName: r.announcedName,
    fileName: x.fileName,
    fileSize: x.fileSize,
    sha256: x.sha256,
    receivedAt: iso(r.receivedAt),
    expiresAt: r.expiresAt.toISOString(),
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The charger of a request or list (800 unknown; 709 / 725 outside the caller's scope). */
async function chargerOf(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write') {
  const [row] = await db.select().from(charger).where(eq(charger.id, id));
  if (!row) throw new AppError(800, 'chargerId');
  assertInScope(auth, charger, row, mode);
  return row;
}

/** One request as the console shows it. */
async function recordOf(db: Db, id: number): Promise<DiagnosticsRecord> {
  const [x] = await db
    .select(SELECT)
    .from(diagnosticsRequest)
    .leftJoin(storedFile, eq(storedFile.id, diagnosticsRequest.fileId))
    .where(eq(diagnosticsRequest.id, id));
  if (!x) throw new AppError(819);
  return toRecord(x);
}

/** A page of charger `chargerId`'s requests, newest first. */
export async function listDiagnostics(db: Db, auth: AuthContext, q: PageQuery & { chargerId: number }): Promise<Page<DiagnosticsRecord>> {
  await chargerOf(db, auth, q.chargerId, 'read');
  const where = eq(diagnosticsRequest.chargerId, q.chargerId);
  const { limit, offset } = limitOffset(q);
  const rows = await db
    .select(SELECT)
    .from(diagnosticsRequest)
    .leftJoin(storedFile, eq(storedFile.id, diagnosticsRequest.fileId))
    .where(where)
    .orderBy(desc(diagnosticsRequest.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(diagnosticsRequest).where(where);
  return { records: rows.map(toRecord), total: Number(n) };
}

/** Request `id` with its charger checked against the caller's scope (819 unknown). */
export async function getDiagnostics(db: Db, auth: AuthContext, id: number): Promise<DiagnosticsRecord & { fileId: number | null }> {
  const r = await loadInScope(db, auth, diagnosticsRequest, id, 'read');
  if (!r) throw new AppError(819);
  return { ...(await recordOf(db, id)), fileId: r.fileId };
}

/**
 * Sends GetDiagnostics to charger `input.chargerId` and stores the request. `baseUrl`: where
 * chargers reach this server (PUBLIC_URL or the console's address).
 * @throws AppError 800/725 (charger), 752 (FTP off), 754 (a request still open), 718/719/720 (the
 *   command; the request stays, FAILED).
 */
export async function requestDiagnostics(app: FastifyInstance, auth: AuthContext, input: DiagnosticsInput, baseUrl: string): Promise<DiagnosticsRecord> {
  const target = await chargerOf(app.db, auth, input.chargerId, 'write');
  const ftpPort = ftpPortOf(app);
  if (input.transport === 'FTP' && ftpPort === null) throw new AppError(752, 'transport');
  const now = new Date();
  const [open] = await app.db
    .select({ id: diagnosticsRequest.id })
    .from(diagnosticsRequest)
    .where(
      and(
        eq(diagnosticsRequest.chargerId, target.id),
        inArray(diagnosticsRequest.status, [...DIAGNOSTICS_OPEN]),
        isNull(diagnosticsRequest.fileId),
        gt(diagnosticsRequest.expiresAt, now),
        gt(diagnosticsRequest.updatedAt, new Date(now.getTime() - OPEN_STALE_MS)),
      ),
    )
    .limit(1);
  if (open) throw new AppError(754, 'chargerId', { requestId: open.id });

  const token = randomBytes(24).toString('base64url');
  const [row] = await app.db
    .insert(diagnosticsRequest)
    .values({
      companyCode: target.companyCode,
      chargerId: target.id,
      chargerSn: target.serialNum,
      transport: input.transport,
      startTime: input.startTime ? new Date(input.startTime) : null,
      stopTime: input.stopTime ? new Date(input.stopTime) : null,
      retries: input.retries ?? null,
      retryInterval: input.retryInterval ?? null,
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + app.config.fileUrlTtlHours * 3_600_000),
      status: 'REQUESTED',
      createdBy: auth.username,
    })
    .returning({ id: diagnosticsRequest.id });

  const location =
    input.transport === 'FTP' ? `ftp://${token}:${token}@${new URL(baseUrl).hostname}:${ftpPort}/` : `${baseUrl}/ocpp-files/diagnostics/${token}/`;
  const payload: Record<string, unknown> = { location };
  if (input.retries !== null && input.retries !== undefined) payload.retries = input.retries;
  if (input.retryInterval !== null && input.retryInterval !== undefined) payload.retryInterval = input.retryInterval;
  if (input.startTime) payload.startTime = new Date(input.startTime).toISOString();
  if (input.stopTime) payload.stopTime = new Date(input.stopTime).toISOString();
  try {
    const answer = await commandTo<{ fileName?: string }>(app, auth.username, target, 'GetDiagnostics', payload);
    const named = typeof answer?.fileName === 'string' && answer.fileName !== '';
    // "Nothing to upload" withdraws the token, but a status the charger reported before its answer
    // arrived (UploadFailed, Uploading…) is newer news and stays (requirements R15.26).
    await app.db
      .update(diagnosticsRequest)
      .set(
        named
          ? { announcedName: answer.fileName!, updatedAt: new Date() }
          : {
              status: sql`case when ${diagnosticsRequest.status} = 'REQUESTED' then 'NO_DATA' else ${diagnosticsRequest.status} end`,
              expiresAt: new Date(),
              updatedAt: new Date(),
            },
      )
      .where(eq(diagnosticsRequest.id, row.id));
  } catch (err) {
    const code = err instanceof AppError ? err.code : 719;
    await app.db
      .update(diagnosticsRequest)
      .set({ status: 'FAILED', failure: String(code), expiresAt: new Date(), updatedAt: new Date() })
      .where(eq(diagnosticsRequest.id, row.id));
    throw err;
  }
  return recordOf(app.db, row.id);
}

/** DiagnosticsStatusNotification of charger `chargerSn`: its newest request that is not closed takes the status. */
export async function onDiagnosticsStatus(db: Db, chargerSn: string, status: string): Promise<void> {
  if (!(DIAGNOSTICS_STATUSES as readonly string[]).includes(status)) return;
  const [r] = await db
    .select({ id: diagnosticsRequest.id })
    .from(diagnosticsRequest)
    .where(and(eq(diagnosticsRequest.chargerSn, chargerSn), sql`${diagnosticsRequest.status} not in ('NO_DATA', 'FAILED')`))
    .orderBy(desc(diagnosticsRequest.id))
    .limit(1);
  if (!r) return;
  await db.update(diagnosticsRequest).set({ status, updatedAt: new Date() }).where(eq(diagnosticsRequest.id, r.id));
}

/** Why an upload is refused: unknown token, expired, already used, or another upload holds it. */
export type UploadRefusal = 'unknown' | 'expired' | 'used' | 'busy';

/** The request a token names, if the token may upload now (else the refusal). Does not hold it. */
export async function checkToken(db: Db, token: string, now = new Date()): Promise<Row | UploadRefusal> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return 'unknown';
  const [r] = await db
    .select()
    .from(diagnosticsRequest)
    .where(eq(diagnosticsRequest.tokenHash, tokenHash(token)));
  if (!r) return 'unknown';
  if (r.receivedAt) return 'used';
  if (r.expiresAt <= now) return 'expired';
  if (r.uploadStartedAt && r.uploadStartedAt.getTime() > now.getTime() - UPLOAD_HOLD_MS) return 'busy';
  return r;
}

/** Notes on request `id`, while no file was received for it, that its upload was refused as too large (753). */
export async function refuseOversize(db: Db, id: number): Promise<void> {
  await db
    .update(diagnosticsRequest)
    .set({ failure: '753', updatedAt: new Date() })
    .where(and(eq(diagnosticsRequest.id, id), isNull(diagnosticsRequest.receivedAt)));
}

/** Holds `token` for one upload (atomically: a second upload at the same time is 'busy'). */
export async function claimUpload(db: Db, token: string): Promise<Row | UploadRefusal> {
  const now = new Date();
  const r = await checkToken(db, token, now);
  if (typeof r === 'string') return r;
  const [held] = await db
    .update(diagnosticsRequest)
    .set({ uploadStartedAt: now, updatedAt: now })
    .where(
      and(
        eq(diagnosticsRequest.id, r.id),
        isNull(diagnosticsRequest.receivedAt),
        or(isNull(diagnosticsRequest.uploadStartedAt), lt(diagnosticsRequest.uploadStartedAt, new Date(now.getTime() - UPLOAD_HOLD_MS))),
      ),
    )
    .returning();
  return held ?? 'busy';
}

/** A safe stored name: the upload's own name (path and odd characters dropped), else the announced one, else a generated one. */
export function uploadName(r: Pick<Row, 'id' | 'chargerSn' | 'announcedName'>, given: string | null | undefined): string {
  const clean = (n: string | null | undefined) =>
    (n ?? '')
      .split(/[\\/]/)
      .pop()!
      .replace(/[^\w.-]/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 200);
  return clean(given) || clean(r.announcedName) || `diagnostics-${r.chargerSn}-${r.id}.log`;
}

/**
 * The sink an upload of held request `r` is written to: on success the file is linked to the
 * request and the token is spent (a concurrent success → the sink fails, the file is dropped);
 * on failure the hold is released, with 626 / 753 noted on the request.
 */
export function uploadSink(app: FastifyInstance, r: Row, fileName: string | null | undefined): UploadSink {
  return new UploadSink(app.db, {
    kind: 'DIAGNOSTICS',
    companyCode: r.companyCode,
    chargerSn: r.chargerSn,
    fileName: uploadName(r, fileName),
    maxBytes: app.config.diagnosticsMaxBytes,
    onCommit: async (file, tx) => {
      const now = new Date();
      const [done] = await tx
        .update(diagnosticsRequest)
        .set({ fileId: file.id, receivedAt: now, uploadStartedAt: null, failure: null, updatedAt: now })
        .where(and(eq(diagnosticsRequest.id, r.id), isNull(diagnosticsRequest.receivedAt)))
        .returning({ id: diagnosticsRequest.id });
      if (!done) throw new Error('diagnostics token already used');
    },
    onAbort: async (reason) => {
      const failure = reason instanceof AppError && (reason.code === 626 || reason.code === 753) ? String(reason.code) : undefined;
      await app.db
        .update(diagnosticsRequest)
        .set({ uploadStartedAt: null, updatedAt: new Date(), ...(failure ? { failure } : {}) })
        .where(and(eq(diagnosticsRequest.id, r.id), isNull(diagnosticsRequest.receivedAt)));
      app.log.info({ requestId: r.id, chargeBoxId: r.chargerSn, failure, err: reason }, 'diagnostics upload given up');
    },
  });
}

/**
 * Deletes diagnostics files past DIAGNOSTICS_RETENTION_DAYS (their requests stay, without a file)
 * and files of uploads left unfinished for an hour (a node that died mid-upload). Answers the count.
 */
export async function sweepDiagnostics(app: FastifyInstance, now = new Date()): Promise<number> {
  let n = 0;
  const days = app.config.diagnosticsRetentionDays;
  if (days > 0) {
    const old = await app.db
      .delete(storedFile)
      .where(and(eq(storedFile.kind, 'DIAGNOSTICS'), lt(storedFile.createdAt, new Date(now.getTime() - days * 86_400_000))))
      .returning({ id: storedFile.id });
    n += old.length;
  }
  const orphans = await app.db
    .delete(storedFile)
    .where(
      and(
        eq(storedFile.kind, 'DIAGNOSTICS'),
        lt(storedFile.createdAt, new Date(now.getTime() - 3_600_000)),
        sql`not exists (select 1 from ${diagnosticsRequest} where ${diagnosticsRequest.fileId} = ${storedFile.id})`,
      ),
    )
    .returning({ id: storedFile.id });
  return n + orphans.length;
}
