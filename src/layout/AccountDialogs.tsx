/**
 * The user's own account dialogs (requirements §2): Profile (the account as `GET /sp/user/info` gave it)
 * and Change password (the current password and two entries that must match — "Inconsistent
 * passwords" — sent as `PUT /sp/user/password`; a wrong current password answers 700).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { Avatar, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { sessionOf, type UserInfo } from '../../authProvider/session';
import { httpClient } from '../providers';
import { isWeakPassword } from '../../domain/entities/rules';

/** Validates the two password entries (length, the server's rule 732, equality); returns an i18n key or undefined. */
export function validatePasswordPair(password: string, confirm: string, username?: string): string | undefined {
  if (!password) return 'app.login.password_required';
  if (password.length < 6 || password.length > 64) return 'app.account.password_length';
  if (isWeakPassword(password, username)) return 'app.account.password_weak';
  if (password !== confirm) return 'app.account.inconsistent';
  return undefined;
}

export function AccountDetails({ info }: { info: UserInfo | null }) {
  const translate = useTranslate();
  if (!info) return null;
  const rows: Array<[string, string | null | undefined]> = [
    ['app.account.userName', info.userName],
    ['app.account.realName', info.realName],
    ['app.account.email', info.email],
    ['app.account.phone', info.phone],
    ['app.account.userType', info.userType ? translate(`app.account.user_types.${info.userType}`, { _: info.userType }) : ''],
    ['app.account.companyCode', info.companyCode],
    ['app.account.roles', (info.roles ?? []).join(', ')],
  ];
  return (
    <Stack spacing={2} data-testid="account-details">
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar src={info.avatar ?? undefined} sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
          {info.userName.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box>
          <Typography variant="h6">{info.realName || info.userName}</Typography>
          <Typography color="text.secondary" variant="body2">
            {info.email}
          </Typography>
        </Box>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" variant="body2">
              {translate(k)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {v || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('app.nav.profile')}</DialogTitle>
      <DialogContent>
        <AccountDetails info={sessionOf(localStorage).profile()} />
      </DialogContent>
      <DialogActions>
        <Button component={Link} to="/TourAccount/TourAccount" onClick={onClose} data-testid="profile-edit">
          {translate('app.profile.edit')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** The server's field error on the current password (700: "The current password is wrong"). */
  const [oldError, setOldError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    setOldError(undefined);
    setOldPassword('');
    setPassword('');
    setConfirm('');
    setError(undefined);
    onClose();
  };
  const save = async () => {
    const problem = oldPassword ? validatePasswordPair(password, confirm, sessionOf(localStorage).profile()?.userName) : 'app.login.password_required';
    setError(problem);
    setOldError(undefined);
    if (problem) return;
    setSaving(true);
    try {
      await httpClient('/user/password', { method: 'PUT', body: { oldPassword, newPassword: password, confirmPassword: confirm } });
      notify('app.account.password_saved', { type: 'success' });
      close();
    } catch (e) {
      const fieldError = (e as { body?: { errors?: Record<string, string> } }).body?.errors?.oldPassword;
      if (fieldError) setOldError(fieldError);
      else notify((e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('app.nav.change_password')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="password"
            label={translate('app.profile.old_password')}
            value={oldPassword}
            onChange={(e) => {
              setOldPassword(e.target.value);
              setOldError(undefined);
            }}
            error={!!oldError}
            helperText={oldError}
            autoComplete="current-password"
            slotProps={{ htmlInput: { 'data-testid': 'old-password' } }}
          />
          <TextField
            type="password"
            label={translate('app.account.new_password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            slotProps={{ htmlInput: { 'data-testid': 'new-password' } }}
          />
          <TextField
            type="password"
            label={translate('app.account.confirm_password')}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
            error={!!error}
            helperText={error ? translate(error) : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'confirm-password' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving || !confirm || !oldPassword} data-testid="save-password">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
