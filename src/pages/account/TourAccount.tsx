/**
 * The hidden own-account page `/TourAccount/TourAccount` (spec §2): details, avatar and password
 * of the signed-in user, and a link to the notification preference.
 */
import { useTranslate } from 'react-admin';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ChangePasswordDialog } from '../../layout/AccountDialogs';
import { NotificationPreference } from '../notification-preference/NotificationPreference';
import { ProfilePanel } from './ProfilePanel';

export default function TourAccount() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mt: 1 }} data-testid="tour-account">
      <Card>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
            <Typography variant="h6">{translate('app.account.title')}</Typography>
            <Button variant="outlined" onClick={() => setOpen(true)} data-testid="open-change-password">{translate('app.nav.change_password')}</Button>
          </Stack>
          <ProfilePanel />
        </CardContent>
      </Card>
      <Card id="notification-preference">
        <CardContent>
          <NotificationPreference />
        </CardContent>
      </Card>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
