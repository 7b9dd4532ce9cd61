/** The station-group resource (API path `station-group`); its pages live at `#/Stations/StationGroup`. */
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { StationGroupCreate, StationGroupEdit, StationGroupList } from './StationGroupPages';

export default {
  list: StationGroupList,
  create: StationGroupCreate,
  edit: StationGroupEdit,
  icon: WorkspacesIcon,
  recordRepresentation: 'name',
};
