/**
 * The charging profiles a simulated charge point keeps (OCPP 1.6 Smart Charging profile,
 * requirements §16): SetChargingProfile installs one (replacing the one with the same id, or the same
 * purpose, stack level and connector), ClearChargingProfile removes them by id or by filter,
 * GetCompositeSchedule answers from them (domain/smart-charging.ts), and the limit in force caps
 * the current the charger draws.
 */
import { compositeLimitAt, compositeSchedule, type ChargingProfile, type InstalledProfiles } from '../domain/smart-charging.js';

interface Installed {
  connectorId: number;
  profile: ChargingProfile;
}

export class ProfileStore {
  private list: Installed[] = [];

  /**
   * Installs `profile` on `connectorId` (OCPP SetChargingProfile): a ChargePointMaxProfile only on
   * connector 0; a TxProfile only on a connector whose running transaction it names (or any
   * running one when it names none). Returns the OCPP status.
   */
  set(connectorId: number, profile: ChargingProfile, runningTx: number | undefined): 'Accepted' | 'Rejected' {
    if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0) return 'Rejected';
    if (profile.chargingProfilePurpose === 'TxProfile') {
      if (connectorId === 0 || runningTx === undefined) return 'Rejected';
      if (profile.transactionId !== undefined && profile.transactionId !== runningTx) return 'Rejected';
    }
    this.list = this.list.filter(
      (i) =>
        i.profile.chargingProfileId !== profile.chargingProfileId &&
        !(i.connectorId === connectorId && i.profile.chargingProfilePurpose === profile.chargingProfilePurpose && i.profile.stackLevel === profile.stackLevel),
    );
    this.list.push({ connectorId, profile });
    return 'Accepted';
  }

  /** OCPP ClearChargingProfile: by id, or by connector / purpose / stack level (all when none). */
  clear(f: { id?: number; connectorId?: number; chargingProfilePurpose?: string; stackLevel?: number }): 'Accepted' | 'Unknown' {
    const before = this.list.length;
    this.list = this.list.filter((i) => {
      if (f.id !== undefined) return i.profile.chargingProfileId !== f.id;
      const hit =
        (f.connectorId === undefined || f.connectorId === i.connectorId) &&
        (f.chargingProfilePurpose === undefined || f.chargingProfilePurpose === i.profile.chargingProfilePurpose) &&
        (f.stackLevel === undefined || f.stackLevel === i.profile.stackLevel);
      return !hit;
    });
    return this.list.length < before ? 'Accepted' : 'Unknown';
  }

  /** A transaction ended: its TxProfiles go (OCPP 1.6 §3.13.1). */
  endTransaction(connectorId: number): void {
    this.list = this.list.filter((i) => !(i.connectorId === connectorId && i.profile.chargingProfilePurpose === 'TxProfile'));
  }

  /** The profiles that apply to `connectorId` (with a running transaction or not). */
  installed(connectorId: number, charging: boolean): InstalledProfiles {
    const of = (purpose: ChargingProfile['chargingProfilePurpose'], on: (c: number) => boolean) =>
      this.list.filter((i) => i.profile.chargingProfilePurpose === purpose && on(i.connectorId)).map((i) => i.profile);
    const own = of('TxDefaultProfile', (c) => c === connectorId);
    return {
      max: of('ChargePointMaxProfile', (c) => c === 0),
      // A connector's own TxDefaultProfile overrides the charger-wide one (connector 0).
      txDefault: charging ? (own.length ? own : of('TxDefaultProfile', (c) => c === 0)) : [],
      tx: charging ? of('TxProfile', (c) => c === connectorId) : [],
    };
  }

  /** The current limit (A) in force on `connectorId` now, or null for none. */
  limitA(connectorId: number, charging: boolean, now: number, txStart?: number): number | null {
    return compositeLimitAt(this.installed(connectorId, charging), now, txStart);
  }

  /** OCPP GetCompositeSchedule (amperes), from `now` for `durationS` s; `fallbackA` where nothing limits. */
  composite(connectorId: number, charging: boolean, now: number, durationS: number, fallbackA: number, txStart?: number) {
    const periods =
      connectorId === 0
        ? compositeSchedule({ max: this.installed(0, false).max, txDefault: [], tx: [] }, now, durationS, fallbackA)
        : compositeSchedule(this.installed(connectorId, true), now, durationS, fallbackA, charging ? txStart : undefined);
    return {
      status: 'Accepted',
      connectorId,
      scheduleStart: new Date(now).toISOString(),
      chargingSchedule: { duration: durationS, startSchedule: new Date(now).toISOString(), chargingRateUnit: 'A', chargingSchedulePeriod: periods },
    };
  }
}
