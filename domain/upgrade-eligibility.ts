/**
 * Remote-upgrade eligibility of a charger (requirements R4.6): the one rule the server's campaigns
 * and the console's upgrade view apply.
 *
 * A charger may be upgraded when it is online, active and idle. Idle is judged on what the charger
 * reported: its whole-charger (connector 0) status when it sent one, and every connector's status.
 * OCPP 1.6 does not oblige a charger to report connector 0, so a charger that reported only its
 * connectors, all `Available`, is idle too. Only a charger that reported no status at all is
 * `no_status` (the server then asks it for its statuses with TriggerMessage).
 */
import type { DashboardState } from './enums';

/** Why a charger cannot be upgraded now (campaign refusal 726 carries it as `reason`). */
export type UpgradeBlock = 'offline' | 'inactive' | 'no_status' | 'busy';

/** What the rule reads of a charger. */
export interface UpgradeCandidate {
  online: boolean;
  /** `ACTIVE` or `INACTIVE`; absent = not known here (not judged). */
  lifeStatus?: string | null;
  /** The connector-0 status (OCPP StatusNotification), null when the charger never sent one. */
  runStatus: string | null;
  /** Every connector's reported status, when known. */
  connectorStatuses?: readonly string[];
  /** The charger's state with its connectors (`available` = idle), when the connectors themselves are not at hand. */
  dashboardState?: DashboardState;
}

/** The first reason `c` cannot be upgraded (in the order of {@link UpgradeBlock}), or null when it can. */
export function upgradeBlock(c: UpgradeCandidate): UpgradeBlock | null {
  if (!c.online) return 'offline';
  if (c.lifeStatus && c.lifeStatus !== 'ACTIVE') return 'inactive';
  const connectors = c.connectorStatuses ?? [];
  if (!c.runStatus && connectors.length === 0 && !c.dashboardState) return 'no_status';
  if (c.runStatus && c.runStatus !== 'Available') return 'busy';
  if (connectors.some((s) => s !== 'Available')) return 'busy';
  if (c.dashboardState && c.dashboardState !== 'available') return 'busy';
  return null;
}
