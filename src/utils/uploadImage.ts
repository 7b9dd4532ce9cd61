/**
 * Image uploads of the console (avatar `POST /sp/user/avatar`, operator logo
 * `POST /sp/company/logo`): the raw file as the body with its image type, the session token and
 * the user's language; the envelope's `data` is returned, a refusal throws an Error carrying the
 * server's catalogue message (714 etc.). `checkImage` applies the same limits first, client-side.
 */
import { acceptLanguage } from '../i18n';

/** Limits of an image: bytes and, when given, the largest width/height in pixels. */
export interface ImageLimits {
  maxBytes: number;
  maxPixels?: { width: number; height: number };
}

/** Avatar limits (requirements §5: JPG/PNG, ≤ 2 MB, ≤ 300 × 300). */
export const AVATAR_LIMITS: ImageLimits = { maxBytes: 2 * 1024 * 1024, maxPixels: { width: 300, height: 300 } };
/** Operator logo limits (≤ 200 KB). */
export const LOGO_LIMITS: ImageLimits = { maxBytes: 200 * 1024 };

/** True when the type and size are acceptable (JPG or PNG). */
export function typeAndSizeOk(file: { type: string; size: number }, limits: ImageLimits): boolean {
  return ['image/png', 'image/jpeg'].includes(file.type) && file.size > 0 && file.size <= limits.maxBytes;
}

/** Pixel size of an image file (via the browser's decoder); null when it cannot be read. */
function dimensions(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}

/** True when `file` passes `limits` (type, bytes, pixels). */
export async function checkImage(file: File, limits: ImageLimits): Promise<boolean> {
  if (!typeAndSizeOk(file, limits)) return false;
  if (!limits.maxPixels) return true;
  const d = await dimensions(file);
  return !!d && d.width <= limits.maxPixels.width && d.height <= limits.maxPixels.height;
}

/** Sends `file` to `/sp/<path>` and answers the envelope's data. */
export async function uploadImage<T>(path: string, file: File): Promise<T> {
  const token = localStorage.getItem('token');
  const res = await fetch(`/sp/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      'Accept-Language': acceptLanguage(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const env = (await res.json().catch(() => null)) as { code: number; msg: string; data: T } | null;
  if (env?.code !== 200) throw new Error(env?.msg || res.statusText);
  return env.data;
}
