/**
 * Remote-upgrade eligibility of a charger (requirements §2, station profile with `GatewaySN`): only a
 * charger that is online and idle (OCPP run status `Available` and, when the state is known, no
 * connector in use either) may be upgraded. Otherwise the reason is `offline`, `inactive`
 * (deactivated in the console), `no_status` (never reported a status) or `busy` (any other run
 * status, or a connector charging, preparing, faulted …).
 */
import type { DashboardState } from '../../domain/enums';

export type UpgradeBlock = 'offline' | 'inactive' | 'no_status' | 'busy';

export interface UpgradeCandidate {
  online: boolean;
  runStatus: string | null;
  lifeStatus?: string | null;
  /** The charger's state with its connectors (`available` = idle); absent = judge by the run status alone. */
  dashboardState?: DashboardState;
}

/** `{ eligible: true }` or `{ eligible: false, reason }` (first reason in the order above). */
export function upgradeEligibility(c: UpgradeCandidate): { eligible: true } | { eligible: false; reason: UpgradeBlock } {
  if (!c.online) return { eligible: false, reason: 'offline' };
  if (c.lifeStatus && c.lifeStatus !== 'ACTIVE') return { eligible: false, reason: 'inactive' };
  if (!c.runStatus) return { eligible: false, reason: 'no_status' };
  if (c.runStatus !== 'Available' || (c.dashboardState && c.dashboardState !== 'available')) return { eligible: false, reason: 'busy' };
  return { eligible: true };
}
