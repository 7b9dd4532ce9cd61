/**
 * The dark sidebar (requirements §1): menu built from the server's menu tree (`GET /sp/menu/tree`; the
 * route table filtered by the user's permissions as fallback) and the pages the console implements; sections expand into a darker submenu; collapsed on
 * desktop it shows icons with tooltips; on mobile it is a drawer that closes on navigation.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePermissions, useTranslate } from 'react-admin';
import { Box, Collapse, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import BoltIcon from '@mui/icons-material/Bolt';
import type { RouteNode } from '../../domain/routes';
import { menuRoutes } from '../../domain/access';
import { useApi } from '../hooks/useApi';
import { sidebarFromMenuTree, type MenuNode } from '../utils/menuTree';
import { IMPLEMENTED } from '../routes/pages';
import { SIDEBAR } from '../theme';
import { iconFor } from './icons';
import { useSidebar } from './SidebarState';

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

function Logo({ compact }: { compact: boolean }) {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to="/"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        height: 56,
        px: compact ? 0 : 2,
        justifyContent: compact ? 'center' : 'flex-start',
        textDecoration: 'none',
        color: '#fff',
        flexShrink: 0,
      }}
    >
      <Box sx={{ width: 32, height: 32, borderRadius: '8px', bgcolor: SIDEBAR.active, display: 'grid', placeItems: 'center' }}>
        <BoltIcon sx={{ color: '#fff', fontSize: 22 }} />
      </Box>
      {!compact && <Typography sx={{ fontWeight: 700, fontSize: 18, letterSpacing: 0.3 }}>{translate('app.name')}</Typography>}
    </Box>
  );
}

function Item({ node, compact, nested }: { node: RouteNode; compact: boolean; nested?: boolean }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = isActive(pathname, node.path);
  const Icon = iconFor(node.icon);
  const label = translate(`menu.${node.key}`);
  const button = (
    <ListItemButton
      component={Link}
      to={node.path}
      data-testid={`menu-${node.key}`}
      selected={active}
      sx={{
        minHeight: 50,
        pl: compact ? 2.5 : nested ? 4 : 2.5,
        color: active ? SIDEBAR.active : SIDEBAR.text,
        bgcolor: nested ? SIDEBAR.submenuBackground : 'transparent',
        '&.Mui-selected, &.Mui-selected:hover': { bgcolor: nested ? SIDEBAR.submenuBackground : 'transparent', color: SIDEBAR.active },
        '&:hover': { bgcolor: SIDEBAR.hover },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!compact && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />}
    </ListItemButton>
  );
  return compact ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function Section({ node, compact }: { node: RouteNode; compact: boolean }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = isActive(pathname, node.path);
  const [open, setOpen] = useState(active);
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);
  const Icon = iconFor(node.icon);
  const label = translate(`menu.${node.key}`);
  if (compact) {
    // Collapsed: the section icon leads to its first page.
    const first = node.children?.[0];
    return (
      <Tooltip title={label} placement="right">
        <ListItemButton
          component={Link}
          to={first?.path ?? node.path}
          data-testid={`menu-${node.key}`}
          sx={{ minHeight: 50, pl: 2.5, color: active ? SIDEBAR.active : SIDEBAR.text, '&:hover': { bgcolor: SIDEBAR.hover } }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
            <Icon fontSize="small" />
          </ListItemIcon>
        </ListItemButton>
      </Tooltip>
    );
  }
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        data-testid={`menu-${node.key}`}
        sx={{ minHeight: 50, pl: 2.5, color: active ? '#f4f4f5' : SIDEBAR.text, '&:hover': { bgcolor: SIDEBAR.hover } }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: active ? SIDEBAR.active : 'inherit' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding>
          {node.children?.map((c) => (
            <Item key={c.path} node={c} compact={false} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/**
 * The menu entries for the signed-in user: the server's menu tree (`GET /sp/menu/tree`, requirements §6:
 * the user's permissions, disabled menus hidden) intersected with the implemented pages; the
 * local route table filtered by the permissions while it loads or when the call fails.
 */
export function useMenuRoutes(): RouteNode[] {
  const { permissions } = usePermissions<string[]>();
  const { data, isSuccess } = useApi<MenuNode[]>('menu/tree', undefined, { staleTime: 60_000 });
  const local = menuRoutes(Array.isArray(permissions) ? permissions : [], IMPLEMENTED);
  return isSuccess && Array.isArray(data) ? sidebarFromMenuTree(data, IMPLEMENTED) : local;
}

function MenuContent({ compact }: { compact: boolean }) {
  const routes = useMenuRoutes();
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: SIDEBAR.background, overflowX: 'hidden' }} data-testid="sidebar">
      <Logo compact={compact} />
      <List disablePadding sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }} component="nav">
        {routes.map((r) => (r.children ? <Section key={r.path} node={r} compact={compact} /> : <Item key={r.path} node={r} compact={compact} />))}
      </List>
    </Box>
  );
}

export function Sidebar() {
  const { open, mobile, close } = useSidebar();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the phone drawer closes at each route change
  useEffect(() => {
    if (mobile) close();
  }, [pathname, mobile, close]);

  if (mobile) {
    return (
      <Drawer
        open={open}
        onClose={close}
        variant="temporary"
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: SIDEBAR.width, border: 0 } } }}
      >
        <MenuContent compact={false} />
      </Drawer>
    );
  }
  const width = open ? SIDEBAR.width : SIDEBAR.collapsedWidth;
  return (
    <Box component="aside" sx={{ width, flexShrink: 0, transition: 'width .28s', position: 'sticky', top: 0, height: '100vh', zIndex: 1001 }}>
      <MenuContent compact={!open} />
    </Box>
  );
}
