/**
 * The charger resource (API path `charger`): the station profile's chargers tab
 * (`#/Stations/StationProfile/chargers`, with create, edit and show) and, as a second
 * declaration, the monitoring page `#/Monitoring/ChargerMonitoring`.
 */
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';

const loadChargerCreate = () => import('./ChargerCreate');
const loadChargerEdit = () => import('./ChargerEdit');
const loadChargerList = () => import('./ChargerList');
const loadChargerMonitoring = () => import('./ChargerMonitoring');
const loadChargerShow = () => import('./ChargerShow');

export default {
  list: lazyView(loadChargerList, 'ChargerList'),
  create: lazyView(loadChargerCreate, 'ChargerCreate'),
  edit: lazyView(loadChargerEdit, 'ChargerEdit'),
  show: lazyView(loadChargerShow, 'ChargerShow'),
  listFrame: StationProfileTabs,
  icon: ElectricalServicesIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;

/** The chargers' monitoring page (requirements §2 `/Monitoring/ChargerMonitoring`). */
export const chargerMonitoring = {
  list: lazyView(loadChargerMonitoring, 'default'),
  icon: ElectricalServicesIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;
