/** The role resource (API path `role`), mounted at `#/SystemUsers/Permissions`. */
import SecurityIcon from '@mui/icons-material/Security';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { RoleCreate, RoleEdit, RoleList } from './RolePages';

export default {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  icon: SecurityIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
