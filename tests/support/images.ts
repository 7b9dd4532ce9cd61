/** Real, tiny image files for upload, logo and PDF tests, and the export settings body that carries a logo. */
import { deflateSync } from 'node:zlib';
import jpegJs from 'jpeg-js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A valid grey PNG of `w`×`h` pixels; `pad` bytes of ancillary text (a `Comment` tEXt chunk) make the file larger. */
export function png(w: number, h: number, pad = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 0; // 8-bit greyscale
  const raw = Buffer.alloc((w + 1) * h, 0x80);
  for (let y = 0; y < h; y += 1) raw[y * (w + 1)] = 0; // filter byte of each row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(pad ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(Math.max(0, pad - 8), 0x61)]))] : []),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid grey JPEG of `w`×`h` pixels (jpeg-js, quality 80). */
export function jpg(w: number, h: number): Buffer {
  return Buffer.from(jpegJs.encode({ width: w, height: h, data: Buffer.alloc(w * h * 4, 0x80) }, 80).data);
}

/**
 * A PNG whose header claims `w`×`h` pixels but that holds the pixels of a 1×1 image: a header
 * check believes it, a decoder does not (a "decompression bomb" probe costs nothing to build).
 */
export function pngClaiming(w: number, h: number): Buffer {
  const real = png(1, 1);
  const out = Buffer.from(real);
  out.writeUInt32BE(w >>> 0, 16);
  out.writeUInt32BE(h >>> 0, 20);
  // keep the IHDR's CRC right, so only the pixel size is a lie
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** A 1×1 PNG, base64. */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A valid body of `PUT /sp/order-export-setting` (the 1×1 PNG as logo); `o` overrides fields. */
export function anExportSettingBody(o: Record<string, unknown> = {}) {
  return {
    operatorCompanyName: 'Volta Charging GmbH',
    address: 'Hauptstraße 1, 10115 Berlin',
    logo: `data:image/png;base64,${PNG_1X1}`,
    serviceFeeTitle: 'Service fee',
    electricityFeeTitle: 'Electricity',
    notes: 'VAT ID DE123',
    ...o,
  };
}
