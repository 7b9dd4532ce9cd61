/** The operator resource (API path `company`), mounted at `#/System/Operators`. */
import BusinessIcon from '@mui/icons-material/Business';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadOperatorPages = () => import('./OperatorPages');

export default {
  list: lazyView(loadOperatorPages, 'OperatorList'),
  create: lazyView(loadOperatorPages, 'OperatorCreate'),
  edit: lazyView(loadOperatorPages, 'OperatorEdit'),
  show: lazyView(loadOperatorPages, 'OperatorShow'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
