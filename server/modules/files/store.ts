/**
 * Files kept in the database (`stored_file`, requirements §15): every node of a cluster serves
 * them. Stores a buffer with its SHA-256, reads one whole or a byte range of it (the range is cut
 * by the database, so a resumed download does not load the whole image).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFile } from '../../db/schema.js';

export type FileKind = 'FIRMWARE' | 'DIAGNOSTICS' | 'TICKET_IMAGE';

/** Hex SHA-256 of `buf`. */
export const sha256Hex = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** What is known of a stored file without its content. */
export interface StoredFileInfo {
  id: number;
  kind: string;
  companyCode: string | null;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  chargerSn: string | null;
  createdAt: Date;
}

const INFO = {
  id: storedFile.id,
  kind: storedFile.kind,
  companyCode: storedFile.companyCode,
  fileName: storedFile.fileName,
  contentType: storedFile.contentType,
  size: storedFile.size,
  sha256: storedFile.sha256,
  chargerSn: storedFile.chargerSn,
  createdAt: storedFile.createdAt,
};

/** Stores `content`; returns its info. `db` may be a transaction. */
export async function storeFile(
  db: Pick<Db, 'insert'>,
  f: {
    kind: FileKind;
    companyCode: string | null;
    fileName: string;
    content: Buffer;
    contentType?: string;
    chargerSn?: string | null;
    createdBy?: string | null;
  },
): Promise<StoredFileInfo> {
  const [row] = await db
    .insert(storedFile)
    .values({
      kind: f.kind,
      companyCode: f.companyCode,
      fileName: f.fileName,
      content: f.content,
      size: f.content.length,
      sha256: sha256Hex(f.content),
      contentType: f.contentType ?? 'application/octet-stream',
      chargerSn: f.chargerSn ?? null,
      createdBy: f.createdBy ?? null,
    })
    .returning(INFO);
  return row;
}

/** The info of file `id`, or null. */
export async function fileInfo(db: Db, id: number): Promise<StoredFileInfo | null> {
  const [row] = await db.select(INFO).from(storedFile).where(eq(storedFile.id, id));
  return row ?? null;
}

/** Bytes `start`..`end` (inclusive) of file `id`, or null when it is gone. */
export async function readFileRange(db: Db, id: number, start: number, end: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ part: sql<Buffer | Uint8Array>`substring(${storedFile.content} from ${start + 1} for ${end - start + 1})` })
    .from(storedFile)
    .where(eq(storedFile.id, id));
  if (!row) return null;
  return Buffer.isBuffer(row.part) ? row.part : Buffer.from(row.part);
}

/**
 * The content of file `id` (`size` bytes) as a stream read in slices of `sliceBytes` (1 MiB), so a
 * download never holds the whole file; ends early if the file is deleted meanwhile.
 */
export function readFileStream(db: Db, id: number, size: number, sliceBytes = 1024 * 1024): Readable {
  async function* slices() {
    for (let start = 0; start < size; start += sliceBytes) {
      const part = await readFileRange(db, id, start, Math.min(size, start + sliceBytes) - 1);
      if (!part || part.length === 0) return;
      yield part;
    }
  }
  return Readable.from(slices());
}

/** A single byte range of a `Range` header against a file of `size` bytes. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a `Range: bytes=a-b` header (one range; `a-`, `-n` suffixes too). No header or a header
 * that is not a single bytes range → the whole file (RFC 9110 lets a server ignore it).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
