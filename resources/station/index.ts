/**
 * The station resource (API path `station`), mounted at `#/Stations/StationProfile` (the stations
 * tab of the station profile); with `?GatewaySN=<sn>` that gateway's remote-upgrade view (requirements §2).
 */
import PlaceIcon from '@mui/icons-material/Place';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';
import { StationCreate } from './StationCreate';
import { StationEdit } from './StationEdit';
import { StationList } from './StationList';
import { StationShow } from './StationShow';
import { UpgradeView } from './UpgradeView';

export default {
  list: StationList,
  create: StationCreate,
  edit: StationEdit,
  show: StationShow,
  queryViews: [{ param: 'GatewaySN', view: UpgradeView }],
  listFrame: StationProfileTabs,
  icon: PlaceIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
