/**
 * Local Auth List Management: SendLocalList (Full or Differential, at most LocalAuthListMaxLength
 * entries) and GetLocalListVersion (-1 when LocalAuthListEnabled is off).
 */
import type { SimHandler } from './context.js';

interface LocalEntry {
  idTag: string;
  idTagInfo?: { status: string };
}

/** SendLocalList: NotSupported when disabled, VersionMismatch for an old differential, Failed when too long. */
export const sendLocalList: SimHandler = (cp, p) => {
  if (cp.config.get('LocalAuthListEnabled')?.value !== 'true') return { status: 'NotSupported' };
  const list = (Array.isArray(p.localAuthorizationList) ? p.localAuthorizationList : []) as LocalEntry[];
  const version = Number(p.listVersion);
  const next = p.updateType === 'Full' ? new Map<string, string>() : new Map(cp.localList.entries);
  if (p.updateType === 'Differential' && version <= cp.localList.version) return { status: 'VersionMismatch' };
  for (const e of list) {
    if (e.idTagInfo) next.set(e.idTag, e.idTagInfo.status);
    else next.delete(e.idTag);
  }
  if (next.size > Number(cp.config.get('LocalAuthListMaxLength')?.value ?? 1000)) return { status: 'Failed' };
  cp.localList.version = version;
  cp.localList.entries.clear();
  for (const [k, v] of next) cp.localList.entries.set(k, v);
  return { status: 'Accepted' };
};

/** GetLocalListVersion. */
export const getLocalListVersion: SimHandler = (cp) => ({
  listVersion: cp.config.get('LocalAuthListEnabled')?.value === 'true' ? cp.localList.version : -1,
});
