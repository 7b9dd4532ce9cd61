/**
 * Device management of one charger (requirements R15.20–R15.25), on the charger page: tabs for the
 * configuration (GetConfiguration table of keys, values and read-only flags, unknown keys, and
 * ChangeConfiguration per key with the charger's status shown), commands (ClearCache behind a
 * confirmation, ClearChargingProfile by id, by connector / purpose / stack level or all behind a
 * confirmation, TriggerMessage of a message and connector, DataTransfer with its reply), the local
 * list (version sent and read back, send full or differential) and reservations (list with paging,
 * ReserveNow — connector 0, the whole charger, only when its ReserveConnectorZeroSupported is true —
 * CancelReservation behind a confirmation). Every failure shows the catalogue message.
 */
import { useState, type ReactNode } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
  Checkbox,
  FormControlLabel,
} from '@mui/material';
import { PROFILE_PURPOSES } from '../../../domain/smart-charging';
import {
  TRIGGER_MESSAGES,
  type ConfigurationAnswer,
  type ConfigurationChangeAnswer,
  type DataTransferAnswer,
  type LocalListRecord,
  type ReservationRecord,
  type StatusAnswer,
} from '../../../domain/entities/device-command';
import { EmptyState, ErrorState } from '../common';
import { useApi, useSpCall, useSpFetch } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';

const t = (k: string) => `app.device.${k}`;
type Tone = 'success' | 'error' | 'warning' | 'info';
const TONE: Record<string, Tone> = {
  Accepted: 'success',
  RebootRequired: 'warning',
  Rejected: 'error',
  NotSupported: 'error',
  NotImplemented: 'error',
  UnknownVendorId: 'error',
  UnknownMessageId: 'error',
  Failed: 'error',
  VersionMismatch: 'warning',
  ACCEPTED: 'success',
  USED: 'info',
  REFUSED: 'error',
  CANCELLED: 'warning',
  EXPIRED: 'warning',
  REQUESTED: 'info',
};

/** A reply of the charger as a line the operator reads. */
function Reply({ status, children }: { status: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Alert severity={TONE[status] ?? 'info'} data-testid="device-reply" sx={{ mt: 1 }}>
      {translate(t(`status.${status}`), { _: status })}
      {children}
    </Alert>
  );
}

function useRun() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(job: () => Promise<T>, done: (v: T) => void) => {
    setBusy(true);
    try {
      done(await job());
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function ConfigurationTab({ chargerId }: { chargerId: number }) {
  const translate = useTranslate();
  const fetch = useSpFetch();
  const call = useSpCall();
  const { busy, run } = useRun();
  const [keys, setKeys] = useState('');
  const [conf, setConf] = useState<ConfigurationAnswer | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [edit, setEdit] = useState<{ key: string; value: string } | null>(null);
  const [replies, setReplies] = useState<Record<string, ConfigurationChangeAnswer>>({});
  const read = () => {
    setError(null);
    void run(
      () =>
        fetch<ConfigurationAnswer>(`charger/${chargerId}/configuration`, keys.trim() ? { keys: keys.trim() } : undefined).catch((e: Error) => {
          setError(e);
          throw e;
        }),
      setConf,
    );
  };
  const save = () =>
    edit &&
    run(
      () => call<ConfigurationChangeAnswer>('POST', `charger/${chargerId}/configuration`, edit),
      (a) => {
        setReplies((r) => ({ ...r, [a.key]: a }));
        setEdit(null);
        if (a.status === 'Accepted') setConf((c) => c && { ...c, keys: c.keys.map((k) => (k.key === a.key ? { ...k, value: a.value } : k)) });
      },
    );
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          label={translate(t('keys'))}
          helperText={translate(t('keys_help'))}
          value={keys}
          onChange={(e) => setKeys(e.target.value)}
          sx={{ minWidth: 280 }}
          inputProps={{ 'data-testid': 'device-config-keys' }}
        />
        <Button variant="contained" onClick={read} disabled={busy} data-testid="device-config-read" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate(t('read'))}
        </Button>
      </Stack>
      {error && <ErrorState error={error} onRetry={read} />}
      {!conf && !error && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {translate(t('config_hint'))}
        </Typography>
      )}
      {conf && conf.keys.length === 0 && <EmptyState message={translate(t('config_empty'))} />}
      {conf && conf.keys.length > 0 && (
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" data-testid="device-config-table">
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell>{translate(t('key'))}</TableCell>
                <TableCell>{translate(t('value'))}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate(t('access'))}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {conf.keys.map((k) => (
                <TableRow key={k.key} data-testid={`device-config-${k.key}`}>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word', minWidth: 120 }}>
                    {k.key}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, fontFamily: 'inherit' }}>
                      {translate(t(k.readonly ? 'readonly' : 'writable'))}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {edit?.key === k.key ? (
                      <Stack direction="row" spacing={1}>
                        <TextField
                          size="small"
                          value={edit.value}
                          onChange={(e) => setEdit({ key: k.key, value: e.target.value })}
                          inputProps={{ 'data-testid': 'device-config-value' }}
                        />
                        <Button size="small" variant="contained" disabled={busy} onClick={() => void save()} data-testid="device-config-save">
                          {translate('ra.action.save')}
                        </Button>
                        <Button size="small" onClick={() => setEdit(null)}>
                          {translate('ra.action.cancel')}
                        </Button>
                      </Stack>
                    ) : (
                      (k.value ?? '—')
                    )}
                    {replies[k.key] && (
                      <Chip
                        size="small"
                        sx={{ ml: 1 }}
                        color={TONE[replies[k.key].status] ?? 'default'}
                        label={translate(t(`status.${replies[k.key].status}`), { _: replies[k.key].status })}
                        data-testid="device-config-status"
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate(t(k.readonly ? 'readonly' : 'writable'))}</TableCell>
                  <TableCell align="right">
                    {!k.readonly && edit?.key !== k.key && (
                      <Button size="small" onClick={() => setEdit({ key: k.key, value: k.value ?? '' })} data-testid="device-config-edit">
                        {translate('ra.action.edit')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {conf && conf.unknownKeys.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="device-config-unknown">
          {translate(t('unknown_keys'))}: {conf.unknownKeys.join(', ')}
        </Alert>
      )}
    </Box>
  );
}

function CommandsTab({ chargerId }: { chargerId: number }) {
  const translate = useTranslate();
  const call = useSpCall();
  const { busy, run } = useRun();
  const [confirmClear, setConfirmClear] = useState(false);
  const [cleared, setCleared] = useState<StatusAnswer | null>(null);
  const [trigger, setTrigger] = useState<{ requestedMessage: string; connectorId: string }>({ requestedMessage: 'StatusNotification', connectorId: '' });
  const [triggered, setTriggered] = useState<StatusAnswer | null>(null);
  const [transfer, setTransfer] = useState({ vendorId: '', messageId: '', data: '' });
  const [transferred, setTransferred] = useState<DataTransferAnswer | null>(null);
  return (
    <Stack spacing={3}>
      <ClearProfile chargerId={chargerId} />
      <Box>
        <Typography variant="subtitle2">{translate(t('clear_cache'))}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(t('clear_cache_help'))}
        </Typography>
        <Button variant="outlined" color="warning" sx={{ mt: 1 }} disabled={busy} onClick={() => setConfirmClear(true)} data-testid="device-clear-cache">
          {translate(t('clear_cache'))}
        </Button>
        {cleared && <Reply status={cleared.status} />}
        <Confirm
          isOpen={confirmClear}
          title={t('clear_cache_title')}
          content={t('clear_cache_confirm')}
          loading={busy}
          onConfirm={() => {
            setConfirmClear(false);
            void run(() => call<StatusAnswer>('POST', `charger/${chargerId}/command/clear-cache`), setCleared);
          }}
          onClose={() => setConfirmClear(false)}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2">{translate(t('trigger'))}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField
            select
            size="small"
            label={translate(t('message'))}
            value={trigger.requestedMessage}
            onChange={(e) => setTrigger({ ...trigger, requestedMessage: e.target.value })}
            sx={{ minWidth: 260 }}
            inputProps={{ 'data-testid': 'device-trigger-message' }}
          >
            {TRIGGER_MESSAGES.map((m) => (
              <MenuItem key={m} value={m}>
                {m}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={translate(t('connector'))}
            helperText={translate(t('connector_any'))}
            value={trigger.connectorId}
            onChange={(e) => setTrigger({ ...trigger, connectorId: e.target.value })}
            sx={{ width: 160 }}
          />
          <Button
            variant="contained"
            disabled={busy}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="device-trigger-send"
            onClick={() =>
              void run(
                () =>
                  call<StatusAnswer>('POST', `charger/${chargerId}/command/trigger`, {
                    requestedMessage: trigger.requestedMessage,
                    ...(trigger.connectorId ? { connectorId: trigger.connectorId } : {}),
                  }),
                setTriggered,
              )
            }
          >
            {translate(t('send'))}
          </Button>
        </Stack>
        {triggered && <Reply status={triggered.status} />}
      </Box>
      <Box>
        <Typography variant="subtitle2">{translate(t('data_transfer'))}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            required
            label={translate(t('vendor_id'))}
            value={transfer.vendorId}
            onChange={(e) => setTransfer({ ...transfer, vendorId: e.target.value })}
            inputProps={{ 'data-testid': 'device-dt-vendor' }}
          />
          <TextField
            size="small"
            label={translate(t('message_id'))}
            value={transfer.messageId}
            onChange={(e) => setTransfer({ ...transfer, messageId: e.target.value })}
            inputProps={{ 'data-testid': 'device-dt-message' }}
          />
          <TextField
            size="small"
            label={translate(t('data'))}
            value={transfer.data}
            onChange={(e) => setTransfer({ ...transfer, data: e.target.value })}
            sx={{ flex: 1 }}
            inputProps={{ 'data-testid': 'device-dt-data' }}
          />
          <Button
            variant="contained"
            disabled={busy}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="device-dt-send"
            onClick={() => void run(() => call<DataTransferAnswer>('POST', `charger/${chargerId}/command/data-transfer`, transfer), setTransferred)}
          >
            {translate(t('send'))}
          </Button>
        </Stack>
        {transferred && (
          <Reply status={transferred.status}>
            {transferred.data !== null && (
              <Box component="span" sx={{ ml: 1, fontFamily: 'monospace' }}>
                · {transferred.data}
              </Box>
            )}
          </Reply>
        )}
      </Box>
    </Stack>
  );
}

/** The request of the clear-profile form: by id alone, or by the criteria given, or all. */
function clearProfileBody(f: { id: string; connectorId: string; purpose: string; stackLevel: string; all: boolean }): Record<string, unknown> {
  if (f.all) return { all: true };
  if (f.id.trim()) return { id: f.id.trim() };
  return {
    ...(f.connectorId.trim() ? { connectorId: f.connectorId.trim() } : {}),
    ...(f.purpose ? { chargingProfilePurpose: f.purpose } : {}),
    ...(f.stackLevel.trim() ? { stackLevel: f.stackLevel.trim() } : {}),
  };
}

/** ClearChargingProfile (R16.9): by profile id, or by connector / purpose / stack level, or every profile; behind a confirmation. */
function ClearProfile({ chargerId }: { chargerId: number }) {
  const translate = useTranslate();
  const call = useSpCall();
  const { busy, run } = useRun();
  const [form, setForm] = useState({ id: '', connectorId: '', purpose: '', stackLevel: '', all: false });
  const [confirm, setConfirm] = useState(false);
  const [cleared, setCleared] = useState<StatusAnswer | null>(null);
  const byId = form.id.trim() !== '';
  const set = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setCleared(null);
  };
  return (
    <Box data-testid="device-clear-profile">
      <Typography variant="subtitle2">{translate(t('clear_profile'))}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(t('clear_profile_help'))}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
        <TextField
          size="small"
          type="number"
          label={translate(t('profile_id'))}
          value={form.id}
          disabled={form.all}
          onChange={(e) => set({ id: e.target.value })}
          sx={{ width: { sm: 150 } }}
          inputProps={{ 'data-testid': 'device-cp-id' }}
        />
        <TextField
          size="small"
          type="number"
          label={translate(t('connector'))}
          helperText={translate(t('connector_whole'))}
          value={form.connectorId}
          disabled={form.all || byId}
          onChange={(e) => set({ connectorId: e.target.value })}
          sx={{ width: { sm: 150 } }}
          inputProps={{ 'data-testid': 'device-cp-connector' }}
        />
        <TextField
          select
          size="small"
          label={translate(t('purpose'))}
          value={form.purpose}
          disabled={form.all || byId}
          onChange={(e) => set({ purpose: e.target.value })}
          sx={{ width: { xs: '100%', sm: 260 } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'device-cp-purpose' } as object } }}
        >
          <MenuItem value="">{translate(t('any_purpose'))}</MenuItem>
          {PROFILE_PURPOSES.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={translate(t('stack_level'))}
          value={form.stackLevel}
          disabled={form.all || byId}
          onChange={(e) => set({ stackLevel: e.target.value })}
          sx={{ width: { sm: 130 } }}
          inputProps={{ 'data-testid': 'device-cp-stack' }}
        />
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={form.all}
              onChange={(e) => set({ all: e.target.checked, id: '', connectorId: '', purpose: '', stackLevel: '' })}
              inputProps={{ 'data-testid': 'device-cp-all' } as object}
            />
          }
          label={translate(t('clear_all'))}
        />
        <Button variant="outlined" color="warning" disabled={busy} onClick={() => setConfirm(true)} data-testid="device-cp-send">
          {translate(t('clear_profile'))}
        </Button>
      </Stack>
      {cleared && <Reply status={cleared.status} />}
      <Confirm
        isOpen={confirm}
        title={t('clear_profile_title')}
        content={t(form.all ? 'clear_all_confirm' : 'clear_profile_confirm')}
        loading={busy}
        onConfirm={() => {
          setConfirm(false);
          void run(() => call<StatusAnswer>('POST', `charger/${chargerId}/command/clear-profile`, clearProfileBody(form)), setCleared);
        }}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}

function LocalListTab({ chargerId }: { chargerId: number }) {
  const translate = useTranslate();
  const call = useSpCall();
  const fetch = useSpFetch();
  const { busy, run } = useRun();
  const { data, error, isPending, refetch } = useApi<LocalListRecord>(`charger/${chargerId}/local-list`);
  const [shown, setShown] = useState<LocalListRecord | null>(null);
  const list = shown ?? data;
  if (isPending) return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;
  if (error || !list) return <ErrorState error={error} onRetry={() => refetch()} />;
  const send = (updateType: 'Full' | 'Differential') => run(() => call<LocalListRecord>('POST', `charger/${chargerId}/local-list`, { updateType }), setShown);
  return (
    <Box data-testid="device-local-list">
      <Typography variant="body2" color="text.secondary">
        {translate(t('local_list_help'))}
      </Typography>
      <Table size="small" sx={{ mt: 1, maxWidth: 560 }}>
        <TableBody>
          <TableRow>
            <TableCell>{translate(t('list_version'))}</TableCell>
            <TableCell data-testid="device-list-version">{list.version}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{translate(t('charger_version'))}</TableCell>
            <TableCell data-testid="device-charger-version">{list.chargerVersion ?? '—'}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{translate(t('entries'))}</TableCell>
            <TableCell>
              {list.entries} (+{list.added} / −{list.removed})
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{translate(t('last_sent'))}</TableCell>
            <TableCell>
              {list.sentAt
                ? `${formatDateTime(list.sentAt)} · ${translate(t(`update.${list.updateType}`), { _: list.updateType ?? '' })}`
                : translate(t('never_sent'))}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {list.status && <Reply status={list.status} />}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }} flexWrap="wrap" useFlexGap>
        <Button variant="contained" disabled={busy} onClick={() => void send('Full')} data-testid="device-list-full">
          {translate(t('send_full'))}
        </Button>
        <Button variant="outlined" disabled={busy || !list.version} onClick={() => void send('Differential')} data-testid="device-list-diff">
          {translate(t('send_diff'))}
        </Button>
        <Button
          disabled={busy}
          onClick={() => void run(() => fetch<LocalListRecord>(`charger/${chargerId}/local-list/version`), setShown)}
          data-testid="device-list-read"
        >
          {translate(t('read_version'))}
        </Button>
      </Stack>
    </Box>
  );
}

function ReservationsTab({ chargerId, connectorCount }: { chargerId: number; connectorCount: number }) {
  const translate = useTranslate();
  const call = useSpCall();
  const { busy, run } = useRun();
  const [page, setPage] = useState(0);
  const { data, error, isPending, refetch } = useApi<{ records: ReservationRecord[]; total: number }>(`charger/${chargerId}/reservations`, {
    page: page + 1,
    size: 10,
  });
  const [form, setForm] = useState({ connectorId: '1', idTag: '', expiryMinutes: '15' });
  const [cancel, setCancel] = useState<ReservationRecord | null>(null);
  const [made, setMade] = useState<ReservationRecord | null>(null);
  // The whole charger (connector 0) is offered only when the charger says it takes such reservations.
  const zero = useApi<ConfigurationAnswer>(`charger/${chargerId}/configuration`, { keys: 'ReserveConnectorZeroSupported' });
  const wholeCharger =
    zero.data?.keys
      .find((k) => k.key === 'ReserveConnectorZeroSupported')
      ?.value?.trim()
      .toLowerCase() === 'true';
  const connectors = [...(wholeCharger ? [0] : []), ...Array.from({ length: Math.max(connectorCount, 1) }, (_, i) => i + 1)];
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} flexWrap="wrap" useFlexGap>
        <TextField
          select
          size="small"
          required
          label={translate(t('connector'))}
          value={form.connectorId}
          onChange={(e) => setForm({ ...form, connectorId: e.target.value })}
          sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
          helperText={translate(t(wholeCharger ? 'whole_supported' : 'whole_unsupported'))}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'device-res-connector' } as object } }}
        >
          {connectors.map((c) => (
            <MenuItem key={c} value={String(c)} data-testid={`device-res-connector-${c}`}>
              {c === 0 ? translate(t('whole_charger')) : `#${c}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          required
          label={translate(t('id_tag'))}
          helperText={translate(t('id_tag_help'))}
          value={form.idTag}
          onChange={(e) => setForm({ ...form, idTag: e.target.value })}
          inputProps={{ 'data-testid': 'device-res-idtag' }}
        />
        <TextField
          size="small"
          type="number"
          label={translate(t('expiry_minutes'))}
          value={form.expiryMinutes}
          onChange={(e) => setForm({ ...form, expiryMinutes: e.target.value })}
          sx={{ width: 160 }}
        />
        <Button
          variant="contained"
          disabled={busy}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="device-res-reserve"
          onClick={() =>
            void run(
              () => call<ReservationRecord>('POST', `charger/${chargerId}/reservations`, form),
              (r) => {
                setMade(r);
                void refetch();
              },
            )
          }
        >
          {translate(t('reserve'))}
        </Button>
      </Stack>
      {made && <Reply status={made.answer ?? made.status} />}
      {isPending && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {translate('ra.page.loading')}
        </Typography>
      )}
      {error && <ErrorState error={error} onRetry={() => refetch()} />}
      {data && data.total === 0 && <EmptyState message={translate(t('reservations_empty'))} />}
      {data && data.total > 0 && (
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" data-testid="device-res-table">
            <TableHead>
              <TableRow>
                <TableCell>ID</TableCell>
                <TableCell>{translate(t('connector'))}</TableCell>
                <TableCell>{translate(t('id_tag'))}</TableCell>
                <TableCell>{translate(t('expires'))}</TableCell>
                <TableCell>{translate(t('state'))}</TableCell>
                <TableCell>{translate(t('order'))}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.records.map((r) => (
                <TableRow key={r.id} data-testid={`device-res-${r.id}`}>
                  <TableCell>{r.id}</TableCell>
                  <TableCell>{r.connectorId}</TableCell>
                  <TableCell>{r.idTag}</TableCell>
                  <TableCell>{formatDateTime(r.expiresAt)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={TONE[r.status] === 'info' ? 'info' : (TONE[r.status] ?? 'default')}
                      label={translate(t(`reservation.${r.status}`), { _: r.status })}
                    />
                    {r.status === 'REFUSED' && r.answer && (
                      <Typography variant="caption" sx={{ ml: 1 }}>
                        {translate(t(`status.${r.answer}`), { _: r.answer })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{r.orderNo ?? '—'}</TableCell>
                  <TableCell align="right">
                    {r.status === 'ACCEPTED' && (
                      <Button size="small" color="error" onClick={() => setCancel(r)} data-testid="device-res-cancel">
                        {translate(t('cancel_reservation'))}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination component="div" count={data.total} page={page} rowsPerPage={10} rowsPerPageOptions={[10]} onPageChange={(_, p) => setPage(p)} />
        </Box>
      )}
      <Confirm
        isOpen={cancel !== null}
        title={t('cancel_title')}
        content={t('cancel_confirm')}
        translateOptions={{ id: cancel?.id ?? '' }}
        loading={busy}
        onConfirm={() => {
          const r = cancel;
          setCancel(null);
          if (r)
            void run(
              () => call<ReservationRecord>('POST', `charger/${chargerId}/reservations/${r.id}/cancel`),
              () => {
                void refetch();
              },
            );
        }}
        onClose={() => setCancel(null)}
      />
    </Box>
  );
}

const TABS = ['configuration', 'commands', 'local_list', 'reservations'] as const;

/** The panel of the charger page (one line there: `<DeviceCommandsPanel chargerId={id} />`). */
export function DeviceCommandsPanel({ chargerId, connectorCount = 1 }: { chargerId: number; connectorCount?: number }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('configuration');
  return (
    <Card data-testid="device-commands">
      <CardHeader title={translate(t('title'))} subheader={translate(t('subtitle'))} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ px: 2 }}>
        {TABS.map((k) => (
          <Tab key={k} value={k} label={translate(t(`tabs.${k}`))} data-testid={`device-tab-${k}`} />
        ))}
      </Tabs>
      <CardContent>
        {tab === 'configuration' && <ConfigurationTab chargerId={chargerId} />}
        {tab === 'commands' && <CommandsTab chargerId={chargerId} />}
        {tab === 'local_list' && <LocalListTab chargerId={chargerId} />}
        {tab === 'reservations' && <ReservationsTab chargerId={chargerId} connectorCount={connectorCount} />}
      </CardContent>
    </Card>
  );
}
