/** The account resource (API path `company/user`), mounted at `#/SystemUsers/Accounts`. */
import PersonIcon from '@mui/icons-material/Person';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { AccountCreate, AccountEdit, AccountList } from './AccountPages';

export default {
  list: AccountList,
  create: AccountCreate,
  edit: AccountEdit,
  icon: PersonIcon,
  recordRepresentation: 'username',
} satisfies ResourceDeclaration;
