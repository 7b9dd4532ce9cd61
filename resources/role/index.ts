/** The role resource (API path `role`), mounted at `#/SystemUsers/Permissions`. */
import SecurityIcon from '@mui/icons-material/Security';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadRolePages = () => import('./RolePages');

export default {
  list: lazyView(loadRolePages, 'RoleList'),
  create: lazyView(loadRolePages, 'RoleCreate'),
  edit: lazyView(loadRolePages, 'RoleEdit'),
  icon: SecurityIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
