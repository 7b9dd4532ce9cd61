/** The smart-charging schedule resource (API path `charging-schedule`), mounted at `#/HomeStations/SmartCharging` (requirements §16 R16.4). */
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { ScheduleCreate, ScheduleEdit, ScheduleList } from './SchedulePages';

export default {
  list: ScheduleList,
  create: ScheduleCreate,
  edit: ScheduleEdit,
  icon: ElectricalServicesIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
