/**
 * The balance dialogs of a card or app user (requirements §2, issue "Charging operations", item 3):
 * recharge (whole amount above 0, optional prepay type), gift, refund (amounts as for a recharge;
 * 721 when the balance is lower) and clear (a confirmation showing the balance that goes). Sends
 * `POST /sp/<holder>/{id}/<operation>` and shows the server's message inline on failure.
 */
import { useState } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { formatMoney } from '../../utils/number';
import { amountError } from './amount';
import { useSpCall } from '../../hooks/useApi';
import { PREPAY_TYPES } from '../../../domain/enums';
import type { BalanceHolder, BalanceOperation, HolderResource } from './holder';

export interface BalanceDialogProps {
  resource: HolderResource;
  holder: BalanceHolder;
  /** Who the balance belongs to, for the title (card number, nickname…). */
  holderLabel?: string;
  operation: BalanceOperation;
  open: boolean;
  onClose: () => void;
  /** Called after a successful change (the list is refreshed as well). */
  onDone?: () => void;
}

export function BalanceDialog({ resource, holder, holderLabel, operation, open, onClose, onDone }: BalanceDialogProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const call = useSpCall();
  const notify = useNotify();
  const refresh = useRefresh();
  const [amount, setAmount] = useState('');
  const [prepayType, setPrepayType] = useState('');
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const isClear = operation === 'clear';
  const error = isClear ? undefined : amountError(amount);
  const close = () => {
    if (busy) return;
    setAmount('');
    setPrepayType('');
    setRemark('');
    setTouched(false);
    setServerError(null);
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (error) return;
    setBusy(true);
    setServerError(null);
    try {
      const body: Record<string, unknown> = {};
      if (!isClear) body.amount = amount.trim();
      if (operation === 'recharge' && prepayType) body.prepayType = prepayType;
      if (remark.trim()) body.remark = remark.trim();
      await call('POST', `${resource}/${holder.id}/${operation}`, body);
      notify(`resources.balance.notify.${operation}`, { type: 'success' });
      setBusy(false);
      close();
      refresh();
      onDone?.();
    } catch (e) {
      setBusy(false);
      const message = (e as Error)?.message;
      setServerError(message ? translate(message, { _: message }) : translate('app.error.load_failed'));
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" data-testid={`balance-dialog-${operation}`}>
      <DialogTitle>
        {translate(`resources.balance.actions.${operation}`)}
        {holderLabel ? (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {holderLabel}
          </Typography>
        ) : null}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid="balance-current">
            {translate('resources.balance.fields.balance')}: <b>{formatMoney(holder.balance, holder.currency, locale)}</b>
          </Typography>
          {isClear ? (
            <Alert severity="warning" data-testid="balance-clear-warning">
              {translate('resources.balance.confirm.clear', { amount: formatMoney(holder.balance, holder.currency, locale) })}
            </Alert>
          ) : (
            <TextField
              autoFocus
              label={translate('resources.balance.fields.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && !!error}
              helperText={touched && error ? translate(error) : translate('resources.balance.hints.amount')}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'balance-amount' } }}
              required
            />
          )}
          {operation === 'recharge' && (
            <TextField
              select
              label={translate('resources.balance.fields.prepayType')}
              value={prepayType}
              onChange={(e) => setPrepayType(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'balance-prepay-type' }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{translate('resources.balance.values.prepayType.NONE')}</MenuItem>
              {PREPAY_TYPES.map((p) => (
                <MenuItem key={p} value={p}>
                  {translate(`resources.balance.values.prepayType.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={translate('resources.balance.fields.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value.slice(0, 500))}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'balance-remark', maxLength: 500 } }}
          />
          {serverError && (
            <Alert severity="error" data-testid="balance-error">
              {serverError}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} data-testid="balance-cancel">
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          color={isClear || operation === 'refund' ? 'warning' : 'primary'}
          onClick={() => void submit()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="balance-submit"
        >
          {translate(isClear ? 'ra.action.confirm' : `resources.balance.actions.${operation}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
