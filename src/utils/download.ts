/**
 * Reads and downloads server files (order Excel/PDF export, tax invoice, event export, report ticket images) as blobs: the request
 * carries the bearer token, language and time zone in headers like every API call; an envelope
 * answer (an error such as 704, 707, 710, 813) becomes an HttpError with the server's message in
 * the user's language.
 */
import { HttpError } from 'react-admin';
import { browserTimeZone, toQueryString, type Envelope, type QueryValue } from '../../dataProvider/httpClient';
import { acceptLanguage } from '../i18n';

/**
 * `GET /sp/<path>?<query>` with the console's token, language and time zone → the answer as a
 * blob with its headers (a protected image, an export); an envelope answer becomes an HttpError.
 */
export async function fetchFile(path: string, query: Record<string, QueryValue> = {}): Promise<{ blob: Blob; headers: Headers }> {
  const headers: Record<string, string> = {
    'Accept-Language': acceptLanguage(),
    'Time-Zone': browserTimeZone(),
  };
  const token = localStorage.getItem('token');
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/sp/${path.replace(/^\//, '')}${toQueryString(query)}`, { headers, credentials: 'include' });
  } catch {
    throw new HttpError('app.error.network', 0, { code: 0, network: true });
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json') || !res.ok) {
    let env: Envelope | undefined;
    try {
      env = (await res.json()) as Envelope;
    } catch {
      env = undefined;
    }
    throw new HttpError(env?.msg || res.statusText || 'app.error.load_failed', res.status, { code: env?.code ?? res.status });
  }
  return { blob: await res.blob(), headers: res.headers };
}

/** `GET /sp/<path>?<query>` → saves the answer under the server's file name. Returns that name. */
export async function downloadFile(path: string, query: Record<string, QueryValue> = {}, fallbackName = 'export'): Promise<string> {
  const { blob, headers } = await fetchFile(path, query);
  const name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
