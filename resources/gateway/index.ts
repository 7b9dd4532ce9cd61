/** The gateway resource (API path `gateway`); its pages are a tab of `#/Stations/StationProfile`. */
import RouterIcon from '@mui/icons-material/Router';
import { GatewayCreate, GatewayEdit, GatewayList, GatewayShow } from './GatewayPages';

export default {
  list: GatewayList,
  create: GatewayCreate,
  edit: GatewayEdit,
  show: GatewayShow,
  icon: RouterIcon,
  recordRepresentation: 'serialNum',
};
