/**
 * The app user resource (API path `app-user`), mounted at `#/ChargerUsers/AppUsers`; with
 * `?id=<app user id>` the user's balance records and orders (requirements §2).
 */
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { AppUserBalance } from './AppUserBalance';
import { AppUserList } from './AppUserList';

export default {
  list: AppUserList,
  queryViews: [{ param: 'id', view: AppUserBalance }],
  icon: PhoneIphoneIcon,
  recordRepresentation: 'nickname',
} satisfies ResourceDeclaration;
