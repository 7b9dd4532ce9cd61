/** Firmware test helpers: images of both kinds and the upload + create calls of Device Version. */
import type { TestServer } from './app.js';

/** A binary image of `size` bytes (not text: it holds NUL and high bytes). */
export function aBinImage(size = 4096, seed = 7): Buffer {
  const b = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x & 0xff;
  }
  b[0] = 0;
  b[1] = 0x7f;
  return b;
}

/** One Intel HEX data record (type 00) of `data` at `address`. */
function hexRecord(address: number, type: number, data: number[]): string {
  const bytes = [data.length, (address >> 8) & 0xff, address & 0xff, type, ...data];
  const sum = (0x100 - (bytes.reduce((a, b) => a + b, 0) & 0xff)) & 0xff;
  return `:${[...bytes, sum].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('')}`;
}

/** A valid Intel HEX file of a few records, ending with the EOF record. */
export function aHexImage(records = 4): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < records; i++)
    lines.push(
      hexRecord(
        i * 16,
        0,
        Array.from({ length: 16 }, (_, k) => (i * 16 + k) & 0xff),
      ),
    );
  lines.push(':00000001FF');
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** `POST /sp/firmware/file?fileName=` with `content` as the raw body: status and envelope. */
export async function uploadFile(s: TestServer, token: string, fileName: string, content: Buffer) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/sp/firmware/file?fileName=${encodeURIComponent(fileName)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: content,
  });
  // biome-ignore lint/suspicious/noExplicitAny: test reads any answer
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
}

/** Uploads `content` and creates a firmware from it with `fields`; answers the create envelope. */
export async function aFirmware(s: TestServer, token: string, fields: Record<string, unknown>, content = aBinImage(), fileName = 'image.bin') {
  const up = await uploadFile(s, token, fileName, content);
  if (up.code !== 200) throw new Error(`upload failed: ${JSON.stringify(up)}`);
  const res = await s.app.inject({
    method: 'POST',
    url: '/sp/firmware',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Main board', deviceType: 'AC', deviceModel: 'SIM-AC22', version: '1.1.0', isPublic: false, fileId: up.data.fileId, ...fields },
  });
  // biome-ignore lint/suspicious/noExplicitAny: test reads any answer
  return { ...(res.json() as { code: number; msg: string; data: any }), status: res.statusCode };
}
