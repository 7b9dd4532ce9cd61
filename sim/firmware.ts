/**
 * The simulated charger's side of a firmware update (UpdateFirmware, ./handlers/firmware.ts): the
 * download over HTTP, resumed with a Range request after a broken transfer, and the version the
 * image installs.
 */

/**
 * Downloads `location` (resuming with Range after a broken transfer), at most `retries` + 1
 * attempts (≤ 11) `retryInterval` seconds apart (≤ 30 s). Null when every attempt failed or
 * `stopped()` became true.
 */
export async function download(location: string, retries: number, retryInterval: number, stopped: () => boolean): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let have = 0;
  for (let attempt = 0; attempt <= Math.min(retries, 10); attempt++) {
    if (stopped()) return null;
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(retryInterval, 30) * 1000));
    try {
      const res = await fetch(location, { headers: have ? { range: `bytes=${have}-` } : {}, signal: AbortSignal.timeout(60_000) });
      if (res.status === 200) {
        parts.length = 0;
        have = 0;
      } else if (res.status !== 206) continue;
      const chunk = Buffer.from(await res.arrayBuffer());
      parts.push(chunk);
      have += chunk.length;
      return Buffer.concat(parts);
    } catch {
      // network failure: try again after the interval
    }
  }
  return null;
}

/** The version an update installs: the URL's `?version=`, else a version in the file name, else `<current>-upd`. */
export function versionOf(location: string, current: string): string {
  try {
    const url = new URL(location);
    const v = url.searchParams.get('version');
    if (v) return v;
    const m = /(\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?)\.(?:bin|hex)$/i.exec(decodeURIComponent(url.pathname));
    if (m) return m[1];
  } catch {
    // not a URL
  }
  return `${current}-upd`;
}
