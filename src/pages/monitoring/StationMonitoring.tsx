/**
 * Monitoring › Station monitoring (`#/Monitoring/StationMonitoring?stationId=`, requirements §14):
 * without a station, the stations to watch (search by name, each with its worst state); with one,
 * a live grid of its chargers and connectors — state, power now, energy and duration of the
 * running session, idTag or user, last message time — its open events, and the remote commands of
 * charger monitoring on each charger. Refreshed from the event stream (and every 30 s).
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { routePath } from '../../../domain/routes';
import type { StationListItem, StationMonitorAnswer } from '../../../domain/entities/monitoring';
import { ChargerCommands } from '../../components/commands/ChargerCommands';
import { EmptyState, ErrorState, RelativeTime, stateColor } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { useLiveEvents } from '../../hooks/useLiveEvents';
import { useDebounced } from '../../hooks/useDebounced';
import { formatDuration } from '../../utils/date';
import { OpenEvents } from './OpenEvents';

function StateChip({ state }: { state: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      data-testid={`state-${state}`}
      label={translate(`app.dashboard.split.${state}`)}
      sx={{ bgcolor: stateColor(state), color: '#fff', fontWeight: 500 }}
    />
  );
}

/** The stations to pick from (paged, searchable). */
function StationPicker({ onPick }: { onPick: (id: number) => void }) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const term = useDebounced(q);
  const { data, error, isPending, refetch } = useApi<{ records: StationListItem[]; total: number }>(
    'monitoring/station',
    { q: term || undefined, page: page + 1, size: 20 },
    { placeholderData: (prev) => prev },
  );
  return (
    <Card>
      <CardContent sx={{ pb: 0 }}>
        <TextField
          size="small"
          label={translate('app.station_monitor.pick')}
          helperText={translate('app.station_monitor.pick_hint')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'station-search' } }}
        />
      </CardContent>
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : isPending && !data ? (
        <Skeleton variant="rounded" height={200} sx={{ m: 2 }} />
      ) : !data?.records.length ? (
        <EmptyState />
      ) : (
        <>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.station_monitor.pick')}</TableCell>
                  <TableCell>{translate('app.station_monitor.state')}</TableCell>
                  <TableCell align="right">{translate('app.station_monitor.chargers')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.records.map((s) => (
                  <TableRow key={s.id} hover sx={{ cursor: 'pointer' }} onClick={() => onPick(s.id)} data-testid="station-pick-row">
                    <TableCell>{s.name}</TableCell>
                    <TableCell>
                      <StateChip state={s.state} />
                    </TableCell>
                    <TableCell align="right">{s.chargers}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination component="div" count={data.total} page={page} onPageChange={(_, p) => setPage(p)} rowsPerPage={20} rowsPerPageOptions={[20]} />
        </>
      )}
    </Card>
  );
}

/** One station's live grid: a row per connector (a charger without connectors has one row). */
function StationGrid({ id }: { id: number }) {
  const translate = useTranslate();
  const [version, setVersion] = useState(0);
  const { data, error, refetch, isPending } = useApi<StationMonitorAnswer>(`monitoring/station/${id}`, undefined, { placeholderData: (prev) => prev });
  useLiveEvents(() => {
    void refetch();
    setVersion((v) => v + 1);
  });
  const t = (k: string) => translate(`app.station_monitor.${k}`);
  if (error && !data)
    return (
      <Card>
        <ErrorState error={error} onRetry={() => void refetch()} />
      </Card>
    );
  if (isPending || !data) return <Skeleton variant="rounded" height={320} />;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', pb: '16px !important' }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography sx={{ fontWeight: 600, fontSize: 18 }} data-testid="station-name">
              {data.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data.address}
            </Typography>
          </Box>
          <StateChip state={data.state} />
          {data.latitude !== null && <Link to={`${routePath('mapMonitoring')}?focus=${data.id}`}>{t('on_map')}</Link>}
          <Link to={routePath('stationMonitoring')}>{t('all_stations')}</Link>
        </CardContent>
      </Card>
      <Card>
        {data.chargers.length === 0 ? (
          <EmptyState message="app.station_monitor.no_chargers" />
        ) : (
          <TableContainer>
            <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  {['charger', 'state', 'connector', 'status', 'power', 'energy', 'duration', 'user', 'last_message'].map((k) => (
                    <TableCell key={k}>{t(k)}</TableCell>
                  ))}
                  <TableCell>{translate('app.commands.menu')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.chargers.flatMap((c) => {
                  const rows = c.connectors.length ? c.connectors : [null];
                  const target = {
                    id: c.id,
                    serialNum: c.serialNum,
                    online: c.online,
                    companyCode: data.companyCode,
                    connectors: c.connectors.map((k) => ({ ...k, info: null })),
                    sessions: c.connectors.flatMap((k) =>
                      k.session
                        ? [
                            {
                              connectorId: k.connectorId,
                              transactionId: k.session.transactionId,
                              orderNo: k.session.orderNo,
                              idTag: k.session.idTag,
                              userName: k.session.userName,
                            },
                          ]
                        : [],
                    ),
                  };
                  return rows.map((k, i) => (
                    <TableRow
                      key={`${c.id}:${k?.connectorId ?? 0}`}
                      data-testid="connector-row"
                      data-charger={c.serialNum}
                      data-connector={k?.connectorId ?? 0}
                    >
                      {i === 0 && (
                        <>
                          <TableCell rowSpan={rows.length} sx={{ fontFamily: 'monospace' }}>
                            {c.serialNum}
                          </TableCell>
                          <TableCell rowSpan={rows.length}>
                            <StateChip state={c.dashboardState} />
                          </TableCell>
                        </>
                      )}
                      <TableCell>{k ? `#${k.connectorId}` : '—'}</TableCell>
                      <TableCell sx={{ color: stateColor(k?.status, c.online) }}>
                        {k && c.online ? translate(`resources.charger.values.runStatus.${k.status}`, { _: k.status }) : '—'}
                      </TableCell>
                      <TableCell data-testid="session-power">{k?.session?.powerKw ? `${k.session.powerKw} kW` : '—'}</TableCell>
                      <TableCell data-testid="session-energy">{k?.session ? `${k.session.energyKwh} kWh` : '—'}</TableCell>
                      <TableCell>{k?.session ? formatDuration(k.session.durationSeconds) : '—'}</TableCell>
                      <TableCell>{k?.session ? (k.session.userName ? `${k.session.userName} (${k.session.idTag})` : k.session.idTag) : '—'}</TableCell>
                      {i === 0 && (
                        <>
                          <TableCell rowSpan={rows.length}>
                            <RelativeTime value={c.lastSeenAt} />
                          </TableCell>
                          <TableCell rowSpan={rows.length}>
                            <ChargerCommands record={target} />
                          </TableCell>
                        </>
                      )}
                    </TableRow>
                  ));
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <Card>
        <CardContent>
          <OpenEvents stationId={data.id} version={version} />
        </CardContent>
      </Card>
    </Stack>
  );
}

export default function StationMonitoring() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('stationId'));
  const stationId = useMemo(() => (Number.isInteger(raw) && raw > 0 ? raw : null), [raw]);
  return (
    <Stack spacing={2} data-testid="station-monitoring">
      <Title title={translate('menu.stationMonitoring')} />
      {stationId === null ? (
        <StationPicker onPick={(id) => setParams(new URLSearchParams({ stationId: String(id) }))} />
      ) : (
        <StationGrid key={stationId} id={stationId} />
      )}
    </Stack>
  );
}
