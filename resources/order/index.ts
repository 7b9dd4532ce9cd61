/** The order resource (API path `order`), mounted at `#/Operations/Orders` (list and `:id/show`). */
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadOrderList = () => import('./OrderList');
const loadOrderShow = () => import('./OrderShow');

export default {
  list: lazyView(loadOrderList, 'OrderList'),
  show: lazyView(loadOrderShow, 'OrderShow'),
  icon: ReceiptLongIcon,
  recordRepresentation: 'orderNo',
} satisfies ResourceDeclaration;
