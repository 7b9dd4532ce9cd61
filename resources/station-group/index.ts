/** The station-group resource (API path `station-group`), mounted at `#/Stations/StationGroup`. */
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { StationGroupCreate, StationGroupEdit, StationGroupList } from './StationGroupPages';

export default {
  list: StationGroupList,
  create: StationGroupCreate,
  edit: StationGroupEdit,
  icon: WorkspacesIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
