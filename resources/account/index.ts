/** The account resource (API path `company/user`); its pages live at `#/SystemUsers/Accounts`. */
import PersonIcon from '@mui/icons-material/Person';
import { AccountCreate, AccountEdit, AccountList } from './AccountPages';

export default { list: AccountList, create: AccountCreate, edit: AccountEdit, icon: PersonIcon, recordRepresentation: 'username' };
