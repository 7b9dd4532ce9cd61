/** The card user resource (API path `card-user`); its pages live at `#/ChargerUsers/CardUsers`. */
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { CardUserCreate } from './CardUserCreate';
import { CardUserEdit } from './CardUserEdit';
import { CardUserList } from './CardUserList';

export default {
  list: CardUserList,
  create: CardUserCreate,
  edit: CardUserEdit,
  icon: CreditCardIcon,
  recordRepresentation: 'cardNumber',
};
