/** The latest orders of the dashboard, each linking to its order page. */
import { useNavigate } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { OrderRecord } from '../../../domain/entities/order';
import { OrderStatusChip } from '../../components/OrderStatusField';
import { EmptyState } from '../../components/common';
import { formatDateTime } from '../../utils/date';
import { fixed, formatMoney } from '../../utils/number';

export function RecentOrders({ orders }: { orders: OrderRecord[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  if (!orders.length) return <EmptyState message="app.dashboard.no_orders" />;
  const f = (k: string) => translate(`resources.order.fields.${k}`);
  return (
    <Table size="small" data-testid="recent-orders">
      <TableHead>
        <TableRow>
          <TableCell>{f('orderNo')}</TableCell>
          <TableCell>{f('stationName')}</TableCell>
          <TableCell>{f('chargerSn')}</TableCell>
          <TableCell>{f('chargerStartTime')}</TableCell>
          <TableCell align="right">{f('energyKwh')}</TableCell>
          <TableCell align="right">{f('totalAmount')}</TableCell>
          <TableCell>{f('status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/Operations/Orders/${o.id}/show`)}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{o.orderNo}</TableCell>
            <TableCell>{o.stationName ?? '—'}</TableCell>
            <TableCell>{o.chargerSn}</TableCell>
            <TableCell>{formatDateTime(o.chargerStartTime)}</TableCell>
            <TableCell align="right">{fixed(o.energyKwh, 3)}</TableCell>
            <TableCell align="right">{formatMoney(o.totalAmount, o.currency, locale)}</TableCell>
            <TableCell>
              <OrderStatusChip status={o.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
