/**
 * The notification bell (spec §2): `GET /sp/notifications` (refreshed every minute) in a panel
 * with the tabs All, Events (EVENT) and Problems (REPORT_TICKET); an entry links to the event
 * list or the ticket.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Badge, Box, IconButton, List, ListItemButton, ListItemText, Popover, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { useApi } from '../hooks/useApi';
import { formatDateTime } from '../utils/date';

export interface SystemNotification {
  id: number;
  systemNotificationType: 'EVENT' | 'REPORT_TICKET';
  content: string;
  createTimeStamp: string;
  userName?: string | null;
  ticketNo?: string | null;
  serialNum?: string | null;
  eventStatus?: string | null;
}

type TabKey = 'all' | 'events' | 'problems';

/** The console link of a notification. */
export function notificationLink(n: SystemNotification): string {
  if (n.systemNotificationType === 'REPORT_TICKET') return `/ReportTickets/ReportTickets?serialNum=${encodeURIComponent(n.ticketNo ?? '')}`;
  const q = new URLSearchParams();
  if (n.serialNum) q.set('serialNum', n.serialNum);
  q.set('eventStatus', n.eventStatus ?? 'HAPPENING');
  return `/Events/Eventes?${q.toString()}`;
}

export function NotificationBell() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState<TabKey>('all');
  const { data } = useApi<SystemNotification[]>('notifications', undefined, { refetchInterval: 60_000 });
  const all = Array.isArray(data) ? data : [];
  const shown = all.filter((n) => tab === 'all' || (tab === 'events' ? n.systemNotificationType === 'EVENT' : n.systemNotificationType === 'REPORT_TICKET'));
  return (
    <>
      <Tooltip title={translate('app.nav.notifications')}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} data-testid="notification-bell" aria-label={translate('app.nav.notifications')}>
          <Badge badgeContent={all.length} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ width: 360 }} data-testid="notification-panel">
          <Tabs value={tab} onChange={(_e, v: TabKey) => setTab(v)} variant="fullWidth">
            <Tab value="all" label={translate('app.nav.notification_tabs.all')} />
            <Tab value="events" label={translate('app.nav.notification_tabs.events')} />
            <Tab value="problems" label={translate('app.nav.notification_tabs.problems')} />
          </Tabs>
          <List dense sx={{ maxHeight: 400, overflowY: 'auto' }}>
            {shown.length === 0 && (
              <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">{translate('app.nav.no_notifications')}</Typography>
            )}
            {shown.map((n) => (
              <ListItemButton key={n.id} component="a" href={`#${notificationLink(n)}`} onClick={() => setAnchor(null)}>
                <ListItemText
                  primary={n.content}
                  secondary={[formatDateTime(n.createTimeStamp), n.serialNum ?? n.ticketNo ?? ''].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { fontSize: 13 } } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Popover>
    </>
  );
}
