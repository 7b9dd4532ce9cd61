/**
 * The notification bell (requirements §2 navbar): the badge is the caller's unread count (true, counted by
 * the server); the panel has the tabs All, Events and Problems with their true totals, the latest
 * 20 of the tab (repeats of one notice are one row with a count), "mark all read" and "see all"
 * to the full, paged list (`/Notifications`). Opening a notice marks it read.
 *
 * Live (issue #26 item 1): the bell listens to the `notice` frames of the live stream the dashboard
 * uses (server/modules/live): every event change or new report ticket refreshes the counts at
 * once, and a new fault or ticket shows a toast whose "Open" leads to it (the first page the
 * account may open, item 5). The 30 s polling runs only while the stream is closed.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Button, Divider, IconButton, List, Popover, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { NOTICE_TABS, type NoticeTab } from '../../domain/notices';
import type { Lang } from '../../domain/errors';
import { NoticeRow, noticeText, notificationLink, useMarkRead, useNoticePage, useNoticeSummary, usePermissionList, type SystemNotification } from './notices';
import { subscribeLive } from '../hooks/liveStream';
import { liveToken, useLiveConnected } from '../hooks/useLiveEvents';
import { useSpFetch } from '../hooks/useApi';

export { notificationLink, type SystemNotification } from './notices';

const PANEL_SIZE = 20;

/** `label · total`, or the label alone while the counts load. */
export function tabLabel(label: string, total: number | undefined): string {
  return total === undefined ? label : `${label} · ${total}`;
}

/** A `notice` frame of the live stream (server/modules/live NoticeFrame). */
export interface NoticeFrame {
  type: 'EVENT' | 'REPORT_TICKET';
  eventId?: number;
  ticketNo?: string;
  change: 'opened' | 'processed' | 'ignored' | 'recovered';
  reopened?: boolean;
}

/** True when `frame` announces something new an operator should be told of at once (a toast). */
export function isNewNotice(frame: NoticeFrame): boolean {
  return frame.change === 'opened' && !frame.reopened;
}

/** The notice row a frame announces, among the newest rows. */
export function rowOfFrame(rows: readonly SystemNotification[], frame: NoticeFrame): SystemNotification | undefined {
  return frame.type === 'EVENT'
    ? rows.find((r) => r.eventId === frame.eventId)
    : rows.find((r) => r.systemNotificationType === 'REPORT_TICKET' && r.ticketNo === frame.ticketNo);
}

/** Listens to the live `notice` frames: refreshes the bell's queries, toasts what is new. */
function useLiveNotices() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const fetchData = useSpFetch();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const permissions = usePermissionList();
  const latest = useRef({ notify, fetchData, translate, lang: (locale === 'zh' ? 'zh' : 'en') as Lang, permissions });
  latest.current = { notify, fetchData, translate, lang: locale === 'zh' ? 'zh' : 'en', permissions };
  useEffect(
    () =>
      subscribeLive(
        'notice',
        (data) => {
          void queryClient.invalidateQueries({ queryKey: ['sp', 'notifications/summary'] });
          void queryClient.invalidateQueries({ queryKey: ['sp', 'notifications'] });
          const frame = data as NoticeFrame | null;
          if (!frame || !isNewNotice(frame)) return;
          const { fetchData: get } = latest.current;
          void get<SystemNotification[]>('notifications', { tab: 'all', page: 1, size: 10 }).then(
            (rows) => {
              const row = Array.isArray(rows) ? rowOfFrame(rows, frame) : undefined;
              if (!row) return; // not the account's to see
              const { notify: toast, translate: t, lang, permissions: perms } = latest.current;
              const link = notificationLink(row, perms);
              toast(
                <Stack direction="row" spacing={2} alignItems="center" data-testid="notice-toast" data-kind={row.kind}>
                  <span>{noticeText(row, lang)}</span>
                  {link && (
                    <Button size="small" color="inherit" variant="outlined" href={`#${link}`} data-testid="notice-toast-open">
                      {t('app.notices.open')}
                    </Button>
                  )}
                </Stack>,
                { type: row.systemNotificationType === 'REPORT_TICKET' ? 'info' : 'warning', autoHideDuration: 10_000 },
              );
            },
            () => undefined,
          );
        },
        liveToken,
      ),
    [queryClient],
  );
}

export function NotificationBell() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState<NoticeTab>('all');
  const live = useLiveConnected();
  useLiveNotices();
  const { data: summary } = useNoticeSummary(live);
  const { data, isPending } = useNoticePage(tab, 1, PANEL_SIZE, !!anchor, live);
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
        onOpen={(e) => {
          if (!(quiet.current && e.type === 'focus')) setTip(true);
        }}
        onClose={() => setTip(false)}
      >
        <IconButton
          onClick={(e) => {
            setTip(false);
            setAnchor(e.currentTarget);
          }}
          onBlur={() => {
            quiet.current = false;
          }}
          data-testid="notification-bell"
          aria-label={translate('app.nav.notifications')}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={closePanel}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 380, maxWidth: 'calc(100vw - 16px)' }} data-testid="notification-panel">
          <Tabs value={tab} onChange={(_e, v: NoticeTab) => setTab(v)} variant="fullWidth">
            {NOTICE_TABS.map((t) => (
              <Tab
                key={t}
                value={t}
                data-testid={`notification-tab-${t}`}
                label={tabLabel(translate(`app.nav.notification_tabs.${t}`), summary?.[t].total)}
                sx={{ minWidth: 0, px: 1 }}
              />
            ))}
          </Tabs>
          <List dense sx={{ maxHeight: 400, overflowY: 'auto' }}>
            {!isPending && shown.length === 0 && (
              <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
                {translate('app.nav.no_notifications')}
              </Typography>
            )}
            {shown.map((n) => (
              <NoticeRow key={n.id} n={n} onOpen={open} />
            ))}
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
