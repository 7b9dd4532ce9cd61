/**
 * The charger resource (API path `charger`): the station profile's chargers tab
 * (`#/Stations/StationProfile/chargers`, with create, edit and show) and, as a second
 * declaration, the monitoring page `#/Monitoring/ChargerMonitoring`.
 */
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';
import { ChargerCreate } from './ChargerCreate';
import { ChargerEdit } from './ChargerEdit';
import { ChargerList } from './ChargerList';
import ChargerMonitoring from './ChargerMonitoring';
import { ChargerShow } from './ChargerShow';

export default {
  list: ChargerList,
  create: ChargerCreate,
  edit: ChargerEdit,
  show: ChargerShow,
  listFrame: StationProfileTabs,
  icon: ElectricalServicesIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;

/** The chargers' monitoring page (requirements §2 `/Monitoring/ChargerMonitoring`). */
export const chargerMonitoring = {
  list: ChargerMonitoring,
  icon: ElectricalServicesIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;
