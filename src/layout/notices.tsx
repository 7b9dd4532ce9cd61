/**
 * The bell's shared pieces (requirements §2 navbar bell; issue "the bell"): reading `GET /sp/notifications`
 * (per tab, paged) and `/summary` (true counts and unread per tab), marking read, the console link
 * of a notice and one notice row. Notices arrive as data (`kind`, `params`, domain/notices.ts) and
 * are rendered here in the console's language; the server's `content` is only the fallback.
 */
import { useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Chip, ListItemButton, ListItemText, Stack } from '@mui/material';
import { renderNotice, toNotice, type NoticeTab } from '../../domain/notices';
import type { Lang } from '../../domain/errors';
import { useApi, useSpCall } from '../hooks/useApi';
import { formatDateTime } from '../utils/date';
import { canAccess } from '../../domain/access';

/** One row of `GET /sp/notifications` (server/modules/notifications/service.ts). */
export interface SystemNotification {
  id: number;
  systemNotificationType: 'EVENT' | 'REPORT_TICKET';
  kind?: string;
  params?: Record<string, unknown>;
  content: string;
  createTimeStamp: string;
  lastTimeStamp?: string;
  count?: number;
  read?: boolean;
  userName?: string | null;
  ticketNo?: string | null;
  serialNum?: string | null;
  eventStatus?: string | null;
  chargerId?: number | null;
  orderId?: number | null;
  /** The event an EVENT notice announces. */
  eventId?: number | null;
}

export interface TabCount {
  total: number;
  unread: number;
}
export type NoticeSummary = Record<NoticeTab, TabCount>;

const SUMMARY = 'notifications/summary';
/** How often the bell asks for new notices when the live stream is closed (the fallback). */
export const NOTICE_REFRESH_MS = 30_000;

/**
 * True counts per tab. `live`: the live stream is open, so `notice` frames refresh it (the bell)
 * and the timer is off; otherwise it is read every {@link NOTICE_REFRESH_MS}.
 */
export function useNoticeSummary(live = false) {
  return useApi<NoticeSummary>(SUMMARY, undefined, { refetchInterval: live ? false : NOTICE_REFRESH_MS });
}

/** One page of `tab`, newest repeat first (polled like {@link useNoticeSummary}). */
export function useNoticePage(tab: NoticeTab, page: number, size: number, enabled = true, live = false) {
  return useApi<SystemNotification[]>('notifications', { tab, page, size }, { enabled, refetchInterval: enabled && !live ? NOTICE_REFRESH_MS : false });
}

/** Marks notices read (`ids`) or all of them; refreshes the bell. A failure is a toast. */
export function useMarkRead() {
  const call = useSpCall();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (target: number[] | 'all') => {
    try {
      const summary = await call<NoticeSummary>('POST', 'notifications/read', target === 'all' ? { all: true } : { ids: target });
      queryClient.setQueryData(['sp', SUMMARY, {}], summary);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.load_failed', { type: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['sp', 'notifications'] });
    }
  };
}

/**
 * The console page of a notice: an event's page, an unpaid order's order, else the charger it is
 * about, a report ticket's ticket; null when the console has no page for it (e.g. a gateway).
 * With `permissions`, the first of these pages the account may open (an event the account may
 * not open leads to its charger; issue #26 item 5), or null when it may open none.
 */
export function notificationLink(n: SystemNotification, permissions?: readonly string[]): string | null {
  const candidates: string[] = [];
  if (n.systemNotificationType === 'REPORT_TICKET') candidates.push(`/ReportTickets/ReportTickets?serialNum=${encodeURIComponent(n.ticketNo ?? '')}`);
  else {
    if (n.eventId) candidates.push(`/Events/Eventes/${n.eventId}/show`);
    if (n.orderId) candidates.push(`/Operations/Orders/${n.orderId}/show`);
    if (n.chargerId) candidates.push(`/Stations/StationProfile/chargers/${n.chargerId}/show`);
    // Read-only view for accounts without the events or station pages (e.g. staff): the charger's monitoring row.
    if (n.chargerId && n.serialNum && permissions)
      candidates.push(`/Monitoring/ChargerMonitoring?filter=${encodeURIComponent(JSON.stringify({ q: n.serialNum }))}`);
  }
  if (!permissions) return candidates[0] ?? null;
  return candidates.find((c) => canAccess(c.split('?')[0]!, permissions)) ?? null;
}

/** The account's permissions (empty while they load). */
export function usePermissionList(): readonly string[] {
  const { permissions } = usePermissions<string[]>();
  return Array.isArray(permissions) ? permissions : [];
}

/** The notice's sentence in `lang`. */
export function noticeText(n: SystemNotification, lang: Lang): string {
  return renderNotice(toNotice(n.kind, n.params, n.content), lang);
}

/** One notice: unread dot, sentence, repeat count, last time and status; a click opens its page. */
export function NoticeRow({ n, onOpen }: { n: SystemNotification; onOpen: (n: SystemNotification) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang: Lang = locale === 'zh' ? 'zh' : 'en';
  const link = notificationLink(n, usePermissionList());
  const count = n.count ?? 1;
  const secondary = [
    count > 1
      ? translate('app.notices.repeated', { count, last: formatDateTime(n.lastTimeStamp ?? n.createTimeStamp) })
      : formatDateTime(n.lastTimeStamp ?? n.createTimeStamp),
    n.eventStatus ? translate(`app.notices.status.${n.eventStatus}`, { _: n.eventStatus }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ListItemButton
      data-testid="notice-row"
      data-read={n.read ? 'true' : 'false'}
      data-kind={n.kind}
      {...(link ? { component: 'a', href: `#${link}` } : {})}
      onClick={() => onOpen(n)}
      sx={{ alignItems: 'flex-start', gap: 1 }}
    >
      <Box
        aria-label={n.read ? undefined : translate('app.notices.unread')}
        sx={{ mt: 0.9, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'error.main' }}
      />
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} alignItems="center" component="span">
            <Box component="span" sx={{ fontWeight: n.read ? 400 : 600, overflowWrap: 'anywhere' }}>
              {noticeText(n, lang)}
            </Box>
            {count > 1 && <Chip component="span" size="small" label={`×${count}`} data-testid="notice-count" sx={{ height: 20 }} />}
          </Stack>
        }
        secondary={secondary}
        slotProps={{ primary: { component: 'div', sx: { fontSize: 13 } }, secondary: { sx: { fontSize: 12 } } }}
      />
    </ListItemButton>
  );
}
