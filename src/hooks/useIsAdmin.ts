/** True when the signed-in user is a platform administrator (holds `role:admin`, requirements §6). */
import { usePermissions } from 'react-admin';
import { ADMIN_PERMISSION } from '../../domain/routes';

export function useIsAdmin(): boolean {
  const { permissions } = usePermissions<string[]>();
  return Array.isArray(permissions) && permissions.includes(ADMIN_PERMISSION);
}
