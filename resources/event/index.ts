/** The event resource (API path `event`): Eventes (`#/Events/Eventes`), list and show (requirements R2.13, §13). */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadEventPages = () => import('./EventPages');

export default {
  list: lazyView(loadEventPages, 'EventList'),
  show: lazyView(loadEventPages, 'EventShow'),
  icon: WarningAmberIcon,
  recordRepresentation: 'deviceSn',
} satisfies ResourceDeclaration;
