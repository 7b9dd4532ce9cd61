/** The operator resource (API path `company`); its pages live at `#/System/Operators`. */
import BusinessIcon from '@mui/icons-material/Business';
import { OperatorCreate, OperatorEdit, OperatorList, OperatorShow } from './OperatorPages';

export default { list: OperatorList, create: OperatorCreate, edit: OperatorEdit, show: OperatorShow, icon: BusinessIcon, recordRepresentation: 'name' };
