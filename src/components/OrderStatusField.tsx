/** Order status and paid flag as coloured chips. */
import { useRecordContext, useTranslate } from 'react-admin';
import { ColorChip } from './common';
import type { OrderRecord } from '../../domain/entities/order';

const STATUS_COLORS: Record<string, string> = { CHARGING: '#409eff', FINISHED: '#1ebb77', CLOSED: '#909399' };

export function OrderStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <ColorChip label={translate(`resources.order.values.status.${status}`, { _: status })} color={STATUS_COLORS[status] ?? '#909399'} />;
}

export function PaidChip({ paid }: { paid: boolean }) {
  const translate = useTranslate();
  return <ColorChip label={translate(`resources.order.values.paid.${paid}`)} color={paid ? '#1ebb77' : '#e6a23c'} />;
}

export function OrderStatusField(_props: { label?: string; source?: string; sortBy?: string }) {
  const record = useRecordContext<OrderRecord>();
  return record ? <OrderStatusChip status={record.status} /> : null;
}

export function PaidField(_props: { label?: string; source?: string; sortBy?: string }) {
  const record = useRecordContext<OrderRecord>();
  return record ? <PaidChip paid={record.paid} /> : null;
}
