/**
 * The simulated charger's diagnostics (OCPP 1.6 GetDiagnostics): a generated log file of the
 * requested window, uploaded to the location according to its scheme — `http(s)://…` with an
 * HTTP PUT of the file to `<location>/<file name>`, `ftp://user:password@host:port/path` with a
 * passive-mode FTP STOR (basic-ftp) — `retries` times `retryInterval` apart (at most 10 tries,
 * intervals capped at 30 s).
 */
import { Readable } from 'node:stream';
import { Client } from 'basic-ftp';

/** A diagnostics log of `bytes` bytes (at least the header) covering `from`…`to`, for charger `identity`. */
export function diagnosticsLog(identity: string, bytes: number, from?: string, to?: string, lines: string[] = []): Buffer {
  const head = [
    `# ChargeDesk simulator diagnostics for ${identity}`,
    `# window ${from ?? '-'} .. ${to ?? '-'}`,
    `# generated ${new Date().toISOString()}`,
    ...lines,
  ];
  let text = `${head.join('\n')}\n`;
  const start = Date.parse(from ?? '') || Date.now() - 3_600_000;
  for (let i = 0; Buffer.byteLength(text) < bytes; i++) {
    text += `${new Date(start + i * 1000).toISOString()} INFO  meter=${(100_000 + i * 3).toString().padStart(9, '0')} temp=${(31 + (i % 7)).toString()}C link=ok seq=${i}\n`;
  }
  return Buffer.from(text).subarray(0, Math.max(bytes, Buffer.byteLength(head.join('\n'))));
}

/** Uploads `content` once to `location` as `fileName`; throws on failure. */
async function uploadOnce(location: string, fileName: string, content: Buffer): Promise<void> {
  const url = new URL(location);
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const target = `${location.replace(/\/+$/, '')}/${encodeURIComponent(fileName)}`;
    const res = await fetch(target, {
      method: 'PUT',
      body: new Uint8Array(content),
      headers: { 'content-type': 'application/octet-stream' },
      signal: AbortSignal.timeout(60_000),
    });
    if (res.status >= 300) throw new Error(`HTTP ${res.status}`);
    return;
  }
  if (url.protocol === 'ftp:') {
    const client = new Client(30_000);
    try {
      await client.access({
        host: url.hostname,
        port: Number(url.port || 21),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        secure: false,
      });
      const dir = decodeURIComponent(url.pathname);
      if (dir && dir !== '/') await client.cd(dir);
      await client.uploadFrom(Readable.from([content]), fileName);
    } finally {
      client.close();
    }
    return;
  }
  throw new Error(`unsupported location scheme ${url.protocol}`);
}

/** Uploads with retries (see the module); answers true once kept. */
export async function uploadDiagnostics(
  location: string,
  fileName: string,
  content: Buffer,
  retries: number,
  retryIntervalS: number,
  stopped: () => boolean,
): Promise<boolean> {
  for (let attempt = 0; attempt <= Math.min(Math.max(0, retries), 10); attempt++) {
    if (stopped()) return false;
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(retryIntervalS, 30) * 1000));
    try {
      await uploadOnce(location, fileName, content);
      return true;
    } catch {
      // refused or network failure: try again after the interval
    }
  }
  return false;
}
