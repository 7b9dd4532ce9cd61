/**
 * Actions of one order's view: "Tax invoice" (`GET /sp/order/:id/invoice`, a PDF downloaded with
 * the bearer header; disabled with a tooltip for unpaid orders; while the company has no order
 * export settings (813) it says what is missing and opens the settings dialog, then downloads
 * once they are saved) and "Close order"
 * (`PUT /sp/order/:id/close`, only for a CHARGING order, after a confirmation).
 */
import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, Tooltip } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { useSpCall } from '../../src/hooks/useApi';
import { useApi } from '../../src/hooks/useApi';
import { downloadFile } from '../../src/utils/download';
import { OrderSettingsDialog } from './OrderSettingsDialog';
import type { OrderRecord } from '../../domain/entities/order';

/** The catalogue code of "Order export setting not found". */
const NO_SETTINGS = 813;
const codeOf = (e: unknown) => (e as { body?: { code?: number } } | null)?.body?.code;

export function InvoiceButton({ record }: { record: Pick<OrderRecord, 'id' | 'paid' | 'orderNo' | 'companyCode'> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Whether the order's company has export settings (read only for a paid order).
  const settings = useApi<unknown>('order-export-setting', { companyCode: record.companyCode }, { enabled: record.paid, staleTime: 30_000 });
  const missing = codeOf(settings.error) === NO_SETTINGS;
  const askForSettings = () => {
    notify('app.order_export.invoice_needs_settings', { type: 'warning' });
    setSettingsOpen(true);
  };
  /** Downloads the invoice; `known` skips the settings check (just saved). */
  const download = async (known = false) => {
    if (missing && !known) {
      askForSettings();
      return;
    }
    setBusy(true);
    try {
      await downloadFile(`order/${record.id}/invoice`, {}, `invoice-${record.orderNo}.pdf`);
      notify('app.order_export.invoice_ready', { type: 'success' });
    } catch (e) {
      if (codeOf(e) === NO_SETTINGS) askForSettings();
      else notify((e as Error)?.message || 'app.error.load_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button
      size="small"
      variant="outlined"
      onClick={() => void download()}
      disabled={!record.paid || busy}
      color={missing ? 'warning' : 'primary'}
      startIcon={busy ? <CircularProgress size={16} /> : missing ? <WarningAmberIcon /> : <ReceiptLongIcon />}
      data-testid="order-invoice"
    >
      {translate('app.order_export.invoice')}
    </Button>
  );
  if (record.paid) {
    return (
      <>
        {missing ? (
          <Tooltip title={translate('app.order_export.invoice_needs_settings')} data-testid="order-invoice-tooltip">
            {button}
          </Tooltip>
        ) : (
          button
        )}
        <OrderSettingsDialog
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          companyCode={record.companyCode}
          onSaved={() => {
            void settings.refetch();
            void download(true);
          }}
        />
      </>
    );
  }
  return (
    <Tooltip title={translate('app.order_export.invoice_unpaid')} data-testid="order-invoice-tooltip">
      {/* A disabled button fires no events: the wrapper carries the tooltip. */}
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {button}
      </Box>
    </Tooltip>
  );
}

export function CloseOrderButton({ record }: { record: Pick<OrderRecord, 'id' | 'status' | 'orderNo'> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const call = useSpCall();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (record.status !== 'CHARGING') return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await call('PUT', `order/${record.id}/close`);
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
