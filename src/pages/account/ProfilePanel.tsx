/**
 * The signed-in user's own details (requirements §2 "/TourAccount/TourAccount", §3, §5): read with
 * `GET /sp/user/profile`, edited with `PUT /sp/user/profile` (real name without digits → 900,
 * checked here first; e-mail taken → 310 from the server), and the avatar uploaded to
 * `POST /sp/user/avatar` after a client-side check (JPG/PNG, ≤ 2 MB, ≤ 300 × 300 → the 714
 * message). The stored session profile is refreshed so the navbar follows.
 */
import { useEffect, useRef, useState } from 'react';
import { useGetIdentity, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Box, Button, CircularProgress, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { sessionOf } from '../../../authProvider/session';
import { catalogueMessage } from '../../../domain/errors';
import type { ProfileRecord } from '../../../domain/entities/profile';
import { hasDigit as nameHasDigit } from '../../../domain/entities/rules';
import { initialOf } from '../../utils/initial';
import { AVATAR_LIMITS, checkImage, uploadImage } from '../../utils/uploadImage';
import { useApi, useSpCall } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';

/** Keeps the session's cached profile (navbar name and avatar) in step with the server. */
function remember(p: ProfileRecord) {
  const s = sessionOf(localStorage);
  const old = s.profile();
  if (old) s.setInfo({ ...old, realName: p.realName, avatar: p.avatar, email: p.email, phone: p.phone });
}

export function ProfilePanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const lang = locale === 'zh' ? 'zh' : 'en';
  const call = useSpCall();
  const queryClient = useQueryClient();
  const { refetch: refetchIdentity } = useGetIdentity();
  const { data: profile, isPending, error } = useApi<ProfileRecord>('user/profile');
  const [form, setForm] = useState({ realName: '', phone: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (profile) setForm({ realName: profile.realName ?? '', phone: profile.phone ?? '', email: profile.email ?? '' });
  }, [profile]);

  const updated = (p: ProfileRecord) => {
    queryClient.setQueryData(['sp', 'user/profile', {}], p);
    remember(p);
    void refetchIdentity();
  };

  const save = async () => {
    const e: Record<string, string> = {};
    if (!form.realName.trim()) e.realName = catalogueMessage(609, lang);
    else if (nameHasDigit(form.realName)) e.realName = catalogueMessage(900, lang);
    setErrors(e);
    if (Object.keys(e).length) return;
    setSaving(true);
    try {
      const p = await call<ProfileRecord>('PUT', 'user/profile', form);
      updated(p);
      notify('app.profile.saved', { type: 'success' });
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) setErrors(body.errors);
      notify((err as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return;
    setAvatarError(undefined);
    try {
      if (!(await checkImage(file, AVATAR_LIMITS))) {
        setAvatarError(catalogueMessage(714, lang));
        return;
      }
      setUploading(true);
      const p = await uploadImage<ProfileRecord | { avatar: string }>('user/avatar', file);
      const next = 'username' in p ? p : { ...(profile as ProfileRecord), avatar: p.avatar };
      updated(next);
      notify('app.profile.avatar_saved', { type: 'success' });
    } catch (err) {
      setAvatarError((err as Error).message);
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  if (isPending) return <CircularProgress size={24} />;
  // The message of the failure in the user's language (a network failure carries a message key).
  if (error || !profile)
    return <FormHelperText error>{error?.message ? translate(error.message, { _: error.message }) : translate('app.error.load_failed')}</FormHelperText>;
  const field = (k: 'realName' | 'phone' | 'email', label: string) => (
    <TextField
      label={translate(label)}
      value={form[k]}
      onChange={(e) => {
        setErrors((x) => ({ ...x, [k]: '' }));
        setForm((f) => ({ ...f, [k]: e.target.value }));
      }}
      error={!!errors[k]}
      helperText={errors[k] || ' '}
      size="small"
      slotProps={{ htmlInput: { 'data-testid': `profile-${k}` } }}
    />
  );
  const facts: Array<[string, string]> = [
    ['app.account.userName', profile.username],
    ['app.account.userType', translate(`app.account.user_types.${profile.userType}`, { _: profile.userType })],
    ['app.profile.company', profile.companyName ? `${profile.companyName} (${profile.companyCode})` : '—'],
    ['app.account.roles', profile.roleName ?? '—'],
    ['app.profile.joined', formatDateTime(profile.createdAt)],
  ];
  return (
    <Stack spacing={3} data-testid="profile-panel">
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar src={profile.avatar ?? undefined} sx={{ width: 72, height: 72, bgcolor: 'primary.main' }} data-testid="profile-avatar">
          {initialOf(profile.realName || profile.username)}
        </Avatar>
        <Box>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={uploading ? <CircularProgress size={14} /> : <UploadIcon />}
            disabled={uploading}
          >
            {translate('app.profile.upload_avatar')}
            <input
              ref={fileRef}
              hidden
              type="file"
              accept="image/png,image/jpeg"
              data-testid="profile-avatar-file"
              onChange={(e) => void pickAvatar(e.target.files?.[0])}
            />
          </Button>
          <FormHelperText error={!!avatarError} data-testid="profile-avatar-error">
            {avatarError ?? translate('app.profile.avatar_help')}
          </FormHelperText>
        </Box>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
        {facts.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" variant="body2">
              {translate(k)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack spacing={1}>
        <Typography variant="subtitle1">{translate('app.profile.edit')}</Typography>
        {field('realName', 'app.account.realName')}
        {field('phone', 'app.account.phone')}
        {field('email', 'app.account.email')}
        <Box>
          <Button variant="contained" onClick={save} disabled={saving} data-testid="profile-save">
            {translate('ra.action.save')}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
