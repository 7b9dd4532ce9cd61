/** The gateway resource (API path `gateway`): the station profile's gateways tab (`#/Stations/StationProfile/gateways`). */
import RouterIcon from '@mui/icons-material/Router';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';

const loadGatewayPages = () => import('./GatewayPages');

export default {
  list: lazyView(loadGatewayPages, 'GatewayList'),
  create: lazyView(loadGatewayPages, 'GatewayCreate'),
  edit: lazyView(loadGatewayPages, 'GatewayEdit'),
  show: lazyView(loadGatewayPages, 'GatewayShow'),
  listFrame: StationProfileTabs,
  icon: RouterIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;
