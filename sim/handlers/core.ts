/**
 * Core profile commands: Reset, ChangeAvailability, ClearCache and DataTransfer (vendor's own
 * `Echo` message answers its data back).
 */
import type { SimHandler } from './context.js';

/** Reset: Accepted, then sessions end (HardReset / SoftReset), the socket closes and the charger boots again. */
export const reset: SimHandler = (cp, p) => {
  cp.later(() => cp.reset(p.type === 'Hard' ? 'HardReset' : 'SoftReset'));
  return { status: 'Accepted' };
};

/**
 * ChangeAvailability of a connector (0 = all): Accepted and the new status reported, or Scheduled
 * when a session runs (the status follows its end); Rejected for an unknown connector.
 */
export const changeAvailability: SimHandler = (cp, p) => {
  const ids = Number(p.connectorId) === 0 ? [...cp.connectors.keys()] : [Number(p.connectorId)];
  if (ids.some((id) => !cp.connectors.has(id))) return { status: 'Rejected' };
  const available = p.type === 'Operative';
  let scheduled = false;
  for (const id of ids) {
    const c = cp.connectors.get(id);
    if (!c) continue;
    c.available = available;
    if (c.session) scheduled = true;
    else cp.later(() => cp.sendStatus(id, available ? 'Available' : 'Unavailable'));
  }
  return { status: scheduled ? 'Scheduled' : 'Accepted' };
};

/** ClearCache: empties the authorisation cache. */
export const clearCache: SimHandler = (cp) => {
  cp.authCache.clear();
  return { status: 'Accepted' };
};

/** DataTransfer: vendor = the charger's vendor and message `Echo` answers the data back; UnknownVendorId / UnknownMessageId otherwise. */
export const dataTransfer: SimHandler = (cp, p) => {
  if (p.vendorId !== cp.vendor) return { status: 'UnknownVendorId' };
  if (p.messageId !== 'Echo') return { status: 'UnknownMessageId' };
  return { status: 'Accepted', ...(typeof p.data === 'string' ? { data: p.data } : {}) };
};
