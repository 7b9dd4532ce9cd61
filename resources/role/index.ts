/** The role resource (API path `role`); its pages live at `#/SystemUsers/Permissions`. */
import SecurityIcon from '@mui/icons-material/Security';
import { RoleCreate, RoleEdit, RoleList } from './RolePages';

export default { list: RoleList, create: RoleCreate, edit: RoleEdit, icon: SecurityIcon, recordRepresentation: 'name' };
