/**
 * What an account may be told of by e-mail (requirements R3.24): the notice categories its menus
 * offer, read from its role when each notice is sent, so that a menu taken away after the account
 * opted in stops the mails at once (a disabled role offers nothing; platform administrators
 * everything). Used by the event mails (./notify.ts) and the new-ticket mails (report-ticket).
 */
import { offeredEvents, type NotifyEvent } from '../../../domain/entities/notification-preference.js';
import { ADMIN_PERMISSION } from '../../../domain/routes.js';
import { account, role } from '../../db/schema.js';

/** The columns {@link offeredTo} reads: select them from `account` left-joined with its `role`. */
export const audienceColumns = {
  userType: account.userType,
  companyCode: account.companyCode,
  roleEnabled: role.enabled,
  rolePermissions: role.permissions,
};

/** The categories offered to an account row of {@link audienceColumns}. */
export function offeredTo(a: { userType: string; companyCode: string | null; roleEnabled: boolean | null; rolePermissions: string[] | null }): NotifyEvent[] {
  const isAdmin = a.userType === 'ADMIN' && a.companyCode === null;
  const permissions = a.roleEnabled ? (a.rolePermissions ?? []) : [];
  return offeredEvents((p) => isAdmin || permissions.includes(ADMIN_PERMISSION) || permissions.includes(p));
}
