/**
 * The balance record view of a card or app user (requirements §2: the page with `?id=<holder id>`):
 * the holder's balance with its actions, then the paged records (create time, change type,
 * prepay type, deduct type, related order — a link to `#/Operations/Orders/<id>/show` —, amount,
 * old and new balance, remark, operator) from `GET /sp/<holder>/{id}/balance-records`.
 */
import type { ReactNode } from 'react';
import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { Box, Button, Card, CardContent, Link as MuiLink, Skeleton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ColorChip, ErrorState } from '../common';
import { formatDateTime } from '../../utils/date';
import { formatMoney } from '../../utils/number';
import { PagedTable } from '../PagedTable';
import { BalanceActions } from './BalanceActions';
import type { BalanceRecord } from '../../../domain/entities/balance-record';
import type { BalanceHolder, HolderResource } from './holder';

const CHANGE_COLORS: Record<string, string> = {
  GIFT: '#9c27b0',
  PREPAY: '#1ebb77',
  PLATFORM_RECHARGE: '#1ebb77',
  DEDUCT: '#409eff',
  CLEARED: '#909399',
  USER_REFUND: '#e6a23c',
};

const COLUMNS = ['createTimeStamp', 'changeType', 'prepayType', 'deductType', 'orderNo', 'changeAmount', 'oldBalance', 'newBalance', 'remark', 'operator'];

/** The paged table of balance records of one holder. */
export function BalanceRecordTable({ resource, id, currency }: { resource: HolderResource; id: number; currency: string | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = (v: string | null | undefined) => formatMoney(v, currency, locale);
  return (
    <PagedTable<BalanceRecord & { id: number }>
      path={`${resource}/${id}/balance-records`}
      sortField="createTimeStamp"
      columns={COLUMNS}
      labelPrefix="resources.balance.fields"
      right={['changeAmount', 'oldBalance', 'newBalance']}
      testId="balance-records"
      emptyMessage="resources.balance.empty"
      skeletons={3}
    >
      {(rows) =>
        rows.map((r) => (
          <TableRow key={r.id} data-testid="balance-record-row" hover>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createTimeStamp)}</TableCell>
            <TableCell>
              <ColorChip
                label={translate(`resources.balance.values.changeType.${r.changeType}`, { _: r.changeType })}
                color={CHANGE_COLORS[r.changeType] ?? '#909399'}
              />
            </TableCell>
            <TableCell>{r.prepayType ? translate(`resources.balance.values.prepayType.${r.prepayType}`, { _: r.prepayType }) : '—'}</TableCell>
            <TableCell>{r.deductType ? translate(`resources.balance.values.deductType.${r.deductType}`, { _: r.deductType }) : '—'}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {r.relevanceId ? (
                <MuiLink
                  component={Link}
                  to={`/Operations/Orders/${r.relevanceId}/show`}
                  underline="hover"
                  sx={{ fontWeight: 500 }}
                  data-testid="balance-record-order"
                >
                  {r.orderNo ?? r.relevanceId}
                </MuiLink>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600, color: Number(r.changeAmount) < 0 ? 'error.main' : 'success.main' }}>
              {Number(r.changeAmount) > 0 ? '+' : ''}
              {money(r.changeAmount)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {money(r.oldBalance)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {money(r.newBalance)}
            </TableCell>
            <TableCell sx={{ maxWidth: 240, wordBreak: 'break-word' }}>{r.remark || '—'}</TableCell>
            <TableCell>{r.operator || '—'}</TableCell>
          </TableRow>
        ))
      }
    </PagedTable>
  );
}

export interface BalanceRecordsProps<T extends BalanceHolder> {
  resource: HolderResource;
  id: number;
  /** The holder's headline (card number and name, nickname…). */
  title: (holder: T) => ReactNode;
  /** Body under the header; defaults to the records table (app users add an orders tab). */
  children?: (holder: T) => ReactNode;
}

/** The whole `?id=` view: back link, holder header with balance and actions, records. */
export function BalanceRecords<T extends BalanceHolder>({ resource, id, title, children }: BalanceRecordsProps<T>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const location = useLocation();
  const { data: holder, isPending, error, refetch } = useGetOne<T>(resource, { id }, { retry: false });
  const back = (
    <Button component={Link} to={location.pathname} startIcon={<ArrowBackIcon />} size="small" data-testid="balance-back">
      {translate('ra.action.back')}
    </Button>
  );
  if (error)
    return (
      <Stack spacing={2}>
        {back}
        <Card>
          <ErrorState error={error as Error} onRetry={() => void refetch()} />
        </Card>
      </Stack>
    );
  if (isPending || !holder)
    return (
      <Stack spacing={2}>
        {back}
        <Skeleton variant="rounded" height={90} />
        <Skeleton variant="rounded" height={300} />
      </Stack>
    );
  return (
    <Stack spacing={2} data-testid="balance-view">
      <Box>{back}</Box>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.balance.title')}
            </Typography>
            <Typography variant="h6">{title(holder)}</Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.balance.fields.balance')}
            </Typography>
            <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="balance-value">
              {formatMoney(holder.balance, holder.currency, locale)}
            </Typography>
          </Box>
          <BalanceActions resource={resource} holder={holder} hideRecords />
        </CardContent>
      </Card>
      <Card>{children ? children(holder) : <BalanceRecordTable resource={resource} id={id} currency={holder.currency} />}</Card>
    </Stack>
  );
}
