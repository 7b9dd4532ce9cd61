/** The menu resource (API path `menu`), mounted at `#/System/Menu`. */
import MenuIcon from '@mui/icons-material/Menu';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { MenuCreate, MenuEdit, MenuList } from './MenuPages';

export default {
  list: MenuList,
  create: MenuCreate,
  edit: MenuEdit,
  icon: MenuIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
