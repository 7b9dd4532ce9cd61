/**
 * The HTTP client of the console (requirements §12, requirements §7): every call carries the bearer token,
 * the browser's IANA time zone (`Time-Zone`), the language (`Accept-Language`, from the `language`
 * cookie) and credentials. Answers are the envelope `{ code, msg, data }`; any code other than 200
 * becomes an `HttpError(msg, httpStatus, { code, errors })` whose message is the server's text
 * (already in the user's language). A network failure becomes `HttpError('app.error.network', 0)`.
 */
import { HttpError } from 'react-admin';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Query values: arrays are sent as repeated keys; null/undefined/'' are left out. */
export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

/** `(path, options) → data` for a `/sp` path such as `/order` or `/company/select`. */
export type HttpClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

export interface HttpClientConfig {
  /** Base address of the API (default `/sp`). */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  getLanguage?: () => string;
  getTimeZone?: () => string;
}

/** Builds `?a=1&b=x&b=y` (repeated keys for arrays; empty values dropped); '' when nothing is left. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) if (v !== '' && v !== null && v !== undefined) params.append(key, String(v));
    } else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The browser's IANA zone, e.g. `Asia/Shanghai` ('UTC' when unknown). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Field errors in `data.errors` (`{ field: message }`) or, for a catalogue code with a field, none. */
function errorsOf(data: unknown): Record<string, string> | undefined {
  if (data && typeof data === 'object' && 'errors' in data) {
    const errors = (data as { errors?: unknown }).errors;
    if (errors && typeof errors === 'object') return errors as Record<string, string>;
  }
  return undefined;
}

/** Creates the client; every dependency is injectable so tests use a fake `fetch`. */
export function createHttpClient(config: HttpClientConfig = {}): HttpClient {
  const baseUrl = config.baseUrl ?? '/sp';
  const getToken = config.getToken ?? (() => localStorage.getItem('token'));
  const getLanguage = config.getLanguage ?? (() => 'en');
  const getTimeZone = config.getTimeZone ?? browserTimeZone;

  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
      'Time-Zone': getTimeZone(),
    };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${toQueryString(options.query)}`, {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') throw e;
      throw new HttpError('app.error.network', 0, { code: 0, network: true });
    }
    let envelope: Envelope<T> | undefined;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = undefined;
    }
    if (!envelope || typeof envelope.code !== 'number') {
      throw new HttpError(response.statusText || 'app.error.load_failed', response.status, { code: response.status });
    }
    if (envelope.code !== 200) {
      const text = operatorMessage(envelope.msg, envelope.code);
      if (text) rememberCode(text, envelope.code);
      throw new HttpError(text || 'app.error.load_failed', response.status, {
        code: envelope.code,
        errors: errorsOf(envelope.data),
      });
    }
    return envelope.data;
  };
}

/**
 * The server's message as an operator reads it: without a catalogue code in brackets at its end
 * (`… (614)`, `…（614）`); the code stays in the error's body and in the toast's tooltip.
 */
export function operatorMessage(msg: string | undefined, code: number): string {
  return (msg ?? '').replace(new RegExp(`\\s*[(（]\\s*(code\\s*)?${code}\\s*[)）]\\s*$`, 'i'), '').trim();
}

/** Messages of recent failures → their catalogue code (the last 20), for the toast's tooltip. */
const recentCodes = new Map<string, number>();

function rememberCode(message: string, code: number): void {
  recentCodes.delete(message);
  recentCodes.set(message, code);
  if (recentCodes.size > 20) recentCodes.delete(recentCodes.keys().next().value as string);
}

/** The catalogue code of a recent failure whose message is `message` (what a toast of it shows), if any. */
export function codeOfMessage(message: unknown): number | undefined {
  return typeof message === 'string' ? recentCodes.get(message) : undefined;
}

/** The envelope code carried by an error thrown by the client (undefined for other errors). */
export function errorCode(error: unknown): number | undefined {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === 'number' ? body.code : undefined;
}
