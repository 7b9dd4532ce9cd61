/** The station-group resource (API path `station-group`), mounted at `#/Stations/StationGroup`. */
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadStationGroupPages = () => import('./StationGroupPages');

export default {
  list: lazyView(loadStationGroupPages, 'StationGroupList'),
  create: lazyView(loadStationGroupPages, 'StationGroupCreate'),
  edit: lazyView(loadStationGroupPages, 'StationGroupEdit'),
  icon: WorkspacesIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
