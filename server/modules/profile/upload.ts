/**
 * Image uploads (avatars, operator logos): the request body is either `multipart/form-data`
 * (the first file part, field name free) or the raw image (`image/png`, `image/jpeg`,
 * `application/octet-stream`). Files are checked by size, magic bytes and pixel size and stored
 * under generated names in `DATA_DIR/uploads/<kind>/`, served by `GET /sp/files/<kind>/<name>`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../domain/app-error.js';
import type { ErrorCode } from '../../../domain/errors.js';
import { imageInfo, type ImageInfo } from './image.js';

/** Upload kinds and where their files live. */
export type UploadKind = 'avatar' | 'logo';

/** Body limit of upload routes: beyond the image limits, so that a large file answers 714, not 400. */
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

/** A stored name: 32 hex characters and the type's extension. */
export const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

/**
 * Registers the body parsers of upload routes on an (encapsulated) plugin: multipart and raw
 * image bodies arrive as a Buffer.
 */
export function registerUploadParsers(app: FastifyInstance): void {
  const asBuffer = (_req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
  app.addContentTypeParser(['image/png', 'image/jpeg', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, asBuffer);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, asBuffer);
}

/**
 * The file bytes of an upload body: the first part with a filename of a multipart body, or the
 * raw body. 714 when there is none.
 */
export function fileOf(contentType: string | undefined, body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new AppError(714, 'file');
  const ct = contentType ?? '';
  if (!ct.toLowerCase().startsWith('multipart/form-data')) return body;
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(ct);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw new AppError(714, 'file');
  const delimiter = Buffer.from(`--${boundary}`);
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    const headStart = pos + delimiter.length + 2; // CRLF after the delimiter
    const headEnd = body.indexOf('\r\n\r\n', headStart);
    if (headEnd === -1) break;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headEnd + 4);
    if (next === -1) break;
    const headers = body.toString('latin1', headStart, headEnd);
    if (/filename=/i.test(headers)) return body.subarray(headEnd + 4, next);
    pos = next + 2;
  }
  throw new AppError(714, 'file');
}

export interface ImageLimits {
  maxBytes: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Most pixels (width × height). */
  maxPixels?: number;
  /** The code of an image above the pixel limits (default 714, the avatar's and the logo's). */
  pixelCode?: ErrorCode;
}

/**
 * Checks an image: JPG or PNG by content and at most `maxBytes` (else 714), within the pixel
 * limits (else `pixelCode`, default 714). The header only: ./image-decode.ts proves the rest.
 */
export function checkImage(file: Buffer, limits: ImageLimits): ImageInfo {
  if (file.length === 0 || file.length > limits.maxBytes) throw new AppError(714, 'file');
  const info = imageInfo(file);
  if (!info) throw new AppError(714, 'file');
  if (
    (limits.maxWidth && info.width > limits.maxWidth) ||
    (limits.maxHeight && info.height > limits.maxHeight) ||
    (limits.maxPixels && info.width * info.height > limits.maxPixels)
  ) {
    throw new AppError(limits.pixelCode ?? 714, 'file');
  }
  return info;
}

/** Directory of an upload kind under `dataDir`. */
export const uploadDir = (dataDir: string, kind: UploadKind) => path.join(path.resolve(dataDir), 'uploads', kind);

/** Stores `file` under a generated name; returns its public URL path (`/sp/files/<kind>/<name>`). */
export async function storeImage(dataDir: string, kind: UploadKind, file: Buffer, info: ImageInfo): Promise<string> {
  const dir = uploadDir(dataDir, kind);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${info.type === 'png' ? 'png' : 'jpg'}`;
  try {
    await fs.writeFile(path.join(dir, name), file, { flag: 'wx' });
  } catch {
    throw new AppError(712);
  }
  return `/sp/files/${kind}/${name}`;
}

/** Deletes a stored file given its URL path; anything not produced by `storeImage` is ignored. */
export async function removeStored(dataDir: string, url: string | null | undefined): Promise<void> {
  const m = url ? /^\/sp\/files\/(avatar|logo)\/([^/]+)$/.exec(url) : null;
  if (!m || !STORED_NAME.test(m[2])) return;
  await fs.rm(path.join(uploadDir(dataDir, m[1] as UploadKind), m[2]), { force: true });
}
