/**
 * A station's load balancing on its page (requirements §16 R16.5): the grid connection limit (A
 * per phase), the minimum per connector and the offline fallback, and for each charging connector
 * the current allotted by its last TxProfile and the current it measured (latest MeterValues
 * Current.Import), refreshed live (the live stream, and every 5 s while sessions charge).
 * Setting the limit (614 when empty, every failing field marked at once) rebalances the running
 * sessions; turning it off asks first. `GET`/`PUT`/`DELETE /sp/station/{id}/load-balancing`.
 */
import { useState } from 'react';
import { Confirm, Form, NumberInput, SaveButton, useNotify, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import PowerOffIcon from '@mui/icons-material/PowerSettingsNew';
import { stationLoadFields, type StationLoadRecord } from '../../../domain/entities/charging-schedule';
import { bodyOf } from '../../forms/body';
import { useSchemaValidate } from '../../forms/schemaValidate';
import { useApi, useSpCall } from '../../hooks/useApi';
import { useLiveEvents } from '../../hooks/useLiveEvents';
import { QueryStates, RelativeTime } from '../common';

const LABELS = {
  gridLimitA: 'resources.station-load.fields.gridLimitA',
  minCurrentA: 'resources.station-load.fields.minCurrentA',
  fallbackCurrentA: 'resources.station-load.fields.fallbackCurrentA',
} as const;

const body = bodyOf(stationLoadFields);

const sum = (xs: (number | null)[]) => Math.round(xs.reduce<number>((a, x) => a + (x ?? 0), 0) * 10) / 10;

function LimitDialog({ stationId, load, onClose, onSaved }: { stationId: number; load: StationLoadRecord; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const call = useSpCall();
  const validate = useSchemaValidate(stationLoadFields, { labels: LABELS });
  const submit = async (values: Record<string, unknown>) => {
    try {
      await call('PUT', `station/${stationId}/load-balancing`, body(values));
      notify('resources.station-load.saved', { type: 'success' });
      onSaved();
      onClose();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Form
        record={{ gridLimitA: load.gridLimitA, minCurrentA: load.minCurrentA, fallbackCurrentA: load.fallbackCurrentA }}
        validate={validate}
        onSubmit={submit}
      >
        <DialogTitle>{translate('resources.station-load.title')}</DialogTitle>
        <DialogContent>
          <NumberInput
            source="gridLimitA"
            label={LABELS.gridLimitA}
            isRequired
            min={1}
            max={5000}
            step={1}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'load-grid-limit' } }}
          />
          <NumberInput source="minCurrentA" label={LABELS.minCurrentA} min={0} max={80} step={1} fullWidth />
          <NumberInput source="fallbackCurrentA" label={LABELS.fallbackCurrentA} min={0} max={80} step={1} fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable data-testid="load-save" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export function StationLoadCard({ stationId }: { stationId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const call = useSpCall();
  const [editing, setEditing] = useState(false);
  const [confirmOff, setConfirmOff] = useState(false);
  const { data, error, isPending, isFetching, refetch } = useApi<StationLoadRecord>(`station/${stationId}/load-balancing`, undefined, {
    refetchInterval: (q) => ((q.state.data?.connectors.length ?? 0) > 0 ? 5000 : false),
  });
  useLiveEvents(
    () => {
      void refetch();
    },
    { events: ['charger', 'order'] },
  );
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.station-load.${k}`, o);
  const turnOff = async () => {
    setConfirmOff(false);
    try {
      await call('DELETE', `station/${stationId}/load-balancing`);
      notify('resources.station-load.turned_off', { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    void refetch();
  };
  const connectors = data?.connectors ?? [];
  const limit = data?.gridLimitA ?? null;
  const allotted = sum(connectors.map((c) => c.allottedA));
  return (
    <Card data-testid="station-load">
      <CardHeader
        title={t('title')}
        subheader={
          data &&
          (limit === null ? (
            <span data-testid="station-load-off">{t('off')}</span>
          ) : (
            <span data-testid="station-grid-limit">
              {t('grid_limit', { limit })} · {t('settings', { min: data.minCurrentA, fallback: data.fallbackCurrentA })}
            </span>
          ))
        }
        action={
          data && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              <Button size="small" startIcon={<TuneIcon />} onClick={() => setEditing(true)} data-testid="station-load-edit">
                {t('edit')}
              </Button>
              {limit !== null && (
                <Button size="small" color="warning" startIcon={<PowerOffIcon />} onClick={() => setConfirmOff(true)} data-testid="station-load-off-button">
                  {t('turn_off')}
                </Button>
              )}
            </Box>
          )
        }
        sx={{ flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ overflowX: 'auto', pt: 0 }}>
        <QueryStates
          data={data}
          error={error}
          isPending={isPending}
          isFetching={isFetching && !isPending}
          empty={connectors.length === 0}
          emptyMessage="resources.station-load.none_charging"
          onRetry={() => void refetch()}
        >
          {limit !== null && (
            <Box sx={{ mb: 1 }} data-testid="station-load-total">
              <Typography variant="body2">{t('used', { allotted, limit, measured: sum(connectors.map((c) => c.measuredA)) })}</Typography>
              <LinearProgress variant="determinate" value={Math.min(100, (allotted / limit) * 100)} sx={{ height: 6, borderRadius: 3, maxWidth: 480 }} />
            </Box>
          )}
          <Table size="small" data-testid="station-load-connectors">
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.charger')}</TableCell>
                <TableCell>{t('fields.connectorId')}</TableCell>
                <TableCell>{t('fields.transactionId')}</TableCell>
                <TableCell align="right">{t('fields.allottedA')}</TableCell>
                <TableCell align="right">{t('fields.measuredA')}</TableCell>
                <TableCell>{t('fields.answer')}</TableCell>
                <TableCell>{t('fields.measuredAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {connectors.map((c) => (
                <TableRow key={`${c.chargerId}-${c.connectorId}`} data-testid="station-load-row">
                  <TableCell sx={{ fontFamily: 'monospace' }}>{c.chargerSn}</TableCell>
                  <TableCell>{c.connectorId}</TableCell>
                  <TableCell>{c.transactionId}</TableCell>
                  <TableCell align="right" data-testid="load-allotted">
                    {c.allottedA === null ? '—' : `${c.allottedA} A`}
                  </TableCell>
                  <TableCell align="right" data-testid="load-measured">
                    {c.measuredA === null ? '—' : `${c.measuredA} A`}
                  </TableCell>
                  <TableCell>{c.answer ?? '—'}</TableCell>
                  <TableCell>{c.measuredAt ? <RelativeTime value={c.measuredAt} /> : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </QueryStates>
      </CardContent>
      {editing && data && <LimitDialog stationId={stationId} load={data} onClose={() => setEditing(false)} onSaved={() => void refetch()} />}
      <Confirm
        isOpen={confirmOff}
        title="resources.station-load.turn_off_title"
        content="resources.station-load.confirm_off"
        onConfirm={() => void turnOff()}
        onClose={() => setConfirmOff(false)}
      />
    </Card>
  );
}
