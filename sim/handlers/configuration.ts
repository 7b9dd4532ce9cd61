/**
 * GetConfiguration and ChangeConfiguration over the charger's keys (../state.ts): read-only keys
 * are Rejected, reboot keys answer RebootRequired and apply at the next boot, unknown keys are
 * NotSupported, a value of the wrong kind is Rejected.
 */
import type { SimHandler } from './context.js';

/** GetConfiguration: the keys asked for (all when none), the unknown ones in `unknownKey`. */
export const getConfiguration: SimHandler = (cp, p) => {
  const keys = Array.isArray(p.key) && p.key.length ? (p.key as string[]) : [...cp.config.keys()];
  const known = keys.flatMap((key) => {
    const entry = cp.config.get(key);
    return entry ? [{ key, readonly: entry.readonly, value: entry.value }] : [];
  });
  const unknownKey = keys.filter((k) => !cp.config.has(k));
  return { configurationKey: known, ...(unknownKey.length ? { unknownKey } : {}) };
};

/** ChangeConfiguration (see the module); a new HeartbeatInterval reschedules the heartbeat at once. */
export const changeConfiguration: SimHandler = (cp, p) => {
  const key = String(p.key);
  const value = String(p.value);
  const entry = cp.config.get(key);
  if (!entry) return { status: 'NotSupported' };
  if (entry.readonly) return { status: 'Rejected' };
  if (entry.kind === 'int' && !/^\d{1,9}$/.test(value)) return { status: 'Rejected' };
  if (entry.kind === 'bool' && value !== 'true' && value !== 'false') return { status: 'Rejected' };
  if (entry.reboot) {
    cp.pendingConfig.set(key, value);
    return { status: 'RebootRequired' };
  }
  entry.value = value;
  if (key === 'HeartbeatInterval') cp.scheduleHeartbeat();
  return { status: 'Accepted' };
};
