/**
 * Reservation profile: ReserveNow (a reserved connector reports Reserved, refuses another idTag and
 * becomes Available again at the expiry; connector 0 reserves the whole charger when
 * ReserveConnectorZeroSupported) and CancelReservation.
 */
import type { Conf } from '../state.js';
import type { SimContext, SimHandler } from './context.js';

/** Holds reservation `p.reservationId` on `connectorId` until `p.expiryDate` (replacing the one held there). */
function hold(cp: SimContext, connectorId: number, p: Conf): void {
  const id = Number(p.reservationId);
  const current = cp.reservations.get(connectorId);
  if (current) clearTimeout(current.timer);
  const expiresAt = Date.parse(String(p.expiryDate));
  const timer = setTimeout(
    () => {
      if (cp.reservations.get(connectorId)?.id === id) cp.endReservation(connectorId, true);
    },
    Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1),
  );
  timer.unref();
  cp.reservations.set(connectorId, { id, idTag: String(p.idTag), expiresAt, timer });
}

/**
 * ReserveNow of connector 0 (the whole charger): Rejected unless ReserveConnectorZeroSupported;
 * Occupied when no connector is free. Kept until its expiry or a cancel.
 */
function reserveWhole(cp: SimContext, p: Conf): Conf {
  if (cp.config.get('ReserveConnectorZeroSupported')?.value !== 'true') return { status: 'Rejected' };
  if (!cp.freeConnectors().length) return { status: 'Occupied' };
  hold(cp, 0, p);
  return { status: 'Accepted' };
}

/** ReserveNow: Accepted, Faulted, Unavailable, Occupied or Rejected (unknown connector). */
export const reserveNow: SimHandler = (cp, p) => {
  const connectorId = Number(p.connectorId);
  if (connectorId === 0) return reserveWhole(cp, p);
  const c = cp.connectors.get(connectorId);
  if (!c) return { status: 'Rejected' };
  const current = cp.reservations.get(connectorId);
  if (c.status === 'Faulted') return { status: 'Faulted' };
  if (!c.available || c.status === 'Unavailable') return { status: 'Unavailable' };
  const sameReservation = c.status === 'Reserved' && current?.id === Number(p.reservationId);
  if (c.session || (c.status !== 'Available' && !sameReservation)) return { status: 'Occupied' };
  hold(cp, connectorId, p);
  cp.later(() => cp.sendStatus(connectorId, 'Reserved'));
  return { status: 'Accepted' };
};

/** CancelReservation: ends the reservation (the connector is Available again); Rejected if unknown. */
export const cancelReservation: SimHandler = (cp, p) => {
  const at = [...cp.reservations.entries()].find(([, r]) => r.id === Number(p.reservationId))?.[0];
  if (at === undefined) return { status: 'Rejected' };
  cp.endReservation(at, true);
  return { status: 'Accepted' };
};
