/**
 * The one place secrets are taken out of what ChargeDesk stores, answers or logs (requirements
 * R10.24: a secret never appears in a stored row, an API answer or a log line):
 * - the OCPP `AuthorizationKey` (the charger's Basic-auth password): the `value` of any object
 *   `{ key: 'AuthorizationKey', value }` — a ChangeConfiguration request, an entry of a
 *   GetConfiguration answer, the COMMAND row and the device-command answer built from them;
 * - properties named `password` or `authorizationKey`, whatever their depth;
 * - credentials in URLs: the user-info of `scheme://user:password@host` (FTP upload locations,
 *   `SMTP_URL` in a mail error) and the token of a charger file URL
 *   (`/ocpp-files/<kind>/<token>/…`: diagnostics upload tokens, signed firmware downloads).
 * Both functions are pure and bounded (depth ≤ {@link MAX_DEPTH}, strings by a linear regex).
 */

/** What a secret is replaced by. */
export const REDACTED = '[redacted]';

/** Objects deeper than this are replaced by {@link REDACTED} (payloads are ≤ 64 KB, OCPP nests a few levels). */
export const MAX_DEPTH = 32;

const USERINFO = /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^/@\s"'<>]{1,255}@/gi;
const FILE_TOKEN = /(\/ocpp-files\/[a-z]{1,32}\/)[^/?#\s"'<>]+/gi;
const SECRET_PROPERTIES = new Set(['password', 'authorizationkey']);

/** Masks the credentials a string may carry: URL user-info and charger file tokens. */
export function redactText(text: string): string {
  if (!text.includes('://') && !text.includes('/ocpp-files/')) return text;
  return text.replace(USERINFO, `$1${REDACTED}@`).replace(FILE_TOKEN, `$1${REDACTED}`);
}

/** True for `{ key: 'AuthorizationKey', … }` (OCPP keys are case-sensitive; a charger's spelling is not trusted). */
const isAuthorizationKeyEntry = (o: Record<string, unknown>) => typeof o.key === 'string' && o.key.toLowerCase() === 'authorizationkey';

/**
 * A copy of `value` without secrets (see the module); values that hold none come back as they
 * are (same reference), so the common frame costs one walk and no copy.
 */
export function redactSecrets<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = walk(value[i], depth + 1);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  const obj = value as Record<string, unknown>;
  const keyEntry = isAuthorizationKeyEntry(obj);
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(obj)) {
    const secret = SECRET_PROPERTIES.has(k.toLowerCase()) || (keyEntry && k === 'value');
    const v = secret ? (obj[k] === null || obj[k] === undefined ? obj[k] : REDACTED) : walk(obj[k], depth + 1);
    if (v !== obj[k]) (out ??= { ...obj })[k] = v;
  }
  return out ?? obj;
}

/**
 * Cheap test on a raw OCPP frame: false when it cannot hold a secret {@link redactSecrets} would
 * take out, so the hot path (MeterValues, Heartbeat) skips the walk. A JSON escape (`\u`) may hide
 * a key name, so it counts as "may hold".
 */
export function mayHoldSecret(raw: string): boolean {
  return /authorizationkey|password|:\/\/|\/ocpp-files\/|\\u/i.test(raw);
}
