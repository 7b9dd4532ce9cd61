/**
 * The top navbar (spec §2): sidebar toggle, breadcrumb, operator dropdown (Dashboard only),
 * global search, notification bell, language toggle and user menu.
 */
import { useLocation } from 'react-router-dom';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccess } from '../routes/access';
import { Box, IconButton, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { Breadcrumb } from './Breadcrumb';
import { CompanySelect } from './CompanySelect';
import { GlobalSearch } from './GlobalSearch';
import { LanguageToggle } from './LanguageToggle';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';
import { useSidebar } from './SidebarState';

export function Navbar() {
  const translate = useTranslate();
  const { open, mobile, toggle } = useSidebar();
  const { pathname } = useLocation();
  const onDashboard = pathname.startsWith('/Dashboard/Dashboard');
  const { permissions } = usePermissions<string[]>();
  // The search box opens the Search page: offered only to users who may open it.
  const canSearch = canAccess('/Search/Search', Array.isArray(permissions) ? permissions : []);
  return (
    <Box component="header" sx={{ position: 'sticky', top: 0, zIndex: 1000, bgcolor: '#fff', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}>
      <Toolbar variant="dense" sx={{ minHeight: 56, gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton onClick={toggle} edge="start" aria-label={translate('app.nav.toggle_sidebar')} data-testid="sidebar-toggle">
          {open && !mobile ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Breadcrumb />
        </Box>
        {onDashboard && <CompanySelect />}
        {canSearch && <GlobalSearch />}
        <NotificationBell />
        <LanguageToggle />
        <UserMenu />
      </Toolbar>
    </Box>
  );
}
