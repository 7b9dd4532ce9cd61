/**
 * Smart charging as OCPP 1.6 charging profiles (requirements §16): daily time windows with a current
 * limit become a recurring daily profile; what a charger will do is the composite of its profiles
 * (the lowest limit of the ChargePointMaxProfile and of the TxProfile, or else the TxDefaultProfile,
 * of the highest stack level). Pure functions shared by the server, the simulator and the console.
 */
import { minutesOf, zoneOffsetMs } from './billing.js';

/** One daily window `[startTime, endTime)` local `HH:mm` (`24:00` allowed as end) with its limit (A). */
export interface LimitWindow {
  startTime: string;
  endTime: string;
  limitA: number;
}

/** An OCPP 1.6 ChargingSchedulePeriod. */
export interface SchedulePeriod {
  /** Seconds from the schedule's start. */
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

/** An OCPP 1.6 ChargingProfile (csChargingProfiles). */
export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: 'A' | 'W';
    chargingSchedulePeriod: SchedulePeriod[];
    minChargingRate?: number;
  };
}

export const PROFILE_PURPOSES = ['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile'] as const;
export type ProfilePurpose = (typeof PROFILE_PURPOSES)[number];
/** OCPP 1.6 ChargingProfileKindType. */
export const PROFILE_KINDS = ['Recurring', 'Absolute', 'Relative'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];
/** OCPP 1.6 ChargingRateUnitType: amperes (per phase) or watts. */
export const RATE_UNITS = ['A', 'W'] as const;
export type RateUnit = (typeof RATE_UNITS)[number];

const DAY_S = 86_400;

/**
 * The daily periods of `windows` (sorted, not overlapping): from midnight the `defaultLimitA`, each
 * window's limit from its start, the default again after its end; equal neighbours merged.
 */
export function dailyPeriods(windows: readonly LimitWindow[], defaultLimitA: number): SchedulePeriod[] {
  const points: SchedulePeriod[] = [{ startPeriod: 0, limit: defaultLimitA }];
  const sorted = [...windows].sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
  for (const w of sorted) {
    points.push({ startPeriod: minutesOf(w.startTime) * 60, limit: w.limitA });
    if (minutesOf(w.endTime) < 1440) points.push({ startPeriod: minutesOf(w.endTime) * 60, limit: defaultLimitA });
  }
  const out: SchedulePeriod[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.startPeriod === p.startPeriod) last.limit = p.limit;
    else if (!last || last.limit !== p.limit) out.push({ ...p });
  }
  // A later point at the same second replaced an earlier one: drop now-equal neighbours.
  return out.filter((p, i) => i === 0 || p.limit !== out[i - 1].limit);
}

/** Local midnight (UTC instant, ms) of the day holding `t` in `timeZone`. */
export function localMidnight(t: number, timeZone: string): number {
  const offset = zoneOffsetMs(timeZone, t);
  const local = t + offset;
  const midnightLocal = local - (((local % (DAY_S * 1000)) + DAY_S * 1000) % (DAY_S * 1000));
  return midnightLocal - zoneOffsetMs(timeZone, midnightLocal - offset);
}

/**
 * The recurring daily profile of a schedule: starts at local midnight of `now` in `timeZone`, in
 * amperes. `transactionId` only for a TxProfile.
 */
export function dailyProfile(o: {
  chargingProfileId: number;
  purpose: ProfilePurpose;
  stackLevel: number;
  windows: readonly LimitWindow[];
  defaultLimitA: number;
  timeZone: string;
  now: Date;
  transactionId?: number;
}): ChargingProfile {
  return {
    ...profileHead(o),
    chargingProfileKind: 'Recurring',
    recurrencyKind: 'Daily',
    chargingSchedule: {
      duration: DAY_S,
      startSchedule: new Date(localMidnight(o.now.getTime(), o.timeZone)).toISOString(),
      chargingRateUnit: 'A',
      chargingSchedulePeriod: dailyPeriods(o.windows, o.defaultLimitA),
    },
  };
}

/**
 * The periods of an Absolute schedule from `from` to `to` (ms): each local day's windows in
 * `timeZone` (the default limit between them), as seconds from `from`; equal neighbours merged.
 */
export function absolutePeriods(windows: readonly LimitWindow[], defaultLimitA: number, from: number, to: number, timeZone: string): SchedulePeriod[] {
  const daily = dailyPeriods(windows, defaultLimitA);
  const out: SchedulePeriod[] = [];
  for (let day = localMidnight(from, timeZone); day < to; day = localMidnight(day + 36 * 3_600_000, timeZone)) {
    for (const p of daily) {
      const t = day + p.startPeriod * 1000;
      if (t >= to) break;
      const startPeriod = Math.max(0, Math.floor((t - from) / 1000));
      const last = out[out.length - 1];
      if (last && last.startPeriod === startPeriod) last.limit = p.limit;
      else out.push({ startPeriod, limit: p.limit });
    }
  }
  return out.filter((p, i) => i === 0 || p.limit !== out[i - 1].limit);
}

/**
 * The profile of a schedule (requirements R16.12), in amperes:
 * - Recurring: the daily profile (dailyProfile);
 * - Absolute: from `validFrom` to `validTo`, each local day's windows (absolutePeriods);
 * - Relative: the windows count from the start of the session (`00:00` = its start), the default
 *   limit after them, with no end.
 * `validFrom` / `validTo` (ISO) are sent on any kind when given.
 */
export function scheduleProfile(o: {
  chargingProfileId: number;
  purpose: ProfilePurpose;
  stackLevel: number;
  kind: ProfileKind;
  windows: readonly LimitWindow[];
  defaultLimitA: number;
  timeZone: string;
  now: Date;
  transactionId?: number;
  validFrom?: string | null;
  validTo?: string | null;
}): ChargingProfile {
  const validity = { ...(o.validFrom ? { validFrom: o.validFrom } : {}), ...(o.validTo ? { validTo: o.validTo } : {}) };
  if (o.kind === 'Recurring') return { ...dailyProfile(o), ...validity };
  if (o.kind === 'Relative') {
    return {
      ...profileHead(o),
      chargingProfileKind: 'Relative',
      ...validity,
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: dailyPeriods(o.windows, o.defaultLimitA) },
    };
  }
  const from = Date.parse(o.validFrom ?? o.now.toISOString());
  const to = o.validTo ? Date.parse(o.validTo) : from + DAY_S * 1000;
  return {
    ...profileHead(o),
    chargingProfileKind: 'Absolute',
    ...validity,
    chargingSchedule: {
      duration: Math.round((to - from) / 1000),
      startSchedule: new Date(from).toISOString(),
      chargingRateUnit: 'A',
      chargingSchedulePeriod: absolutePeriods(o.windows, o.defaultLimitA, from, to, o.timeZone),
    },
  };
}

/** The fields every profile starts with: its id, the transaction it is for (TxProfile), its stack level and purpose. */
function profileHead(o: { chargingProfileId: number; purpose: ProfilePurpose; stackLevel: number; transactionId?: number }) {
  return {
    chargingProfileId: o.chargingProfileId,
    ...(o.transactionId !== undefined ? { transactionId: o.transactionId } : {}),
    stackLevel: o.stackLevel,
    chargingProfilePurpose: o.purpose,
  };
}

/** A constant limit (A) from now on, as an absolute profile (load balancing, a home charger's maximum). */
export function constantProfile(o: {
  chargingProfileId: number;
  purpose: ProfilePurpose;
  stackLevel: number;
  limitA: number;
  now: Date;
  transactionId?: number;
}): ChargingProfile {
  return {
    ...profileHead(o),
    chargingProfileKind: o.purpose === 'TxProfile' ? 'Relative' : 'Absolute',
    chargingSchedule: {
      ...(o.purpose === 'TxProfile' ? {} : { startSchedule: o.now.toISOString() }),
      chargingRateUnit: 'A',
      chargingSchedulePeriod: [{ startPeriod: 0, limit: o.limitA }],
    },
  };
}

/**
 * The limit (in the profile's unit) a profile sets at instant `t` (ms), or null when it does not
 * apply then (not yet valid, expired, before its start or past its duration). A Relative profile
 * counts from `txStart` (ms), or from `t` itself when there is none.
 */
export function profileLimitAt(p: ChargingProfile, t: number, txStart?: number): number | null {
  if (p.validFrom && t < Date.parse(p.validFrom)) return null;
  if (p.validTo && t >= Date.parse(p.validTo)) return null;
  const s = p.chargingSchedule;
  let origin: number;
  if (p.chargingProfileKind === 'Relative') origin = txStart ?? t;
  else origin = s.startSchedule ? Date.parse(s.startSchedule) : t;
  let offset = (t - origin) / 1000;
  if (p.chargingProfileKind === 'Recurring') {
    const period = p.recurrencyKind === 'Weekly' ? 7 * DAY_S : DAY_S;
    offset = ((offset % period) + period) % period;
  }
  if (offset < 0) return null;
  if (s.duration !== undefined && offset >= s.duration) return null;
  let limit: number | null = null;
  for (const period of s.chargingSchedulePeriod) if (period.startPeriod <= offset) limit = period.limit;
  return limit;
}

/** The profiles in force on a connector, as a charger keeps them. */
export interface InstalledProfiles {
  /** Connector 0's ChargePointMaxProfiles. */
  max: readonly ChargingProfile[];
  /** TxDefaultProfiles of the connector (or connector 0). */
  txDefault: readonly ChargingProfile[];
  /** TxProfiles of the connector's running transaction. */
  tx: readonly ChargingProfile[];
}

/** The limit of the highest stack level that applies at `t` among `profiles`, or null. */
function topLimit(profiles: readonly ChargingProfile[], t: number, txStart?: number): number | null {
  let best: { level: number; limit: number } | null = null;
  for (const p of profiles) {
    const limit = profileLimitAt(p, t, txStart);
    if (limit !== null && (!best || p.stackLevel > best.level)) best = { level: p.stackLevel, limit };
  }
  return best ? best.limit : null;
}

/**
 * The composite limit at `t` (OCPP 1.6 §3.13.4): the TxProfile in force, else the TxDefaultProfile
 * (while a transaction runs, or always when `always`), capped by the ChargePointMaxProfile; null =
 * no limit.
 */
export function compositeLimitAt(p: InstalledProfiles, t: number, txStart?: number): number | null {
  const tx = topLimit(p.tx, t, txStart) ?? topLimit(p.txDefault, t, txStart);
  const max = topLimit(p.max, t);
  if (tx === null) return max;
  return max === null ? tx : Math.min(tx, max);
}

/**
 * The composite schedule of `durationS` seconds from `from` (ms), as GetCompositeSchedule answers:
 * periods where the limit changes, sampled at every period boundary of the profiles (minute
 * resolution). `fallback` is the limit where no profile applies (the charger's own maximum).
 */
export function compositeSchedule(p: InstalledProfiles, from: number, durationS: number, fallback: number, txStart?: number): SchedulePeriod[] {
  const out: SchedulePeriod[] = [];
  const step = 60;
  for (let s = 0; s < durationS; s += step) {
    const limit = compositeLimitAt(p, from + s * 1000, txStart) ?? fallback;
    if (!out.length || out[out.length - 1].limit !== limit) out.push({ startPeriod: s, limit });
  }
  return out;
}
