/**
 * The notification bell (requirements §2 navbar): the badge is the caller's unread count (true, counted by
 * the server); the panel has the tabs All, Events and Problems with their true totals, the latest
 * 20 of the tab (repeats of one notice are one row with a count), "mark all read" and "see all"
 * to the full, paged list (`/Notifications`). Opening a notice marks it read.
 */
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Badge, Box, Button, Divider, IconButton, List, Popover, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { NOTICE_TABS, type NoticeTab } from '../../domain/notices';
import { NoticeRow, useMarkRead, useNoticePage, useNoticeSummary, type SystemNotification } from './notices';

export { notificationLink, type SystemNotification } from './notices';

const PANEL_SIZE = 20;

/** `label · total`, or the label alone while the counts load. */
export function tabLabel(label: string, total: number | undefined): string {
  return total === undefined ? label : `${label} · ${total}`;
}

export function NotificationBell() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState<NoticeTab>('all');
  const { data: summary } = useNoticeSummary();
  const { data, isPending } = useNoticePage(tab, 1, PANEL_SIZE, !!anchor);
  const markRead = useMarkRead();
  const shown = Array.isArray(data) ? data : [];
  const unread = summary?.all.unread ?? 0;
  // The tooltip is controlled: hidden while the panel is open, closed when the panel closes, and
  // not reopened by the focus the panel hands back to the bell (only by a new hover or focus).
  const [tip, setTip] = useState(false);
  const quiet = useRef(false);
  const closePanel = () => {
    quiet.current = true;
    setTip(false);
    setAnchor(null);
  };
  const open = (n: SystemNotification) => {
    if (!n.read) void markRead([n.id]);
    closePanel();
  };
  return (
    <>
      <Tooltip
        title={translate('app.nav.notifications')}
        open={tip && !anchor}
        onOpen={(e) => { if (!(quiet.current && e.type === 'focus')) setTip(true); }}
        onClose={() => setTip(false)}
      >
        <IconButton
          onClick={(e) => { setTip(false); setAnchor(e.currentTarget); }}
          onBlur={() => { quiet.current = false; }}
          data-testid="notification-bell"
          aria-label={translate('app.nav.notifications')}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={!!anchor} anchorEl={anchor} onClose={closePanel} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ width: 380, maxWidth: 'calc(100vw - 16px)' }} data-testid="notification-panel">
          <Tabs value={tab} onChange={(_e, v: NoticeTab) => setTab(v)} variant="fullWidth">
            {NOTICE_TABS.map((t) => (
              <Tab key={t} value={t} data-testid={`notification-tab-${t}`} label={tabLabel(translate(`app.nav.notification_tabs.${t}`), summary?.[t].total)} sx={{ minWidth: 0, px: 1 }} />
            ))}
          </Tabs>
          <List dense sx={{ maxHeight: 400, overflowY: 'auto' }}>
            {!isPending && shown.length === 0 && (
              <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">{translate('app.nav.no_notifications')}</Typography>
            )}
            {shown.map((n) => <NoticeRow key={n.id} n={n} onOpen={open} />)}
          </List>
          <Divider />
          <Stack direction="row" justifyContent="space-between" sx={{ px: 1, py: 0.5 }}>
            <Button size="small" disabled={unread === 0} onClick={() => void markRead('all')} data-testid="notification-mark-all">
              {translate('app.notices.mark_all_read')}
            </Button>
            <Button size="small" href="#/Notifications" onClick={closePanel} data-testid="notification-see-all">
              {translate('app.notices.see_all', { count: summary?.[tab].total ?? 0 })}
            </Button>
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
