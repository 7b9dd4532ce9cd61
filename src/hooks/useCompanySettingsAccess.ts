/**
 * Whether the signed-in account changes its company's company-wide settings (requirements R6.8:
 * the operator's administrators and platform administrators) — read from the stored profile's
 * account type. Others see those settings read-only; the server refuses their change (798) anyway.
 */
import { sessionOf } from '../../authProvider/session';
import { mayEditCompanySettings } from '../../domain/permissions';

export function useMayEditCompanySettings(): boolean {
  return mayEditCompanySettings(sessionOf(localStorage).profile()?.userType);
}
