/** The user menu (requirements §2): Profile, Change password, Sign out. */
import { useState } from 'react';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { Avatar, Box, Button, Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { ChangePasswordDialog, ProfileDialog } from './AccountDialogs';
import { initialOf } from '../utils/initial';

export function UserMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  const name = (identity?.fullName as string | undefined) ?? '';
  const open = (d: 'profile' | 'password') => {
    setAnchor(null);
    setDialog(d);
  };
  return (
    <>
      <Button
        data-testid="user-menu"
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<ArrowDropDownIcon />}
        sx={{ textTransform: 'none', gap: 0.5, minWidth: 0, flexShrink: 0, '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } } }}
      >
        <Avatar src={(identity?.avatar as string | undefined) || undefined} sx={{ width: 30, height: 30, bgcolor: 'primary.main', fontSize: 15 }}>
          {initialOf(name)}
        </Avatar>
        <Box component="span" className="user-name" sx={{ display: { xs: 'none', lg: 'inline' } }}>
          {name}
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={() => open('profile')} data-testid="profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.nav.profile')}
        </MenuItem>
        <MenuItem onClick={() => open('password')} data-testid="change-password">
          <ListItemIcon>
            <LockIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.nav.change_password')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
          data-testid="sign-out"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.nav.sign_out')}
        </MenuItem>
      </Menu>
      <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </>
  );
}
