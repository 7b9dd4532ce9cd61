/**
 * The app user resource (API path `app-user`), mounted at `#/ChargerUsers/AppUsers`; with
 * `?id=<app user id>` the user's balance records and orders (requirements §2).
 */
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadAppUserBalance = () => import('./AppUserBalance');
const loadAppUserList = () => import('./AppUserList');

export default {
  list: lazyView(loadAppUserList, 'AppUserList'),
  queryViews: [{ param: 'id', view: lazyView(loadAppUserBalance, 'AppUserBalance') }],
  icon: PhoneIphoneIcon,
  recordRepresentation: 'nickname',
} satisfies ResourceDeclaration;
