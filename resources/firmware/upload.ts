/**
 * Sends a firmware image to `POST /sp/firmware/file?fileName=` as the raw body, reporting the
 * progress (0–1) while it travels: XMLHttpRequest, because fetch reports no upload progress.
 * Resolves the upload's `{ fileId, fileName, size, sha256 }`; rejects with react-admin's HttpError
 * carrying the server's message (already in the user's language), code and field errors.
 */
import { HttpError } from 'react-admin';
import type { FirmwareUpload } from '../../domain/entities/firmware';
import { acceptLanguage } from '../../src/i18n';

export function uploadFirmwareFile(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<FirmwareUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/sp/firmware/file?fileName=${encodeURIComponent(file.name)}`);
    const token = localStorage.getItem('token');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', acceptLanguage());
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new HttpError('app.error.network', 0, { code: 0, network: true }));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let env: { code?: number; msg?: string; data?: unknown } | undefined;
      try {
        env = JSON.parse(xhr.responseText) as typeof env;
      } catch {
        env = undefined;
      }
      if (env?.code === 200) {
        onProgress(1);
        resolve(env.data as FirmwareUpload);
        return;
      }
      const errors = (env?.data as { errors?: Record<string, string> } | null)?.errors;
      reject(new HttpError(env?.msg || 'app.error.load_failed', xhr.status, { code: env?.code ?? xhr.status, errors }));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/** `12 345 B`, `16.0 KB`, `3.2 MB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
