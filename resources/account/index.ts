/** The account resource (API path `company/user`), mounted at `#/SystemUsers/Accounts`. */
import PersonIcon from '@mui/icons-material/Person';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadAccountPages = () => import('./AccountPages');

export default {
  list: lazyView(loadAccountPages, 'AccountList'),
  create: lazyView(loadAccountPages, 'AccountCreate'),
  edit: lazyView(loadAccountPages, 'AccountEdit'),
  icon: PersonIcon,
  recordRepresentation: 'username',
} satisfies ResourceDeclaration;
