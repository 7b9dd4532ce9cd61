/** The home charger resource (API path `home-charger`), mounted at `#/HomeStations/ChargerProfile` (requirements §16). */
import PowerIcon from '@mui/icons-material/Power';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { HomeChargerCreate, HomeChargerEdit, HomeChargerList } from './HomeChargerPages';

export default {
  list: HomeChargerList,
  create: HomeChargerCreate,
  edit: HomeChargerEdit,
  icon: PowerIcon,
  recordRepresentation: 'serialNum',
} satisfies ResourceDeclaration;
