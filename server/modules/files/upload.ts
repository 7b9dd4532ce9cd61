/**
 * A file written into the database as it arrives (requirements R15.12): {@link UploadSink} is a
 * Writable that counts and hashes what it is given, writes it in parts of `partBytes`
 * (`stored_file_part`) and, at the end, joins the parts into `stored_file.content` in one
 * statement inside a transaction that also runs the caller's `onCommit` (e.g. linking the file to
 * its request). No part of the process holds more than one part of an upload in memory.
 * Refusals: more than `maxBytes` → AppError 753; nothing written → AppError 626. A sink destroyed
 * before it committed (a client gone mid-upload, a refusal) deletes what it wrote and calls `onAbort`.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFile, storedFilePart } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';
import type { FileKind, StoredFileInfo } from './store.js';

/** What the stored file is, the limit, and what to do when it is kept or given up. */
export interface UploadOptions {
  kind: FileKind;
  companyCode: string | null;
  fileName: string;
  chargerSn?: string | null;
  /** Largest accepted size (bytes). */
  maxBytes: number;
  /** Bytes gathered before one part is written (default 256 KiB). */
  partBytes?: number;
  /** Runs in the transaction that keeps the file; a throw there gives the upload up. */
  onCommit: (file: StoredFileInfo, tx: Pick<Db, 'select' | 'update' | 'insert' | 'delete'>) => Promise<void>;
  /** Runs once when the upload is given up (`reason`: the AppError, or any other failure). */
  onAbort?: (reason: unknown) => Promise<void>;
}

/** Streams an upload into a new stored file; see the module. */
export class UploadSink extends Writable {
  private fileId: number | null = null;
  private seq = 0;
  private size = 0;
  private readonly hash = createHash('sha256');
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private committed = false;
  /** Set when the sink is destroyed: a commit not done yet is abandoned. */
  private aborted = false;
  private finishing: Promise<void> | null = null;
  /** The file once kept (after 'finish'). */
  file: StoredFileInfo | null = null;

  constructor(
    private readonly db: Db,
    private readonly o: UploadOptions,
  ) {
    super();
  }

  /** Bytes received so far. */
  get received(): number {
    return this.size;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    if (this.size + chunk.length > this.o.maxBytes) {
      cb(new AppError(753, 'file', { maxBytes: this.o.maxBytes }));
      return;
    }
    this.size += chunk.length;
    this.hash.update(chunk);
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < (this.o.partBytes ?? 256 * 1024)) {
      cb();
      return;
    }
    this.flushPart().then(
      () => cb(),
      (err: Error) => cb(err),
    );
  }

  override _final(cb: (err?: Error | null) => void): void {
    this.finishing = this.finish();
    this.finishing.then(
      () => cb(),
      (err: Error) => cb(err),
    );
  }

  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    if (this.committed || this.aborted) {
      cb(err);
      return;
    }
    this.aborted = true;
    // A commit under way either completes (the file is kept) or sees `aborted` and rolls back.
    const cleanup = async () => {
      await this.finishing?.catch(() => undefined);
      if (this.committed) return;
      const id = this.fileId;
      if (id !== null) await this.db.delete(storedFile).where(eq(storedFile.id, id));
      await this.o.onAbort?.(err ?? new Error('upload aborted'));
    };
    cleanup().then(
      () => cb(err),
      (e: Error) => cb(err ?? e),
    );
  }

  private async ensureRow(): Promise<number> {
    if (this.fileId !== null) return this.fileId;
    const [row] = await this.db
      .insert(storedFile)
      .values({
        kind: this.o.kind,
        companyCode: this.o.companyCode,
        fileName: this.o.fileName,
        content: Buffer.alloc(0),
        size: 0,
        sha256: '',
        chargerSn: this.o.chargerSn ?? null,
      })
      .returning({ id: storedFile.id });
    this.fileId = row.id;
    return row.id;
  }

  private async flushPart(): Promise<void> {
    if (!this.pendingBytes) return;
    const data = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const fileId = await this.ensureRow();
    await this.db.insert(storedFilePart).values({ fileId, seq: this.seq++, data });
  }

  private async finish(): Promise<void> {
    if (this.size === 0) throw new AppError(626, 'file');
    await this.flushPart();
    if (this.aborted) throw new Error('upload aborted');
    const id = this.fileId!;
    const sha256 = this.hash.digest('hex');
    await this.db.transaction(async (tx) => {
      const [file] = await tx
        .update(storedFile)
        .set({
          content: sql`(select coalesce(string_agg(${storedFilePart.data}, ''::bytea order by ${storedFilePart.seq}), ''::bytea) from ${storedFilePart} where ${storedFilePart.fileId} = ${id})`,
          size: this.size,
          sha256,
        })
        .where(eq(storedFile.id, id))
        .returning({
          id: storedFile.id,
          kind: storedFile.kind,
          companyCode: storedFile.companyCode,
          fileName: storedFile.fileName,
          contentType: storedFile.contentType,
          size: storedFile.size,
          sha256: storedFile.sha256,
          chargerSn: storedFile.chargerSn,
          createdAt: storedFile.createdAt,
        });
      await tx.delete(storedFilePart).where(eq(storedFilePart.fileId, id));
      if (this.aborted || !file) throw new Error('upload aborted');
      await this.o.onCommit(file, tx);
      this.file = file;
    });
    this.committed = true;
  }
}
