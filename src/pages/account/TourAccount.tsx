/** The hidden own-profile page `/TourAccount/TourAccount` (spec §2). */
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { sessionOf } from '../../../authProvider/session';
import { AccountDetails, ChangePasswordDialog } from '../../layout/AccountDialogs';

export default function TourAccount() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Card>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
            <Typography variant="h6">{translate('app.account.title')}</Typography>
            <Button variant="outlined" onClick={() => setOpen(true)}>{translate('app.nav.change_password')}</Button>
          </Stack>
          <AccountDetails info={sessionOf(localStorage).profile()} />
        </CardContent>
      </Card>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
