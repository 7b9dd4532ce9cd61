/** The home charger resource (API path `home-charger`), mounted at `#/HomeStations/ChargerProfile` (requirements §16). */
import PowerIcon from '@mui/icons-material/Power';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadHomeChargerPages = () => import('./HomeChargerPages');

export default {
  list: lazyView(loadHomeChargerPages, 'HomeChargerList'),
  create: lazyView(loadHomeChargerPages, 'HomeChargerCreate'),
  edit: lazyView(loadHomeChargerPages, 'HomeChargerEdit'),
  icon: PowerIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;
