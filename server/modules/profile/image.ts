/**
 * Image checks for uploads (requirements §10 "uploads checked by size, type and content"): the type
 * from the magic bytes and the pixel size from the PNG IHDR chunk or the JPEG SOFn segment.
 */

export interface ImageInfo {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Type and size of a PNG or JPEG image; null for anything else or a truncated header. */
export function imageInfo(buf: Buffer): ImageInfo | null {
  if (buf.length >= 24 && buf.subarray(0, 8).equals(PNG_SIGNATURE) && buf.toString('latin1', 12, 16) === 'IHDR') {
    const width = buf.readUInt32BE(16);
    const height = buf.readUInt32BE(20);
    return width > 0 && height > 0 ? { type: 'png', width, height } : null;
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return jpegInfo(buf);
  return null;
}

/** Walks the JPEG segments up to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC). */
function jpegInfo(buf: Buffer): ImageInfo | null {
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    } // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame
    const len = buf.readUInt16BE(i + 2);
    if (len < 2) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 9 > buf.length) return null;
      const height = buf.readUInt16BE(i + 5);
      const width = buf.readUInt16BE(i + 7);
      return width > 0 && height > 0 ? { type: 'jpeg', width, height } : null;
    }
    i += 2 + len;
  }
  return null;
}
