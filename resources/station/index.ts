/**
 * The station resource (API path `station`), mounted at `#/Stations/StationProfile` (the stations
 * tab of the station profile); with `?GatewaySN=<sn>` that gateway's remote-upgrade view (requirements §2).
 */
import PlaceIcon from '@mui/icons-material/Place';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';

const loadStationCreate = () => import('./StationCreate');
const loadStationEdit = () => import('./StationEdit');
const loadStationList = () => import('./StationList');
const loadStationShow = () => import('./StationShow');
const loadUpgradeView = () => import('./UpgradeView');

export default {
  list: lazyView(loadStationList, 'StationList'),
  create: lazyView(loadStationCreate, 'StationCreate'),
  edit: lazyView(loadStationEdit, 'StationEdit'),
  show: lazyView(loadStationShow, 'StationShow'),
  queryViews: [{ param: 'GatewaySN', view: lazyView(loadUpgradeView, 'UpgradeView') }],
  listFrame: StationProfileTabs,
  icon: PlaceIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
