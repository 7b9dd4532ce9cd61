/**
 * The home app user resource (API path `home-app-user`), mounted at `#/HomeStations/AppUserses`; with
 * `?id=<member id>` that member's home orders; `homeOrders` is the home order list of the `orders` tab
 * (requirements §16).
 */
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadHomeAppUserPages = () => import('./HomeAppUserPages');

export default {
  list: lazyView(loadHomeAppUserPages, 'HomeAppUserList'),
  create: lazyView(loadHomeAppUserPages, 'HomeAppUserCreate'),
  queryViews: [{ param: 'id', view: lazyView(loadHomeAppUserPages, 'HomeMemberOrders') }],
  listFrame: lazyView(loadHomeAppUserPages, 'HomeTabs'),
  icon: PhoneIphoneIcon,
  recordRepresentation: 'nickname',
} satisfies ResourceDeclaration;

/** The home orders tab (API path `home-order`). */
export const homeOrders: ResourceDeclaration = { list: lazyView(loadHomeAppUserPages, 'HomeOrderList') };
