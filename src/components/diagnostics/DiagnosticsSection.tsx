/**
 * A charger's diagnostics on its page (requirements R15.10–R15.14): "Get diagnostics" opens the
 * request form (window, transport, retries and interval; the server's rules checked on the page:
 * 751 and the time format), and the charger's requests are listed below, newest first and paged,
 * re-read every 3 s while one is open: when asked and by whom, the window, the transport, the
 * charger's status (and why a request failed), the file received (name, size, SHA-256) and a
 * download button.
 */
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SummarizeIcon from '@mui/icons-material/Summarize';
import DownloadIcon from '@mui/icons-material/Download';
import {
  DIAGNOSTICS_OPEN,
  DIAGNOSTICS_TRANSPORTS,
  diagnosticsCreate,
  type DiagnosticsRecord,
  type DiagnosticsSettings,
  type DiagnosticsTransport,
} from '../../../domain/entities/diagnostics';
import { checkInput } from '../../../domain/entities/rules';
import { catalogueMessage } from '../../../domain/errors';
import { fieldMessage } from '../../../domain/entities/messages';
import { useApi, useSpCall, useSpRun } from '../../hooks/useApi';
import { downloadFile } from '../../utils/download';
import { formatDateTime } from '../../utils/date';
import { parseTimeText, timeText } from '../../pages/charger-log/timeText';
import { PagedTable } from '../PagedTable';

const P = 'resources.diagnostics';
const COLUMNS = ['createdAt', 'window', 'transport', 'status', 'file', 'receivedAt', 'actions'] as const;
const COLOR: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  REQUESTED: 'info',
  Uploading: 'info',
  Uploaded: 'success',
  UploadFailed: 'error',
  Idle: 'default',
  NO_DATA: 'default',
  FAILED: 'error',
};

/** Bytes as B / KiB / MiB. */
export function formatBytes(n: number | null): string {
  if (n === null) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

const isOpen = (r: DiagnosticsRecord) => (DIAGNOSTICS_OPEN as readonly string[]).includes(r.status) && r.fileSize === null;

function RequestRow({ r }: { r: DiagnosticsRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useSpRun();
  const [busy, setBusy] = useState(false);
  const [locale] = useLocaleState();
  const received = r.fileSize !== null;
  const failure = r.failure ? catalogueMessage(Number(r.failure), locale === 'zh' ? 'zh' : 'en') : null;
  const download = async () => {
    setBusy(true);
    try {
      await run(() => downloadFile(`diagnostics-request/${r.id}/file`, {}, r.fileName ?? `diagnostics-${r.id}.log`));
    } catch (e) {
      const m = (e as Error).message;
      notify(translate(m, { _: m }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <TableRow data-testid="diagnostics-row" data-status={r.status} data-received={received ? 'true' : 'false'}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(r.createdAt)}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {r.createdBy ?? ''}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {r.startTime || r.stopTime
          ? `${r.startTime ? formatDateTime(r.startTime, 'YYYY-MM-DD HH:mm') : translate(`${P}.earliest`)} → ${r.stopTime ? formatDateTime(r.stopTime, 'YYYY-MM-DD HH:mm') : translate(`${P}.latest`)}`
          : translate(`${P}.all_time`)}
      </TableCell>
      <TableCell>{r.transport}</TableCell>
      <TableCell sx={{ minWidth: 130 }}>
        <Chip
          size="small"
          variant="outlined"
          color={received ? 'success' : (COLOR[r.status] ?? 'default')}
          data-testid="diagnostics-status"
          label={translate(received ? `${P}.received` : `${P}.status.${r.status}`, { _: r.status })}
        />
        {failure && (
          <Typography variant="caption" color="error" sx={{ display: 'block', maxWidth: 260 }}>
            {failure}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 240 }}>
        {received ? (
          <Tooltip title={`SHA-256 ${r.sha256 ?? ''}`}>
            <span>
              <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="diagnostics-file">
                {r.fileName}
              </span>{' '}
              · {formatBytes(r.fileSize)}
            </span>
          </Tooltip>
        ) : r.announcedName && r.status !== 'NO_DATA' ? (
          <Typography variant="body2" color="text.secondary">
            {r.announcedName}
          </Typography>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.receivedAt ? formatDateTime(r.receivedAt) : '—'}</TableCell>
      <TableCell align="right">
        <Button
          size="small"
          startIcon={busy ? <CircularProgress size={14} /> : <DownloadIcon />}
          disabled={!received || busy}
          onClick={() => void download()}
          data-testid="diagnostics-download"
        >
          {translate(`${P}.download`)}
        </Button>
      </TableCell>
    </TableRow>
  );
}

type Draft = { transport: DiagnosticsTransport; startTime: string; stopTime: string; retries: string; retryInterval: string };

/** The request form: the window (typed `YYYY-MM-DD HH:mm`, or a preset), transport, retries, interval. */
function RequestDialog({
  chargerId,
  settings,
  onClose,
  onSent,
}: {
  chargerId: number;
  settings?: DiagnosticsSettings;
  onClose: () => void;
  onSent: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const call = useSpCall();
  const [d, setD] = useState<Draft>({
    transport: 'HTTP',
    startTime: timeText(new Date(Date.now() - 86_400_000)),
    stopTime: timeText(new Date()),
    retries: '1',
    retryInterval: '60',
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const errors: Record<string, string> = {};
  const times = { startTime: parseTimeText(d.startTime), stopTime: parseTimeText(d.stopTime) };
  for (const k of ['startTime', 'stopTime'] as const) if (times[k] === undefined) errors[k] = translate(`${P}.bad_time`);
  const body = {
    chargerId,
    transport: d.transport,
    startTime: times.startTime ? times.startTime.toISOString() : null,
    stopTime: times.stopTime ? times.stopTime.toISOString() : null,
    retries: d.retries.trim() === '' ? null : Number(d.retries),
    retryInterval: d.retryInterval.trim() === '' ? null : Number(d.retryInterval),
  };
  const checked = checkInput(diagnosticsCreate, body);
  if (!checked.success) for (const i of checked.issues) errors[i.field] ??= fieldMessage(i.key, locale === 'zh' ? 'zh' : 'en', i.values);

  const preset = (hours: number) => {
    setD((x) => ({ ...x, startTime: timeText(new Date(Date.now() - hours * 3_600_000)), stopTime: timeText(new Date()) }));
  };
  const send = async () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await call('POST', 'diagnostics-request', body);
      onSent();
    } catch (e) {
      const m = (e as Error).message;
      setFailure(translate(m, { _: m }));
    } finally {
      setBusy(false);
    }
  };
  const shown = (k: string) => (tried || k === 'stopTime' ? errors[k] : undefined);
  const text = (k: keyof Draft, type = 'text') => (
    <TextField
      size="small"
      type={type}
      label={translate(`${P}.fields.${k}`)}
      value={d[k]}
      error={!!shown(k)}
      helperText={shown(k) ?? (k === 'startTime' || k === 'stopTime' ? translate(`${P}.time_help`) : undefined)}
      onChange={(e) => setD((x) => ({ ...x, [k]: e.target.value }))}
      slotProps={{ htmlInput: { 'data-testid': `diagnostics-${k}`, ...(type === 'number' ? { min: 0 } : {}) } }}
      sx={{ width: { xs: '100%', sm: type === 'number' ? 160 : 220 } }}
    />
  );
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" data-testid="diagnostics-dialog">
      <DialogTitle>{translate(`${P}.dialog_title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(`${P}.dialog_help`)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {text('startTime')}
            {text('stopTime')}
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {[1, 24, 168].map((h) => (
              <Chip key={h} size="small" label={translate(`${P}.preset.${h}`)} onClick={() => preset(h)} data-testid={`diagnostics-preset-${h}`} />
            ))}
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <TextField
              select
              size="small"
              label={translate(`${P}.fields.transport`)}
              value={d.transport}
              data-testid="diagnostics-transport"
              onChange={(e) => setD((x) => ({ ...x, transport: e.target.value as DiagnosticsTransport }))}
              sx={{ width: { xs: '100%', sm: 220 } }}
              helperText={settings && !settings.ftp ? translate(`${P}.ftp_off`) : translate(`${P}.transport_help`)}
            >
              {DIAGNOSTICS_TRANSPORTS.map((t) => (
                <MenuItem key={t} value={t} disabled={t === 'FTP' && settings?.ftp === false}>
                  {translate(`${P}.transport.${t}`)}
                </MenuItem>
              ))}
            </TextField>
            {text('retries', 'number')}
            {text('retryInterval', 'number')}
          </Stack>
          {failure && (
            <Alert severity="error" data-testid="diagnostics-error">
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={busy}
          data-testid="diagnostics-send"
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {translate(`${P}.send`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The diagnostics card of charger `chargerId` (see the module). */
export function DiagnosticsSection({ chargerId, online }: { chargerId: number; online: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const settings = useApi<DiagnosticsSettings>('diagnostics-request/settings');
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const limits = settings.data ? translate(`${P}.limits`, { size: formatBytes(settings.data.maxBytes), days: settings.data.retentionDays || '∞' }) : undefined;
  return (
    <Card data-testid="diagnostics-section">
      <CardHeader
        title={translate(`${P}.title`)}
        subheader={online ? limits : translate(`${P}.offline`)}
        action={
          <Button
            variant="contained"
            size="small"
            startIcon={<SummarizeIcon />}
            disabled={!online}
            onClick={() => setOpen(true)}
            data-testid="diagnostics-open"
          >
            {translate(`${P}.open`)}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <PagedTable<DiagnosticsRecord>
          key={version}
          path="diagnostics-request"
          filter={{ chargerId }}
          sortField="createdAt"
          columns={COLUMNS}
          labelPrefix={`${P}.cols`}
          right={['actions']}
          testId="diagnostics-table"
          emptyMessage={`${P}.none`}
          refreshMs={(rows) => (rows.some(isOpen) ? 3000 : false)}
        >
          {(rows) => rows.map((r) => <RequestRow key={r.id} r={r} />)}
        </PagedTable>
      </CardContent>
      {open && (
        <RequestDialog
          chargerId={chargerId}
          settings={settings.data}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setVersion((v) => v + 1);
            notify(`${P}.sent`, { type: 'success' });
          }}
        />
      )}
    </Card>
  );
}
