/** The order resource (API path `order`), mounted at `#/Operations/Orders` (list and `:id/show`). */
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptLongIcon,
  recordRepresentation: 'orderNo',
} satisfies ResourceDeclaration;
