/** Tiny cookie helpers for the console's own cookies (`language`, `sidebarStatus`). */

/** The value of cookie `name`, or undefined. */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Sets cookie `name` for the whole site for `days` days (SameSite=Lax). */
export function setCookie(name: string, value: string, days = 365): void {
  if (typeof document === 'undefined') return;
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: a synchronous write jsdom (the unit tests) runs too; the Cookie Store API is async and absent there
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}
