/** The station resource (API path `station`); its pages live at `#/Stations/StationProfile`. */
import PlaceIcon from '@mui/icons-material/Place';
import { StationCreate } from './StationCreate';
import { StationEdit } from './StationEdit';
import { StationList } from './StationList';
import { StationShow } from './StationShow';

export default {
  list: StationList,
  create: StationCreate,
  edit: StationEdit,
  show: StationShow,
  icon: PlaceIcon,
  recordRepresentation: 'name',
};
