/**
 * All notifications (`#/Notifications`, opened from the bell's "see all"): the tabs All, Events
 * and Problems with their true totals and unread counts, the tab's notices newest repeat first,
 * paged (20, 50 or 100 a page), and "mark all read". Opening a notice marks it read.
 */
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Box, Button, Card, List, Stack, Tab, TablePagination, Tabs } from '@mui/material';
import { NOTICE_TABS, type NoticeTab } from '../../../domain/notices';
import { EmptyState, ErrorState } from '../../components/common';
import { NoticeRow, useMarkRead, useNoticePage, useNoticeSummary, type SystemNotification } from '../../layout/notices';
import { tabLabel } from '../../layout/NotificationBell';

export default function NotificationsPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<NoticeTab>('all');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const { data: summary } = useNoticeSummary();
  const { data, isPending, error, refetch } = useNoticePage(tab, page + 1, size);
  const markRead = useMarkRead();
  const rows = Array.isArray(data) ? data : [];
  const open = (n: SystemNotification) => {
    if (!n.read) void markRead([n.id]);
  };
  return (
    <Box data-testid="notifications-page" sx={{ py: 2 }}>
      <Title title={translate('app.notices.title')} />
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} sx={{ px: 1 }}>
          <Tabs
            value={tab}
            onChange={(_e, v: NoticeTab) => {
              setTab(v);
              setPage(0);
            }}
            variant="scrollable"
          >
            {NOTICE_TABS.map((t) => (
              <Tab key={t} value={t} data-testid={`notices-tab-${t}`} label={tabLabel(translate(`app.nav.notification_tabs.${t}`), summary?.[t].total)} />
            ))}
          </Tabs>
          <Button size="small" disabled={!summary?.all.unread} onClick={() => void markRead('all')} data-testid="notices-mark-all">
            {translate('app.notices.mark_all_read')}
            {summary?.all.unread ? ` (${summary.all.unread})` : ''}
          </Button>
        </Stack>
        {error ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : !isPending && rows.length === 0 ? (
          <EmptyState message="app.nav.no_notifications" />
        ) : (
          <List dense>
            {rows.map((n) => (
              <NoticeRow key={n.id} n={n} onOpen={open} />
            ))}
          </List>
        )}
        <TablePagination
          component="div"
          count={summary?.[tab].total ?? -1}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={size}
          rowsPerPageOptions={[20, 50, 100]}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count === -1 ? to : count })
          }
        />
      </Card>
    </Box>
  );
}
