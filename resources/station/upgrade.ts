/**
 * Remote-upgrade eligibility of a charger in the station's upgrade view (requirements §2, station
 * profile with `GatewaySN`): the rule of domain/upgrade-eligibility.ts, answered as the view reads it.
 */
import { upgradeBlock, type UpgradeBlock, type UpgradeCandidate } from '../../domain/upgrade-eligibility';

export type { UpgradeBlock, UpgradeCandidate };

/** `{ eligible: true }` or `{ eligible: false, reason }` (first reason in the order of {@link UpgradeBlock}). */
export function upgradeEligibility(c: UpgradeCandidate): { eligible: true } | { eligible: false; reason: UpgradeBlock } {
  const reason = upgradeBlock(c);
  return reason ? { eligible: false, reason } : { eligible: true };
}
