/** The gateway resource (API path `gateway`): the station profile's gateways tab (`#/Stations/StationProfile/gateways`). */
import RouterIcon from '@mui/icons-material/Router';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';
import { GatewayCreate, GatewayEdit, GatewayList, GatewayShow } from './GatewayPages';

export default {
  list: GatewayList,
  create: GatewayCreate,
  edit: GatewayEdit,
  show: GatewayShow,
  listFrame: StationProfileTabs,
  icon: RouterIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;
