/** The menu resource (API path `menu`), mounted at `#/System/Menu`. */
import MenuIcon from '@mui/icons-material/Menu';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadMenuPages = () => import('./MenuPages');

export default {
  list: lazyView(loadMenuPages, 'MenuList'),
  create: lazyView(loadMenuPages, 'MenuCreate'),
  edit: lazyView(loadMenuPages, 'MenuEdit'),
  icon: MenuIcon,
  recordRepresentation: 'name',
} satisfies ResourceDeclaration;
