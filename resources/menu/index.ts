/** The menu resource (API path `menu`); its pages live at `#/System/Menu`. */
import MenuIcon from '@mui/icons-material/Menu';
import { MenuCreate, MenuEdit, MenuList } from './MenuPages';

export default { list: MenuList, create: MenuCreate, edit: MenuEdit, icon: MenuIcon, recordRepresentation: 'name' };
