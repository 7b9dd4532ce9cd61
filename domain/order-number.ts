/**
 * Order numbers (requirements R3.10): one format for every order, whoever started it —
 * `CD` + the day the session started (UTC, `yyyymmdd`) + 8 digits, e.g. `CD2026112917916969`.
 * 18 characters, sortable by day, not guessable from another order's number (the digits of a live
 * session are random; the demo network numbers its history in sequence).
 */

/** The shape of every order number. */
export const ORDER_NO_PATTERN = /^CD\d{8}\d{8}$/;

/** The order number of a session started at `start` with the 8-digit `serial` (0 … 99 999 999). */
export function orderNumber(start: Date, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial >= 100_000_000) throw new RangeError(`order serial out of range: ${serial}`);
  const day = start.toISOString().slice(0, 10).replaceAll('-', '');
  return `CD${day}${String(serial).padStart(8, '0')}`;
}
