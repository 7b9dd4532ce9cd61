/** An app user's order history (`GET /sp/app-user/{id}/orders`), paged; rows open the order. */
import { useState } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';
import { EmptyState, ErrorState } from '../../src/components/common';
import { formatDateTime } from '../../src/utils/date';
import { fixed, formatMoney } from '../../src/utils/number';
import { OrderStatusChip, PaidChip } from '../order/OrderStatusField';
import { ROWS_PER_PAGE } from '../shared/filterInputs';
import type { AppUserOrder } from './types';

export function AppUserOrders({ id }: { id: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const { data, total, isPending, error, refetch } = useGetList<AppUserOrder>(
    `app-user/${id}/orders`,
    { pagination: { page: page + 1, perPage }, sort: { field: 'chargerStartTime', order: 'DESC' } },
    { retry: false },
  );
  if (error) return <ErrorState error={error as Error} onRetry={() => void refetch()} />;
  if (isPending) return <Box sx={{ p: 2 }}><Skeleton height={32} /><Skeleton height={32} /></Box>;
  if (!data?.length) return <EmptyState message="resources.app-user.no_orders" />;
  const f = (k: string) => translate(`resources.order.fields.${k}`);
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="app-user-orders">
          <TableHead>
            <TableRow>
              {['orderNo', 'chargerSn', 'chargerStartTime', 'chargerStopTime', 'energyKwh', 'totalAmount', 'status', 'paid'].map((k) => (
                <TableCell key={k} align={k === 'energyKwh' || k === 'totalAmount' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>{f(k)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((o) => (
              <TableRow key={o.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/Operations/Orders/${o.id}/show`)} data-testid="app-user-order-row">
                <TableCell sx={{ fontFamily: 'monospace' }}>{o.orderNo}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{o.chargerSn}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.chargerStartTime) || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.chargerStopTime) || '—'}</TableCell>
                <TableCell align="right">{fixed(o.energyKwh, 3) || '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatMoney(o.totalAmount, o.currency, locale) || '—'}</TableCell>
                <TableCell><OrderStatusChip status={o.status} /></TableCell>
                <TableCell><PaidChip paid={o.paid} /></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total ?? 0}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={ROWS_PER_PAGE}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      />
    </>
  );
}
