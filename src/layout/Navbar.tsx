/**
 * The top navbar (requirements §2): sidebar toggle, breadcrumb, operator dropdown (Dashboard, and Map
 * monitoring for administrators),
 * global search, notification bell, language toggle and user menu. The breadcrumb keeps at least
 * the page's name readable at 992 px with the sidebar open; on a phone the operator dropdown
 * moves to a second row and the search is a button opening it.
 */
import { useLocation } from 'react-router-dom';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccess } from '../../domain/access';
import { ADMIN_PERMISSION } from '../../domain/routes';
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
  // requirements §2/§6: only an administrator chooses the operator on Map monitoring.
  const onMap = pathname.startsWith('/Monitoring/MapMonitoring') && Array.isArray(permissions) && permissions.includes(ADMIN_PERMISSION);
  // The search box opens the Search page: offered only to users who may open it.
  const canSearch = canAccess('/Search/Search', Array.isArray(permissions) ? permissions : []);
  return (
    <Box component="header" sx={{ position: 'sticky', top: 0, zIndex: 1000, bgcolor: '#fff', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}>
      <Toolbar variant="dense" sx={{ minHeight: 56, gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 }, flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
        <IconButton onClick={toggle} edge="start" aria-label={translate('app.nav.toggle_sidebar')} data-testid="sidebar-toggle">
          {open && !mobile ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Box sx={{ flex: 1, minWidth: { xs: 72, md: 140 } }}>
          <Breadcrumb />
        </Box>
        {/* On a phone the operator dropdown takes a second row of its own. */}
        {(onDashboard || onMap) && (
          <Box
            sx={{
              order: { xs: 10, md: 0 },
              width: { xs: '100%', md: 'auto' },
              pb: { xs: 1, md: 0 },
              display: 'flex',
              '& > *': { flex: { xs: 1, md: 'none' } },
            }}
          >
            <CompanySelect />
          </Box>
        )}
        {canSearch && <GlobalSearch />}
        <NotificationBell />
        <LanguageToggle />
        <UserMenu />
      </Toolbar>
    </Box>
  );
}
