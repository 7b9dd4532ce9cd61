/**
 * Smart Charging: SetChargingProfile, ClearChargingProfile and GetCompositeSchedule over the
 * charger's ProfileStore (../charging-profiles.ts), which keeps limits in amperes per phase.
 */
import type { ChargingProfile } from '../../domain/smart-charging.js';
import type { SimHandler } from './context.js';

/** Volts per phase the simulator assumes. */
const VOLTS = 230;

/** `profile` with its limits in amperes (a profile in watts: each limit ÷ 230 V ÷ `phases`, to 0.1 A). */
export function inAmps(profile: ChargingProfile, phases: number): ChargingProfile {
  const s = profile.chargingSchedule;
  if (s.chargingRateUnit !== 'W') return profile;
  const w = VOLTS * phases;
  const periods = s.chargingSchedulePeriod.map((x) => ({ ...x, limit: Math.round((x.limit / w) * 10) / 10 }));
  return { ...profile, chargingSchedule: { ...s, chargingRateUnit: 'A', chargingSchedulePeriod: periods } };
}

/** SetChargingProfile: the store's answer; Rejected for an unknown connector. */
export const setChargingProfile: SimHandler = (cp, p) => {
  const connectorId = Number(p.connectorId);
  if (connectorId !== 0 && !cp.connectors.has(connectorId)) return { status: 'Rejected' };
  const running = cp.connectors.get(connectorId)?.session?.transactionId;
  return { status: cp.profiles.set(connectorId, inAmps(p.csChargingProfiles as ChargingProfile, cp.phases), running) };
};

/** ClearChargingProfile by id, connector, purpose and stack level (each optional). */
export const clearChargingProfile: SimHandler = (cp, p) => ({
  status: cp.profiles.clear({
    id: typeof p.id === 'number' ? p.id : undefined,
    connectorId: typeof p.connectorId === 'number' ? p.connectorId : undefined,
    chargingProfilePurpose: typeof p.chargingProfilePurpose === 'string' ? p.chargingProfilePurpose : undefined,
    stackLevel: typeof p.stackLevel === 'number' ? p.stackLevel : undefined,
  }),
});

/**
 * GetCompositeSchedule for `duration` s: in amperes, or in watts when asked (each limit × 230 V ×
 * the phases). Where no profile limits, the charger's own maximum: its rated current per phase.
 */
export const getCompositeSchedule: SimHandler = (cp, p) => {
  const connectorId = Number(p.connectorId);
  if (connectorId !== 0 && !cp.connectors.has(connectorId)) return { status: 'Rejected' };
  const s = cp.connectors.get(connectorId)?.session;
  const ratedA = Math.round(cp.ratedPowerW / (VOLTS * cp.phases));
  const answer = cp.profiles.composite(connectorId, !!s, Date.now(), Number(p.duration), ratedA, s?.startedAt);
  if (p.chargingRateUnit !== 'W') return answer;
  const w = VOLTS * cp.phases;
  const periods = answer.chargingSchedule.chargingSchedulePeriod.map((x) => ({ ...x, limit: Math.round(x.limit * w) }));
  return { ...answer, chargingSchedule: { ...answer.chargingSchedule, chargingRateUnit: 'W', chargingSchedulePeriod: periods } };
};
