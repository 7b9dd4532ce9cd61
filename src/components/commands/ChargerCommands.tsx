/**
 * Remote commands of one charger (Charger Monitoring; issue "Charging operations", item 6): a menu
 * with remote start (connector, a card user or an app user of the charger's company, and optionally
 * the session's limit in A or W sent as its TxProfile, R16.10), remote
 * stop (the open transaction), reset (soft/hard, confirmed), unlock connector and change
 * availability (operative/inoperative). Each dialog waits for the charger's answer with a spinner
 * and shows the outcome: the charger's status, or the server's 718 (timeout), 719 (rejected) or
 * 720 (not connected) message, already in the user's language.
 */
import { useState, type MouseEvent } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { errorCode } from '../../../dataProvider';
import { useSpCall } from '../../hooks/useApi';
import { CommandUserPicker } from './CommandUserPicker';
import { COMMANDS, answerStatus, commandFormError, commandRequest, type CommandForm, type CommandName } from './CommandRequests';
import type { CommandAnswer } from '../../../domain/entities/command';
import type { ChargerRecord } from '../../../domain/entities/charger';

/** A session running on a connector, as station monitoring knows it (domain/entities/monitoring.ts runningSession). */
export interface RunningSessionRef {
  connectorId: number;
  transactionId: number;
  orderNo: string;
  idTag: string;
  userName: string | null;
}

/**
 * What the commands need of a charger (a charger record, or a charger of station monitoring);
 * `sessions`, when the page knows them, are the sessions running on its connectors.
 */
export type CommandTarget = Pick<ChargerRecord, 'id' | 'serialNum' | 'online' | 'companyCode' | 'connectors'> & { sessions?: RunningSessionRef[] };

const ICONS: Record<CommandName, typeof PlayArrowIcon> = {
  'remote-start': PlayArrowIcon,
  'remote-stop': StopIcon,
  reset: RestartAltIcon,
  unlock: LockOpenIcon,
  availability: PowerSettingsNewIcon,
};

/** Connector statuses (OCPP 1.6) in which a session runs (a transaction is open). */
const IN_SESSION = new Set(['Charging', 'SuspendedEVSE', 'SuspendedEV', 'Finishing']);

/**
 * The connectors a remote stop may be sent to (issue #26 item 4): those with a running session —
 * the sessions the page knows, else the connectors whose status says a session runs. Empty: the
 * stop is not offered.
 */
export function stoppableConnectors(record: CommandTarget): number[] {
  if (record.sessions) return record.sessions.map((x) => x.connectorId).sort((a, b) => a - b);
  return (record.connectors ?? []).filter((c) => c.connectorId > 0 && IN_SESSION.has(c.status)).map((c) => c.connectorId);
}

/** The first form of each command. */
function initialForm(name: CommandName, record: CommandTarget): CommandForm {
  const first = record.connectors?.[0]?.connectorId;
  switch (name) {
    case 'remote-start':
      return { userKind: 'card', connectorId: record.connectors?.find((c) => c.status === 'Available' || c.status === 'Preparing')?.connectorId ?? first };
    case 'remote-stop':
      return { connectorId: stoppableConnectors(record)[0] };
    case 'reset':
      return { resetType: 'Soft' };
    case 'unlock':
      return { connectorId: first ?? 1 };
    case 'availability':
      return { connectorId: 0, availability: 'Operative' };
    default:
      return {};
  }
}

/** Which session the stop will end, in words: the session the page knows on the chosen connector (order, transaction, user), else the transaction or connector. */
export function stopTargetText(record: CommandTarget, form: CommandForm, translate: (key: string, options?: Record<string, unknown>) => string): string {
  if (form.transactionId) return translate('app.commands.remote-stop.confirm_transaction', { transaction: form.transactionId });
  const session = record.sessions?.find((x) => x.connectorId === form.connectorId);
  if (session) {
    return translate('app.commands.remote-stop.confirm_session', {
      connector: session.connectorId,
      orderNo: session.orderNo,
      transaction: session.transactionId,
      user: session.userName ? `${session.userName} (${session.idTag})` : session.idTag,
    });
  }
  return translate('app.commands.remote-stop.confirm_connector', { connector: form.connectorId ?? '—' });
}

type Outcome = { ok: true; answer: CommandAnswer } | { ok: false; message: string; code?: number };

/** Remote start: the session's limit, sent as its TxProfile (a limit in A or W, for some minutes or the whole session). */
function SessionLimit({ form, set }: { form: CommandForm; set: (patch: Partial<CommandForm>) => void }) {
  const translate = useTranslate();
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const unit = form.profileUnit ?? 'A';
  return (
    <Stack spacing={1} data-testid="command-session-limit">
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={!!form.limitSession}
            onChange={(e) => set({ limitSession: e.target.checked })}
            slotProps={{ input: { 'data-testid': 'command-limit-session' } as object }}
          />
        }
        label={translate('app.commands.remote-start.limit_session')}
      />
      {form.limitSession && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            size="small"
            label={translate('app.commands.remote-start.unit')}
            value={unit}
            onChange={(e) => set({ profileUnit: e.target.value as 'A' | 'W' })}
            sx={{ minWidth: 110 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'command-limit-unit' } as object } }}
          >
            <MenuItem value="A">{translate('app.commands.remote-start.unit_A')}</MenuItem>
            <MenuItem value="W">{translate('app.commands.remote-start.unit_W')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            type="number"
            required
            label={translate(`app.commands.remote-start.limit_${unit}`)}
            value={form.profileLimit ?? ''}
            onChange={(e) => set({ profileLimit: num(e.target.value) })}
            slotProps={{ htmlInput: { min: 0, 'data-testid': 'command-limit-value' } }}
          />
          <TextField
            size="small"
            type="number"
            label={translate('app.commands.remote-start.minutes')}
            helperText={translate('app.commands.remote-start.minutes_hint')}
            value={form.profileMinutes ?? ''}
            onChange={(e) => set({ profileMinutes: num(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, max: 1440, 'data-testid': 'command-limit-minutes' } }}
          />
        </Stack>
      )}
    </Stack>
  );
}

function ConnectorSelect({
  record,
  value,
  onChange,
  allowWhole,
  allowAny,
  only,
}: {
  record: CommandTarget;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  allowWhole?: boolean;
  allowAny?: boolean;
  /** Offer only these connectors. */
  only?: number[];
}) {
  const translate = useTranslate();
  const ids = only ?? (record.connectors ?? []).map((c) => c.connectorId).filter((id) => id > 0);
  const list = ids.length || only ? ids : [1];
  return (
    <TextField
      select
      label={translate('app.commands.connector')}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      slotProps={{ htmlInput: { 'data-testid': 'command-connector' }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {allowAny && <MenuItem value="">{translate('app.commands.any_connector')}</MenuItem>}
      {allowWhole && <MenuItem value="0">{translate('app.commands.whole_charger')}</MenuItem>}
      {list.map((id) => {
        const status = record.connectors?.find((c) => c.connectorId === id)?.status;
        return (
          <MenuItem key={id} value={String(id)}>
            #{id}
            {status ? ` · ${translate(`resources.charger.values.runStatus.${status}`, { _: status })}` : ''}
          </MenuItem>
        );
      })}
    </TextField>
  );
}

function CommandDialog({ record, name, onClose }: { record: CommandTarget; name: CommandName; onClose: () => void }) {
  const translate = useTranslate();
  const call = useSpCall();
  const refresh = useRefresh();
  const [form, setForm] = useState<CommandForm>(() => initialForm(name, record));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const set = (patch: Partial<CommandForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setOutcome(null);
  };
  const formError = commandFormError(name, form);
  const send = async () => {
    if (formError) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { path, body } = commandRequest(record.id, name, form);
      const answer = await call<CommandAnswer>('POST', path, body);
      setOutcome({ ok: true, answer });
      refresh();
    } catch (e) {
      const message = (e as Error)?.message;
      setOutcome({ ok: false, message: message ? translate(message, { _: message }) : translate('app.error.load_failed'), code: errorCode(e) });
    } finally {
      setBusy(false);
    }
  };
  const status = outcome?.ok ? answerStatus(outcome.answer) : undefined;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid={`command-dialog-${name}`}>
      <DialogTitle>
        {translate(`app.commands.${name}.title`)}
        <Typography component="div" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {record.serialNum}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!record.online && (
            <Alert severity="warning" data-testid="command-offline">
              {translate('app.commands.offline')}
            </Alert>
          )}
          {name === 'remote-start' && (
            <>
              <ConnectorSelect record={record} value={form.connectorId} onChange={(connectorId) => set({ connectorId })} allowAny />
              <RadioGroup row value={form.userKind ?? 'card'} onChange={(e) => set({ userKind: e.target.value as 'card' | 'app', userId: undefined })}>
                <FormControlLabel
                  value="card"
                  control={<Radio size="small" />}
                  label={translate('app.commands.card_user')}
                  data-testid="command-user-kind-card"
                />
                <FormControlLabel value="app" control={<Radio size="small" />} label={translate('app.commands.app_user')} data-testid="command-user-kind-app" />
              </RadioGroup>
              <CommandUserPicker
                key={form.userKind}
                kind={form.userKind ?? 'card'}
                companyCode={record.companyCode}
                value={form.userId}
                onChange={(userId) => set({ userId })}
              />
              <SessionLimit form={form} set={set} />
              {form.limitSession && formError && formError !== 'app.commands.errors.user_required' && (
                <Typography variant="body2" color="error" data-testid="command-form-error">
                  {translate(formError)}
                </Typography>
              )}
            </>
          )}
          {name === 'remote-stop' && (
            <>
              <ConnectorSelect record={record} value={form.connectorId} onChange={(connectorId) => set({ connectorId })} only={stoppableConnectors(record)} />
              <TextField
                label={translate('app.commands.remote-stop.transaction')}
                helperText={translate('app.commands.remote-stop.transaction_hint')}
                value={form.transactionId ?? ''}
                onChange={(e) => {
                  const v = e.target.value.replace(/\D/g, '');
                  set({ transactionId: v ? Number(v) : undefined });
                }}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'command-transaction' } }}
              />
              <Typography variant="body2" data-testid="command-stop-target">
                {stopTargetText(record, form, translate)}
              </Typography>
            </>
          )}
          {name === 'reset' && (
            <>
              <RadioGroup row value={form.resetType ?? 'Soft'} onChange={(e) => set({ resetType: e.target.value as 'Soft' | 'Hard' })}>
                <FormControlLabel value="Soft" control={<Radio size="small" />} label={translate('app.commands.reset.Soft')} data-testid="command-reset-soft" />
                <FormControlLabel value="Hard" control={<Radio size="small" />} label={translate('app.commands.reset.Hard')} data-testid="command-reset-hard" />
              </RadioGroup>
              <Alert severity="warning">{translate(`app.commands.reset.confirm_${form.resetType ?? 'Soft'}`)}</Alert>
            </>
          )}
          {name === 'unlock' && <ConnectorSelect record={record} value={form.connectorId} onChange={(connectorId) => set({ connectorId })} />}
          {name === 'availability' && (
            <>
              <ConnectorSelect record={record} value={form.connectorId} onChange={(connectorId) => set({ connectorId })} allowWhole />
              <RadioGroup row value={form.availability ?? 'Operative'} onChange={(e) => set({ availability: e.target.value as 'Operative' | 'Inoperative' })}>
                <FormControlLabel
                  value="Operative"
                  control={<Radio size="small" />}
                  label={translate('app.commands.availability.Operative')}
                  data-testid="command-availability-operative"
                />
                <FormControlLabel
                  value="Inoperative"
                  control={<Radio size="small" />}
                  label={translate('app.commands.availability.Inoperative')}
                  data-testid="command-availability-inoperative"
                />
              </RadioGroup>
            </>
          )}
          {busy && (
            <Stack direction="row" spacing={1} alignItems="center" data-testid="command-waiting">
              <CircularProgress size={18} />
              <Typography variant="body2" color="text.secondary">
                {translate('app.commands.waiting')}
              </Typography>
            </Stack>
          )}
          {outcome?.ok && (
            <Alert
              severity={status && status !== 'Accepted' && status !== 'Unlocked' && status !== 'Scheduled' ? 'warning' : 'success'}
              data-testid="command-success"
            >
              {translate('app.commands.answered', { status: status ? translate(`app.commands.status.${status}`, { _: status }) : '—' })}
            </Alert>
          )}
          {outcome && !outcome.ok && (
            <Alert severity="error" data-testid="command-error" data-code={outcome.code}>
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="command-close">
          {translate(outcome?.ok ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          color={name === 'reset' || name === 'remote-stop' ? 'warning' : 'primary'}
          onClick={() => void send()}
          disabled={busy || !!formError}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="command-send"
        >
          {translate(`app.commands.${name}.send`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The commands menu of one charger (a button for a grid row or a detail view). */
export function ChargerCommands({ record }: { record: CommandTarget | undefined }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [command, setCommand] = useState<CommandName | null>(null);
  if (!record) return null;
  const open = (e: MouseEvent<HTMLElement>) => {
    e.stopPropagation();
    setAnchor(e.currentTarget);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row must not open; the controls inside take the keys
    <span onClick={(e) => e.stopPropagation()}>
      <Tooltip title={translate('app.commands.menu')}>
        <IconButton size="small" onClick={open} data-testid={`charger-commands-${record.serialNum}`} aria-label={translate('app.commands.menu')}>
          <SettingsRemoteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {COMMANDS.map((name) => {
          const Icon = ICONS[name];
          // Remote stop only where a session runs (issue #26 item 4); the item says why it is off.
          const idle = name === 'remote-stop' && stoppableConnectors(record).length === 0;
          return (
            <MenuItem
              key={name}
              disabled={idle}
              onClick={() => {
                setAnchor(null);
                setCommand(name);
              }}
              data-testid={`command-${name}`}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText secondary={idle ? translate('app.commands.remote-stop.no_session') : undefined}>
                {translate(`app.commands.${name}.title`)}
              </ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
      {command && <CommandDialog record={record} name={command} onClose={() => setCommand(null)} />}
    </span>
  );
}

export default ChargerCommands;
