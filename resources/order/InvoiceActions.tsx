/**
 * Actions of one order's view: "Tax invoice" (`GET /sp/order/:id/invoice`, a PDF downloaded with
 * the bearer header; disabled with a tooltip for unpaid orders) and "Close order"
 * (`PUT /sp/order/:id/close`, only for a CHARGING order, after a confirmation).
 */
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, Tooltip } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import type { ChargeDeskDataProvider } from '../../dataProvider';
import { downloadFile } from './ExportDownload';
import type { OrderRecord } from './types';

export function InvoiceButton({ record }: { record: Pick<OrderRecord, 'id' | 'paid' | 'orderNo'> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`order/${record.id}/invoice`, {}, `invoice-${record.orderNo}.pdf`);
      notify('app.order_export.invoice_ready', { type: 'success' });
    } catch (e) {
      notify((e as Error)?.message || 'app.error.load_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button
      size="small" variant="outlined" onClick={() => void download()} disabled={!record.paid || busy}
      startIcon={busy ? <CircularProgress size={16} /> : <ReceiptLongIcon />} data-testid="order-invoice"
    >
      {translate('app.order_export.invoice')}
    </Button>
  );
  if (record.paid) return button;
  return (
    <Tooltip title={translate('app.order_export.invoice_unpaid')} data-testid="order-invoice-tooltip">
      {/* A disabled button fires no events: the wrapper carries the tooltip. */}
      <Box component="span" sx={{ display: 'inline-flex' }}>{button}</Box>
    </Tooltip>
  );
}

export function CloseOrderButton({ record }: { record: Pick<OrderRecord, 'id' | 'status' | 'orderNo'> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ChargeDeskDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (record.status !== 'CHARGING') return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.call('PUT', `order/${record.id}/close`);
      notify('app.order_export.closed', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error)?.message || 'app.error.load_failed', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" variant="outlined" startIcon={<StopCircleIcon />} onClick={() => setOpen(true)} data-testid="order-close">
        {translate('app.order_export.close')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.order_export.close_title"
        content="app.order_export.close_content"
        translateOptions={{ orderNo: record.orderNo }}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
