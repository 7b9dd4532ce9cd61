/**
 * The expiry date of a card or app user (requirements R12.42: after it the chargers are answered
 * `Expired`). `ExpiryText` shows it in a list (the day, "Expired" once past, "—" without one);
 * `endOfDayIso` turns a picked day into the instant the idTag stops working (the end of that day
 * in the browser's zone), the value the card user form sends; `ExpiryButton` sets or clears an app
 * user's expiry with `PUT /sp/app-user/{id}/expiry` (app users have no edit form).
 */
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { ColorChip } from '../common';
import { DayField } from '../DayField';
import { formatDate, formatDateTime } from '../../utils/date';
import { useSpCall } from '../../hooks/useApi';

/** The end (23:59:59.999, browser zone) of day `YYYY-MM-DD` as an ISO time; null for no day. */
export function endOfDayIso(day: string | null | undefined): string | null {
  return day ? dayjs(day, 'YYYY-MM-DD').endOf('day').toISOString() : null;
}

/** True when `expiryDate` (ISO) is set and already past at `now` (ms). */
export function isPast(expiryDate: string | null | undefined, now = Date.now()): boolean {
  return !!expiryDate && Date.parse(expiryDate) < now;
}

/** A list cell: the expiry day (the exact time in its tooltip), an "Expired" chip once past, or "—". */
export function ExpiryText({ expiryDate, testId }: { expiryDate: string | null | undefined; testId?: string }) {
  const translate = useTranslate();
  if (!expiryDate) return <span data-testid={testId}>—</span>;
  const past = isPast(expiryDate);
  return (
    <Stack direction="row" spacing={1} alignItems="center" data-testid={testId} data-expired={past ? 'true' : 'false'}>
      <span title={formatDateTime(expiryDate)}>{formatDate(expiryDate)}</span>
      {past && <ColorChip label={translate('resources.balance.expired')} color="#f56c6c" />}
    </Stack>
  );
}

/** An app user's expiry in its list row, a link opening the dialog that sets or clears it. */
export function ExpiryButton({ id, expiryDate, label }: { id: number; expiryDate: string | null; label: string }) {
  const translate = useTranslate();
  const call = useSpCall();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const show = () => {
    setDay(expiryDate ? dayjs(expiryDate).format('YYYY-MM-DD') : '');
    setServerError(null);
    setOpen(true);
  };
  const save = async (value: string | null) => {
    setBusy(true);
    setServerError(null);
    try {
      await call('PUT', `app-user/${id}/expiry`, { expiryDate: value });
      notify('resources.balance.notify.expiry', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      const message = (e as Error)?.message;
      setServerError(message ? translate(message, { _: message }) : translate('app.error.load_failed'));
    } finally {
      setBusy(false);
    }
  };

  // In a clickable row: neither the link nor the (portalled) dialog may open the row.
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row must not open; the controls inside take the keys
    <span onClick={(e) => e.stopPropagation()}>
      <Link component="button" type="button" underline="hover" onClick={show} data-testid={`app-user-expiry-${id}`} sx={{ verticalAlign: 'middle' }}>
        {expiryDate ? <ExpiryText expiryDate={expiryDate} /> : translate('resources.balance.actions.setExpiry')}
      </Link>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="xs" data-testid="expiry-dialog">
        <DialogTitle>
          {translate('resources.balance.actions.setExpiry')}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {label}
          </Typography>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DayField
              label={translate('resources.balance.fields.expiryDate')}
              value={day}
              onChange={setDay}
              helperText={translate('resources.balance.hints.expiryDate')}
              inputAttributes={{ 'data-testid': 'expiry-day' }}
              size="small"
            />
            {serverError && <Alert severity="error">{serverError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => save(null)} disabled={busy || !expiryDate} data-testid="expiry-clear">
            {translate('resources.balance.actions.noExpiry')}
          </Button>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => save(endOfDayIso(day))} disabled={busy || !day} data-testid="expiry-save">
            {busy ? <CircularProgress size={18} /> : translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
}
