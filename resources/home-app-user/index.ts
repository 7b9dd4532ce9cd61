/**
 * The home app user resource (API path `home-app-user`), mounted at `#/HomeStations/AppUserses`; with
 * `?id=<member id>` that member's home orders; `homeOrders` is the home order list of the `orders` tab
 * (requirements §16).
 */
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { HomeAppUserCreate, HomeAppUserList, HomeMemberOrders, HomeOrderList, HomeTabs } from './HomeAppUserPages';

export default {
  list: HomeAppUserList,
  create: HomeAppUserCreate,
  queryViews: [{ param: 'id', view: HomeMemberOrders }],
  listFrame: HomeTabs,
  icon: PhoneIphoneIcon,
  recordRepresentation: 'nickname',
} satisfies ResourceDeclaration;

/** The home orders tab (API path `home-order`). */
export const homeOrders: ResourceDeclaration = { list: HomeOrderList };
