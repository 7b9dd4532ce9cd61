/**
 * Remote control of sessions: RemoteStartTransaction (on the connector asked for, the one the
 * idTag reserved, or the first free one; with a TxProfile that governs the session),
 * RemoteStopTransaction and UnlockConnector (which ends the connector's session).
 */
import type { ChargingProfile } from '../../domain/smart-charging.js';
import type { SimHandler } from './context.js';
import { inAmps } from './smart-charging.js';

/** RemoteStartTransaction: Accepted, then a session of up to 4 h until the vehicle has taken 5–45 kWh. */
export const remoteStartTransaction: SimHandler = (cp, p) => {
  const mine = [...cp.reservations.entries()].find(([, r]) => r.idTag === p.idTag)?.[0];
  const wanted = typeof p.connectorId === 'number' ? p.connectorId : (mine ?? cp.freeConnectors()[0]);
  const c = wanted !== undefined ? cp.connectors.get(wanted) : undefined;
  if (wanted === undefined || !c) return { status: 'Rejected' };
  const reservedForIt = c.status === 'Reserved' && cp.reservations.get(wanted)?.idTag === p.idTag;
  if (c.session || !c.available || (c.status !== 'Available' && !reservedForIt)) return { status: 'Rejected' };
  // A charging profile given with a remote start must be a TxProfile (OCPP 1.6 §5.11); it governs the session it starts.
  const profile = p.chargingProfile as ChargingProfile | undefined;
  if (profile && profile.chargingProfilePurpose !== 'TxProfile') return { status: 'Rejected' };
  if (profile) cp.startProfiles.set(wanted, inAmps(profile, cp.phases));
  const authorize = cp.config.get('AuthorizeRemoteTxRequests')?.value === 'true';
  // A remote start (app user): up to 4 hours, until the vehicle has taken 5–45 kWh.
  cp.later(() => cp.runSession(wanted, String(p.idTag), 4 * 3_600_000, authorize, 5_000 + Math.random() * 40_000));
  return { status: 'Accepted' };
};

/** RemoteStopTransaction: ends the session of `transactionId` (reason Remote); Rejected if none runs. */
export const remoteStopTransaction: SimHandler = (cp, p) => {
  const s = [...cp.connectors.values()].map((c) => c.session).find((x) => x?.transactionId === Number(p.transactionId));
  if (!s) return { status: 'Rejected' };
  cp.later(async () => s.finish('Remote'));
  return { status: 'Accepted' };
};

/** UnlockConnector: Unlocked, ending the connector's session (reason UnlockCommand); NotSupported for an unknown connector. */
export const unlockConnector: SimHandler = (cp, p) => {
  const c = cp.connectors.get(Number(p.connectorId));
  if (!c) return { status: 'NotSupported' };
  const s = c.session;
  if (s) cp.later(async () => s.finish('UnlockCommand'));
  return { status: 'Unlocked' };
};
