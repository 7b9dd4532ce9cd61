/**
 * The decode check of uploaded images (requirements R14.13; §10 "uploads checked by size, type and
 * content"): the header says what an image claims, this proves the file is one. A PNG is decoded
 * with fast-png (CRC of every chunk checked) after its compressed data was inflated once with a
 * ceiling on the output (what its declared size needs, so a small file cannot inflate to
 * gigabytes); a JPEG with jpeg-js, strict (no tolerant decoding) and with its own resolution and
 * memory ceilings. Call it only after the pixel limits of ./upload.ts `checkImage` held: the
 * decoded picture takes width × height × 4 bytes for a moment.
 *
 * Answers nothing; throws AppError 783 ("cannot be read") for a damaged, truncated or garbled file.
 */
import { inflateSync } from 'node:zlib';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { AppError } from '../../http/envelope.js';
import type { ImageInfo } from './image.js';

/** Channels per PNG colour type (greyscale, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Inflates the IDAT data of `buf` with a ceiling of what `width` × `height` at the IHDR's depth and
 * colour type need (interlacing adds at most one filter byte per row of each of its 7 passes).
 * Throws on a malformed chunk list, an unknown colour type or data beyond the ceiling.
 */
function inflatePngBounded(buf: Buffer, width: number, height: number): void {
  let pos = 8;
  const idat: Buffer[] = [];
  let depth = 0;
  let colour = -1;
  let ended = false;
  while (pos + 12 <= buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + len > buf.length) throw new Error('chunk beyond the end');
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') { depth = data[8] ?? 0; colour = data[9] ?? -1; }
    if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
    if (type === 'IEND') { ended = true; break; }
  }
  const channels = PNG_CHANNELS[colour];
  if (!ended || !channels || ![1, 2, 4, 8, 16].includes(depth) || idat.length === 0) throw new Error('not a complete PNG');
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const ceiling = height * (rowBytes + 1) + 7 * height + 1024;
  inflateSync(Buffer.concat(idat), { maxOutputLength: ceiling });
}

/** Decodes `buf` (whose header gave `info`); 783 naming `field` when it is not a whole, sound image. */
export function assertDecodes(buf: Buffer, info: ImageInfo, field: string): void {
  try {
    if (info.type === 'png') {
      inflatePngBounded(buf, info.width, info.height);
      const img = decodePng(buf, { checkCrc: true });
      if (img.width !== info.width || img.height !== info.height) throw new Error('size differs from the header');
    } else {
      const megapixels = Math.ceil((info.width * info.height) / 1_000_000) + 1;
      const img = jpeg.decode(buf, { useTArray: true, tolerantDecoding: false, maxResolutionInMP: megapixels, maxMemoryUsageInMB: megapixels * 4 + 64 });
      if (img.width !== info.width || img.height !== info.height) throw new Error('size differs from the header');
    }
  } catch {
    throw new AppError(783, field);
  }
}
