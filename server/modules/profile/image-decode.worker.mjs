// The decode check of one uploaded image, off the main thread (./image-decode.ts starts this
// worker and bounds it). Plain JavaScript so that it runs as it is, with or without a TypeScript
// loader. Message in: { id, bytes: Uint8Array, type: 'png' | 'jpeg', width, height }; message out:
// { id, ok: boolean }. A PNG's compressed data is inflated once under a ceiling of what its declared
// size needs, then decoded with fast-png (every chunk's CRC checked); a JPEG is decoded with jpeg-js,
// strict (no tolerant decoding), with its resolution and memory ceilings.
import { parentPort } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';

/** Channels per PNG colour type (greyscale, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Inflates the IDAT data with a ceiling of what width × height need (interlacing: ≤ 7 filter bytes more per row). */
function inflatePngBounded(buf, width, height) {
  let pos = 8;
  const idat = [];
  let depth = 0;
  let colour = -1;
  let ended = false;
  while (pos + 12 <= buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + len > buf.length) throw new Error('chunk beyond the end');
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      depth = data[8] ?? 0;
      colour = data[9] ?? -1;
    }
    if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  const channels = PNG_CHANNELS[colour];
  if (!ended || !channels || ![1, 2, 4, 8, 16].includes(depth) || idat.length === 0) throw new Error('not a complete PNG');
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  inflateSync(Buffer.concat(idat), { maxOutputLength: height * (rowBytes + 1) + 7 * height + 1024 });
}

function check({ bytes, type, width, height }) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'png') {
    inflatePngBounded(buf, width, height);
    const img = decodePng(buf, { checkCrc: true });
    return img.width === width && img.height === height;
  }
  const megapixels = Math.ceil((width * height) / 1_000_000) + 1;
  // jpeg-js holds about 20 bytes a pixel while it decodes (components, blocks, the RGBA output).
  const img = jpeg.decode(buf, { useTArray: true, tolerantDecoding: false, maxResolutionInMP: megapixels, maxMemoryUsageInMB: megapixels * 24 + 64 });
  return img.width === width && img.height === height;
}

parentPort.on('message', (msg) => {
  let ok = false;
  try {
    ok = check(msg);
  } catch {
    ok = false;
  }
  parentPort.postMessage({ id: msg.id, ok });
});
