/**
 * The vendor code table of Eventes (requirements R13.3): a dialog listing the entries that map a
 * charger vendor's `vendorErrorCode` to a named fault or warning, with add (vendor, code, type;
 * 617–620 / 736 answered by the server in the user's language) and delete after a confirmation.
 */
import { useState } from 'react';
import { Button, Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { DialogButton } from '../../src/components/DialogButton';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import TuneIcon from '@mui/icons-material/Tune';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_EVENT_TYPES, eventTypeLabel } from '../../domain/events';
import type { VendorCodeRecord } from '../../domain/entities/event';
import { useSpCall } from '../../src/hooks/useApi';

const KEY = ['sp', 'event/vendor-code'];

export function VendorCodes() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'zh' ? 'zh' : 'en';
  const notify = useNotify();
  const call = useSpCall();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ vendorId: '', vendorErrorCode: '', eventType: 'OTHER_FAULT', remark: '' });
  const [removing, setRemoving] = useState<VendorCodeRecord | null>(null);
  const { data, isPending } = useQuery({ queryKey: KEY, queryFn: () => call<VendorCodeRecord[]>('GET', 'event/vendor-code'), enabled: open });
  const add = async () => {
    try {
      await call('POST', 'event/vendor-code', { ...draft, remark: draft.remark || null });
      setDraft({ vendorId: '', vendorErrorCode: '', eventType: draft.eventType, remark: '' });
      notify('resources.event.vendor.added', { type: 'info' });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.load_failed', { type: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: KEY });
    }
  };
  const remove = async (row: VendorCodeRecord) => {
    try {
      await call('DELETE', `event/vendor-code/${row.id}`);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.load_failed', { type: 'error' });
    } finally {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: KEY });
    }
  };
  const rows = data ?? [];
  return (
    <>
      <Button label="resources.event.vendor.button" onClick={() => setOpen(true)} data-testid="event-vendor-codes">
        <TuneIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{translate('resources.event.vendor.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('resources.event.vendor.explain')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
            <TextField
              size="small"
              required
              label={translate('resources.event.fields.vendorId')}
              value={draft.vendorId}
              onChange={(e) => setDraft({ ...draft, vendorId: e.target.value })}
            />
            <TextField
              size="small"
              required
              label={translate('resources.event.fields.vendorErrorCode')}
              value={draft.vendorErrorCode}
              onChange={(e) => setDraft({ ...draft, vendorErrorCode: e.target.value })}
            />
            <TextField
              size="small"
              select
              label={translate('resources.event.fields.eventType')}
              value={draft.eventType}
              onChange={(e) => setDraft({ ...draft, eventType: e.target.value })}
              sx={{ minWidth: 200 }}
            >
              {DEVICE_EVENT_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {eventTypeLabel(t, lang)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={translate('resources.event.vendor.remark')}
              value={draft.remark}
              onChange={(e) => setDraft({ ...draft, remark: e.target.value })}
            />
            <DialogButton label="ra.action.add" variant="contained" onClick={() => void add()} />
          </Stack>
          {!isPending && rows.length === 0 && <Typography color="text.secondary">{translate('resources.event.vendor.empty')}</Typography>}
          {rows.length > 0 && (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.event.fields.vendorId')}</TableCell>
                  <TableCell>{translate('resources.event.fields.vendorErrorCode')}</TableCell>
                  <TableCell>{translate('resources.event.fields.eventType')}</TableCell>
                  <TableCell>{translate('resources.event.vendor.scope')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{r.vendorId}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{r.vendorErrorCode}</TableCell>
                    <TableCell>{eventTypeLabel(r.eventType, lang)}</TableCell>
                    <TableCell>{r.companyCode ?? translate('resources.event.vendor.platform')}</TableCell>
                    <TableCell align="right">
                      <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => setRemoving(r)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <DialogButton label="ra.action.close" onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={!!removing}
        title="resources.event.vendor.delete_title"
        content="resources.event.vendor.delete_content"
        translateOptions={{ code: removing?.vendorErrorCode ?? '' }}
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
