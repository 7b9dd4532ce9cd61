/**
 * The card user resource (API path `card-user`), mounted at `#/ChargerUsers/CardUsers`; with
 * `?id=<card user id>` that card's balance records (requirements §2).
 */
import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { CardUserBalance } from './CardUserBalance';
import { CardUserCreate } from './CardUserCreate';
import { CardUserEdit } from './CardUserEdit';
import { CardUserList } from './CardUserList';

export default {
  list: CardUserList,
  create: CardUserCreate,
  edit: CardUserEdit,
  queryViews: [{ param: 'id', view: CardUserBalance }],
  icon: CreditCardIcon,
  recordRepresentation: 'cardNumber',
} satisfies ResourceDeclaration;
