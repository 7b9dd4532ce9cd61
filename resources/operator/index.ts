/** The operator resource (API path `company`), mounted at `#/System/Operators`. */
import BusinessIcon from '@mui/icons-material/Business';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { OperatorCreate, OperatorEdit, OperatorList, OperatorShow } from './OperatorPages';

export default {
  list: OperatorList,
  create: OperatorCreate,
  edit: OperatorEdit,
  show: OperatorShow,
  icon: BusinessIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
