/**
 * The hidden own-account page `/TourAccount/TourAccount` (requirements §2): details, avatar and password
 * of the signed-in user, and a link to the notification preference (a menu section of its own).
 */
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { useState } from 'react';
import { ChangePasswordDialog } from '../../layout/AccountDialogs';
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
            <Button variant="outlined" onClick={() => setOpen(true)} data-testid="open-change-password">
              {translate('app.nav.change_password')}
            </Button>
          </Stack>
          <ProfilePanel />
        </CardContent>
      </Card>
      <Button
        component={Link}
        to="/NotificationPreference/NotificationPreference"
        startIcon={<NotificationsIcon />}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="open-notification-preference"
      >
        {translate('menu.notificationPreference')}
      </Button>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
