/** The smart-charging schedule resource (API path `charging-schedule`), mounted at `#/HomeStations/SmartCharging` (requirements §16 R16.4). */
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadSchedulePages = () => import('./SchedulePages');

export default {
  list: lazyView(loadSchedulePages, 'ScheduleList'),
  create: lazyView(loadSchedulePages, 'ScheduleCreate'),
  edit: lazyView(loadSchedulePages, 'ScheduleEdit'),
  icon: ElectricalServicesIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
