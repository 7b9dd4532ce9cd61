/**
 * The "Notification Preference" menu section (requirements §2 menu list), `/NotificationPreference/
 * NotificationPreference`: the signed-in user's own preference form, for every signed-in user.
 */
import { Card, CardContent, Stack } from '@mui/material';
import { NotificationPreference } from './NotificationPreference';

export default function NotificationPreferencePage() {
  return (
    <Stack sx={{ maxWidth: 640, mt: 1 }} data-testid="notification-preference-page">
      <Card>
        <CardContent>
          <NotificationPreference />
        </CardContent>
      </Card>
    </Stack>
  );
}
