/** The event resource (API path `event`): Eventes (`#/Events/Eventes`), list and show (requirements R2.13, §13). */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { EventList, EventShow } from './EventPages';

export default {
  list: EventList,
  show: EventShow,
  icon: WarningAmberIcon,
  recordRepresentation: 'deviceSn',
} satisfies ResourceDeclaration;
