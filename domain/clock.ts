/**
 * How far a charger's clock is believed (requirements §10–§7: "charger clocks are not trusted blindly:
 * keep both clocks, bound the span, flag the order"; the server's receive time is the fallback).
 *
 * A charger time is plausible when it lies within
 * [receivedAt − {@link CHARGER_CLOCK_PAST_MS}, receivedAt + {@link CHARGER_CLOCK_FUTURE_MS}]:
 * - up to 31 days in the past, because a charger that was offline queues its transaction messages
 *   (StartTransaction, MeterValues, StopTransaction) and sends them late with their real times;
 * - up to 15 minutes in the future, the drift of an unsynchronised clock.
 * Anything else (a charger that believes it is 1970 or 2126, an unparsable time) is replaced by
 * the server's receive time and reported as implausible so the caller can flag what it stores.
 */

/** How far in the past a charger time may lie behind its receipt (ms): 31 days. */
export const CHARGER_CLOCK_PAST_MS = 31 * 24 * 3_600_000;
/** How far in the future a charger time may lie ahead of its receipt (ms): 15 minutes. */
export const CHARGER_CLOCK_FUTURE_MS = 15 * 60_000;

/** The time to use for a charger-reported instant, and whether the charger's own was believed. */
export interface PlausibleTime {
  /** The charger's time when plausible, otherwise `receivedAt`. */
  at: Date;
  /** False when the charger's time was missing, unparsable or outside the window. */
  plausible: boolean;
}

/**
 * The instant to use for a time a charger reports (`chargerTime`: Date, ISO string or undefined)
 * in a message the server received at `receivedAt`; see the module comment for the window.
 */
export function plausibleChargerTime(chargerTime: Date | string | null | undefined, receivedAt: Date): PlausibleTime {
  if (chargerTime === null || chargerTime === undefined) return { at: receivedAt, plausible: false };
  const t = (typeof chargerTime === 'string' ? new Date(chargerTime) : chargerTime).getTime();
  const now = receivedAt.getTime();
  if (!Number.isFinite(t) || t < now - CHARGER_CLOCK_PAST_MS || t > now + CHARGER_CLOCK_FUTURE_MS) {
    return { at: receivedAt, plausible: false };
  }
  return { at: new Date(t), plausible: true };
}

/** The four clocks of an order: the charger's and the server's, at start and at stop. */
export interface SessionClocks {
  chargerStart: Date;
  chargerStop: Date;
  serverStart: Date;
  serverStop: Date;
}

/** The span a session is priced over, which clock it comes from, and the flags to keep. */
export interface BillingSpan {
  start: Date;
  stop: Date;
  clock: 'CHARGER' | 'SERVER';
  flags: ('CHARGER_CLOCK' | 'STOP_BEFORE_START')[];
}

/**
 * Which clock places a session in time-of-use windows: the charger's when both its times are
 * plausible for when they were received and the stop is not before the start; otherwise the
 * server's receive times, flagged CHARGER_CLOCK or STOP_BEFORE_START (issue: clock-skewed sessions
 * must still be billed, never at 0 by accident).
 */
export function billingSpan(c: SessionClocks): BillingSpan {
  // biome-ignore lint/complexity/useMathMinMax: the clocks are Dates; Math.max would answer a number
  const server = { start: c.serverStart, stop: c.serverStop < c.serverStart ? c.serverStart : c.serverStop, clock: 'SERVER' as const };
  if (!plausibleChargerTime(c.chargerStart, c.serverStart).plausible || !plausibleChargerTime(c.chargerStop, c.serverStop).plausible) {
    return { ...server, flags: ['CHARGER_CLOCK'] };
  }
  if (c.chargerStop.getTime() < c.chargerStart.getTime()) return { ...server, flags: ['STOP_BEFORE_START'] };
  return { start: c.chargerStart, stop: c.chargerStop, clock: 'CHARGER', flags: [] };
}
