/**
 * Sending a stored schedule and seeing what came of it (requirements §16 R16.4): Send
 * (SetChargingProfile to each charger of the target) and Clear (ClearChargingProfile, after a
 * confirmation), each charger's answer, and "what the charger will do": GetCompositeSchedule of
 * one charger (the schedule's own, or one of the station's) over the next 24 h, drawn as the
 * chart's second line and listed as periods. A failed command shows its catalogue message
 * (718 / 719 / 720) in the user's language. Sending is held back while the form has unsaved
 * changes: the charger gets what is stored.
 */
import { useState } from 'react';
import { Confirm, useGetList, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ClearIcon from '@mui/icons-material/LayersClear';
import InsightsIcon from '@mui/icons-material/Insights';
import type { ChargingScheduleRecord, CompositeScheduleAnswer } from '../../domain/entities/charging-schedule';
import { CommandOutcomeChip } from '../../src/components/smart-charging/CommandOutcomeChip';
import { useSpCall, useSpFetch } from '../../src/hooks/useApi';
import { formatDateTime } from '../../src/utils/date';
import { timeOfMinute, localMinute } from './chartData';

/** The text of a failed call: the server's message, already in the user's language (dataProvider/httpClient.ts). */
function useFailureText() {
  const translate = useTranslate();
  return (e: unknown) => {
    const m = (e as Error)?.message ?? '';
    return translate(m || 'app.error.load_failed', { _: m });
  };
}

function CompositeTable({ c, timeZone }: { c: CompositeScheduleAnswer; timeZone: string | null }) {
  const translate = useTranslate();
  const start = c.scheduleStart ? Date.parse(c.scheduleStart) : null;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="composite-status">
        {translate('resources.charging-schedule.composite.status', { sn: c.chargerSn, connector: c.connectorId, status: c.status })}
      </Typography>
      {c.periods.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.charging-schedule.composite.none')}
        </Typography>
      ) : (
        <Table size="small" data-testid="composite-periods">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.charging-schedule.composite.from')}</TableCell>
              <TableCell align="right">{translate('resources.charging-schedule.fields.limitA')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {c.periods.map((p) => (
              <TableRow key={p.startPeriod} data-testid="composite-period">
                <TableCell>{start !== null && timeZone ? timeOfMinute(localMinute(start + p.startPeriod * 1000, timeZone)) : `+${p.startPeriod} s`}</TableCell>
                <TableCell align="right">{p.limit} A</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function SchedulePanel({ setComposite }: { setComposite: (c: CompositeScheduleAnswer | null) => void }) {
  const record = useRecordContext<ChargingScheduleRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const call = useSpCall();
  const fetchOnce = useSpFetch();
  const failure = useFailureText();
  const { isDirty } = useFormState();
  const [busy, setBusy] = useState<'send' | 'clear' | 'composite' | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [composite, setLocal] = useState<CompositeScheduleAnswer | null>(null);
  const [compositeError, setCompositeError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | ''>('');
  const [connectorId, setConnectorId] = useState(record?.purpose === 'ChargePointMaxProfile' ? 0 : (record?.connectorId ?? 0));
  const stationChargers = useGetList<{ id: number; serialNum: string }>(
    'charger',
    {
      filter: { stationId: record?.stationId },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'serialNum', order: 'ASC' },
    },
    { enabled: Boolean(record && record.target === 'STATION' && record.stationId) },
  );
  if (!record) return null;
  const chargerId = record.target === 'CHARGER' ? record.chargerId : picked || stationChargers.data?.[0]?.id || null;

  const askComposite = async (id: number | null = chargerId) => {
    if (!id) return;
    setBusy('composite');
    setCompositeError(null);
    try {
      const c = await fetchOnce<CompositeScheduleAnswer>(`charger/${id}/composite-schedule`, { connectorId, duration: 86_400 });
      setLocal(c);
      setComposite(c);
    } catch (e) {
      setLocal(null);
      setComposite(null);
      setCompositeError(failure(e));
    } finally {
      setBusy(null);
    }
  };

  const run = async (what: 'send' | 'clear') => {
    setBusy(what);
    try {
      const r = await call<ChargingScheduleRecord>('POST', `charging-schedule/${record.id}/${what}`);
      const results = r.lastSent?.results ?? [];
      const failed = results.filter((x) => x.result !== 'ACCEPTED').length;
      notify(translate(`resources.charging-schedule.${what}_done`, { ok: results.length - failed, failed }), { type: failed ? 'warning' : 'success' });
      refresh();
    } catch (e) {
      notify(failure(e), { type: 'error' });
    } finally {
      setBusy(null);
    }
    await askComposite();
  };

  const results = record.lastSent?.results ?? [];
  return (
    <Card variant="outlined" data-testid="schedule-panel">
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Button
            variant="contained"
            startIcon={busy === 'send' ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            disabled={busy !== null || isDirty}
            onClick={() => void run('send')}
            data-testid="schedule-send"
          >
            {translate('resources.charging-schedule.send')}
          </Button>
          <Button
            variant="outlined"
            color="warning"
            startIcon={busy === 'clear' ? <CircularProgress size={16} color="inherit" /> : <ClearIcon />}
            disabled={busy !== null || isDirty}
            onClick={() => setConfirmClear(true)}
            data-testid="schedule-clear"
          >
            {translate('resources.charging-schedule.clear')}
          </Button>
        </Box>
        {isDirty && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="schedule-unsaved">
            {translate('resources.charging-schedule.unsaved')}
          </Alert>
        )}
        <Confirm
          isOpen={confirmClear}
          title="resources.charging-schedule.clear_title"
          content="resources.charging-schedule.confirm_clear"
          translateOptions={{ name: record.name }}
          onConfirm={() => {
            setConfirmClear(false);
            void run('clear');
          }}
          onClose={() => setConfirmClear(false)}
        />

        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('resources.charging-schedule.answers_title')}
        </Typography>
        {results.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="schedule-not-sent">
            {translate('resources.charging-schedule.not_sent')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(record.lastSent?.at ?? null)}
            </Typography>
            <Table size="small" data-testid="schedule-answers">
              <TableBody>
                {results.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers are shown once, in order; a charger may answer twice
                  <TableRow key={`${r.chargerSn}-${i}`} data-testid="schedule-answer">
                    <TableCell sx={{ fontFamily: 'monospace' }}>{r.chargerSn}</TableCell>
                    <TableCell>{r.action}</TableCell>
                    <TableCell>
                      <CommandOutcomeChip outcome={r} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}

        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('resources.charging-schedule.composite.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', my: 1 }}>
          {record.target === 'STATION' && (
            <TextField
              select
              size="small"
              label={translate('resources.charging-schedule.fields.chargerId')}
              value={chargerId ?? ''}
              sx={{ minWidth: 220 }}
              onChange={(e) => setPicked(Number(e.target.value))}
              data-testid="composite-charger"
            >
              {(stationChargers.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.serialNum}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            size="small"
            type="number"
            label={translate('resources.charging-schedule.fields.connectorId')}
            value={connectorId}
            sx={{ width: 120 }}
            onChange={(e) => setConnectorId(Math.max(0, Math.min(99, Math.trunc(Number(e.target.value) || 0))))}
            slotProps={{ htmlInput: { min: 0, max: 99 } }}
          />
          <Button
            variant="outlined"
            startIcon={busy === 'composite' ? <CircularProgress size={16} /> : <InsightsIcon />}
            disabled={busy !== null || !chargerId}
            onClick={() => void askComposite()}
            data-testid="schedule-composite"
          >
            {translate('resources.charging-schedule.composite.ask')}
          </Button>
        </Box>
        {compositeError && (
          <Alert severity="error" data-testid="composite-error">
            {compositeError}
          </Alert>
        )}
        {composite && <CompositeTable c={composite} timeZone={record.timeZone} />}
      </CardContent>
    </Card>
  );
}
