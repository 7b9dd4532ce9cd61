/** An app user's order history (`GET /sp/app-user/{id}/orders`), paged; rows open the order. */
import { useLocaleState } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TableCell, TableRow } from '@mui/material';
import { formatDateTime } from '../../src/utils/date';
import { fixed, formatMoney } from '../../src/utils/number';
import { OrderStatusChip, PaidChip } from '../../src/components/OrderStatusField';
import { PagedTable } from '../../src/components/PagedTable';
import type { AppUserOrder } from '../../domain/entities/app-user';

const COLUMNS = ['orderNo', 'chargerSn', 'chargerStartTime', 'chargerStopTime', 'energyKwh', 'totalAmount', 'status', 'paid'];

export function AppUserOrders({ id }: { id: number }) {
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  return (
    <PagedTable<AppUserOrder>
      path={`app-user/${id}/orders`}
      sortField="chargerStartTime"
      columns={COLUMNS}
      labelPrefix="resources.order.fields"
      right={['energyKwh', 'totalAmount']}
      testId="app-user-orders"
      emptyMessage="resources.app-user.no_orders"
    >
      {(rows) =>
        rows.map((o) => (
          <TableRow key={o.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/Operations/Orders/${o.id}/show`)} data-testid="app-user-order-row">
            <TableCell sx={{ fontFamily: 'monospace' }}>{o.orderNo}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{o.chargerSn}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.chargerStartTime) || '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.chargerStopTime) || '—'}</TableCell>
            <TableCell align="right">{fixed(o.energyKwh, 3) || '—'}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(o.totalAmount, o.currency, locale) || '—'}
            </TableCell>
            <TableCell>
              <OrderStatusChip status={o.status} />
            </TableCell>
            <TableCell>
              <PaidChip paid={o.paid} />
            </TableCell>
          </TableRow>
        ))
      }
    </PagedTable>
  );
}
