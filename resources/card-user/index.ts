/**
 * The card user resource (API path `card-user`), mounted at `#/ChargerUsers/CardUsers`; with
 * `?id=<card user id>` that card's balance records (requirements §2).
 */
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadCardUserBalance = () => import('./CardUserBalance');
const loadCardUserCreate = () => import('./CardUserCreate');
const loadCardUserEdit = () => import('./CardUserEdit');
const loadCardUserList = () => import('./CardUserList');

export default {
  list: lazyView(loadCardUserList, 'CardUserList'),
  create: lazyView(loadCardUserCreate, 'CardUserCreate'),
  edit: lazyView(loadCardUserEdit, 'CardUserEdit'),
  queryViews: [{ param: 'id', view: lazyView(loadCardUserBalance, 'CardUserBalance') }],
  icon: CreditCardIcon,
  recordRepresentation: 'cardNumber',
} satisfies ResourceDeclaration;
