/**
 * Events → Diagnosis (`#/Events/Diagnosis`, requirements §2 "Diagnosis", R2.21, R5 "Diagnosis needs a
 * time and a charger"): choose a charger and a start time (both required, checked with the
 * server's own rules: 602, 615, 715), then see its connectors' latest readings as figures and small
 * charts, its recent status changes and its open events — `GET /sp/diagnosis`, asked again every
 * 3 s (DIAGNOSIS_REFRESH_MS) while the page is open. The choice is kept in the address
 * (`?serialNum=&startTime=`).
 */
import { useMemo, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  DIAGNOSIS_REFRESH_MS,
  diagnosisQuery,
  type DiagnosisConnector,
  type DiagnosisPoint,
  type DiagnosisReading,
  type DiagnosisRecord,
} from '../../../domain/entities/diagnosis';
import { checkInput } from '../../../domain/entities/rules';
import { fieldMessage } from '../../../domain/entities/messages';
import { timeRangeError } from '../../../domain/time-range';
import { eventTypeLabel } from '../../../domain/events';
import { EmptyState, ErrorState, RelativeTime, stateColor } from '../../components/common';
import { runStatusLabel } from '../../components/device';
import { useApi } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';
import { ChargerPicker } from '../charger-log/ChargerPicker';
import { parseTimeText, timeText } from '../charger-log/timeText';

const P = 'app.diagnosis';

/** The errors of a choice, per field, in `lang` (the server's rules: 602, 615, format, 715). */
function choiceErrors(serialNum: string, start: string, lang: 'en' | 'zh', translate: (k: string) => string): Record<string, string> {
  const when = parseTimeText(start);
  const r = checkInput(diagnosisQuery, { serialNum, startTime: when ? when.toISOString() : start.trim() ? 'x' : '' });
  const errors: Record<string, string> = {};
  if (!r.success)
    for (const i of r.issues) errors[i.field] = i.key === 'validation.format' ? translate('app.charger_log.bad_time') : fieldMessage(i.key, lang, i.values);
  if (when && !errors.startTime) {
    const now = new Date();
    if (timeRangeError(when, now, { now, maxDays: 1 })) errors.startTime = translate(`${P}.bad_start`);
  }
  return errors;
}

export default function DiagnosisPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'zh' ? 'zh' : 'en';
  const [params, setParams] = useSearchParams();
  const serialNum = params.get('serialNum') ?? '';
  const startTime = params.get('startTime') ?? '';
  const [draftSn, setDraftSn] = useState(serialNum);
  const [draftStart, setDraftStart] = useState(startTime ? timeText(new Date(startTime)) : timeText(new Date(Date.now() - 3_600_000)));
  const [tried, setTried] = useState(false);
  const errors = choiceErrors(draftSn, draftStart, lang, translate);
  const chosen = !!serialNum && !!startTime;
  const { data, error, isPending, refetch, dataUpdatedAt } = useApi<DiagnosisRecord>(
    'diagnosis',
    { serialNum, startTime },
    { enabled: chosen, refetchInterval: DIAGNOSIS_REFRESH_MS, refetchIntervalInBackground: false, placeholderData: (prev) => prev },
  );
  const show = () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    setParams({ serialNum: draftSn, startTime: (parseTimeText(draftStart) as Date).toISOString() });
  };

  return (
    <Stack spacing={2} data-testid="diagnosis-page">
      <Title title={translate('menu.diagnosis')} />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', pb: '16px !important' }}>
          <ChargerPicker required value={draftSn} onChange={setDraftSn} error={tried ? errors.serialNum : undefined} testId="diagnosis-charger" />
          <TextField
            required
            size="small"
            label={translate(`${P}.start`)}
            placeholder="YYYY-MM-DD HH:mm"
            value={draftStart}
            sx={{ width: 200 }}
            onChange={(e) => setDraftStart(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') show();
            }}
            error={tried && !!errors.startTime}
            helperText={tried ? errors.startTime : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'diagnosis-start' } }}
          />
          <Button variant="contained" onClick={show} sx={{ height: 40 }} data-testid="diagnosis-show">
            {translate(`${P}.show`)}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {chosen && data && (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }} data-testid="diagnosis-updated">
              {translate(`${P}.updated`, { time: formatDateTime(dataUpdatedAt, 'HH:mm:ss') })}
            </Typography>
          )}
        </CardContent>
      </Card>
      {!chosen ? (
        <Card>
          <EmptyState message={`${P}.choose`} />
        </Card>
      ) : error && !data ? (
        <Card>
          <ErrorState error={error} onRetry={() => void refetch()} />
        </Card>
      ) : isPending && !data ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} />
        </Box>
      ) : data ? (
        <Diagnosis d={data} lang={lang} />
      ) : null}
    </Stack>
  );
}

function Diagnosis({ d, lang }: { d: DiagnosisRecord; lang: 'en' | 'zh' }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center', pb: '16px !important' }} data-testid="diagnosis-charger-card">
          <Typography variant="h6">{d.serialNum}</Typography>
          <Chip
            size="small"
            label={translate(d.online ? `${P}.online` : `${P}.offline`)}
            sx={{ bgcolor: `${stateColor(d.runStatus, d.online)}1f`, color: stateColor(d.runStatus, d.online) }}
          />
          <Fact label={translate(`${P}.station`)} value={d.stationName ?? '—'} />
          <Fact label={translate(`${P}.last_seen`)} value={d.lastSeenTimeStamp ? formatDateTime(d.lastSeenTimeStamp) : '—'} />
          <Fact label={translate(`${P}.model`)} value={[d.vendor, d.model].filter(Boolean).join(' ') || '—'} />
          <Fact label={translate(`${P}.firmware`)} value={d.firmwareVersion ?? '—'} />
        </CardContent>
      </Card>
      {d.openEvents.length > 0 && (
        <Alert severity="error" data-testid="diagnosis-events">
          <Typography variant="subtitle2">{translate(`${P}.open_events`)}</Typography>
          {d.openEvents.map((e) => (
            <div
              key={e.id}
            >{`${eventTypeLabel(e.eventType, lang)} · ${translate(`${P}.connector`)} ${e.connectorId ?? 0} · ${formatDateTime(e.occurTimeStamp)}`}</div>
          ))}
        </Alert>
      )}
      {d.connectors.length === 0 ? (
        <Card>
          <EmptyState message={`${P}.no_connectors`} />
        </Card>
      ) : (
        d.connectors.map((c) => <ConnectorCard key={c.connectorId} c={c} />)
      )}
      <Card>
        <CardHeader title={translate(`${P}.status_changes`)} slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }} sx={{ pb: 0 }} />
        {d.statusChanges.length === 0 ? (
          <EmptyState message={`${P}.no_status_changes`} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="diagnosis-status-changes">
              <TableHead>
                <TableRow>
                  {['time', 'connector', 'status', 'error'].map((k) => (
                    <TableCell key={k} sx={{ fontWeight: 600 }}>
                      {translate(`${P}.${k}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {d.statusChanges.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: status changes as the charger reported them; a time may repeat
                  <TableRow key={`${s.timeStamp}-${i}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.timeStamp)}</TableCell>
                    <TableCell>{s.connectorId}</TableCell>
                    <TableCell data-testid="diagnosis-status-change-status">{runStatusLabel(translate, s.status)}</TableCell>
                    <TableCell>{[s.errorCode, s.vendorErrorCode, s.info].filter(Boolean).join(' · ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Card>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

/** Connector statuses in which a session runs: readings taken before such a status still describe it. */
const IN_SESSION = new Set(['Charging', 'SuspendedEVSE', 'SuspendedEV']);

/**
 * True when a reading no longer describes the connector (issue #26 item 2): taken before its current
 * status began and that status is not a session (an "Available" connector's 10 kW from the last
 * session). The energy register keeps counting across sessions, so it is never stale.
 */
export function isStaleReading(r: Pick<DiagnosisReading, 'measurand' | 'timeStamp'>, c: Pick<DiagnosisConnector, 'status' | 'statusTimeStamp'>): boolean {
  if (r.measurand === 'Energy.Active.Import.Register') return false;
  if (!c.statusTimeStamp || !c.status || IN_SESSION.has(c.status)) return false;
  return new Date(r.timeStamp).getTime() < new Date(c.statusTimeStamp).getTime();
}

/** The latest reading of a measurand (and phase) on the connector. */
function readingOf(c: DiagnosisConnector, measurand: string, phase?: string): DiagnosisReading | undefined {
  return c.readings.find((x) => x.measurand === measurand && (phase === undefined ? true : (x.phase ?? '').startsWith(phase)));
}

/** The figure of a reading, with its unit. */
function figureText(r: DiagnosisReading): string {
  const unit = r.unit === 'Percent' ? '%' : r.unit === 'Celsius' ? '°C' : (r.unit ?? '');
  return `${Number(r.value.toFixed(r.unit === 'kWh' ? 3 : 2))} ${unit}`.trim();
}

function ConnectorCard({ c }: { c: DiagnosisConnector }) {
  const translate = useTranslate();
  const three = c.readings.some((r) => r.measurand === 'Current.Import' && (r.phase ?? '').startsWith('L2'));
  const figures: [string, DiagnosisReading | undefined][] = [
    ['power', readingOf(c, 'Power.Active.Import')],
    ['energy', readingOf(c, 'Energy.Active.Import.Register')],
    ['voltage', readingOf(c, 'Voltage')],
    ...(three
      ? (['L1', 'L2', 'L3'].map((p) => [`current_${p}`, readingOf(c, 'Current.Import', p)]) as [string, DiagnosisReading | undefined][])
      : ([['current', readingOf(c, 'Current.Import')]] as [string, DiagnosisReading | undefined][])),
    ['temperature', readingOf(c, 'Temperature')],
    ['soc', readingOf(c, 'SoC')],
  ];
  const shown = figures.filter((f): f is [string, DiagnosisReading] => f[1] !== undefined);
  return (
    <Card data-testid={`diagnosis-connector-${c.connectorId}`}>
      <CardHeader
        title={`${translate(`${P}.connector`)} ${c.connectorId}`}
        subheader={[
          c.status ? runStatusLabel(translate, c.status) : null,
          c.errorCode && c.errorCode !== 'NoError' ? c.errorCode : null,
          c.statusTimeStamp ? formatDateTime(c.statusTimeStamp) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate(`${P}.no_readings`)}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1.5, mb: 2 }}>
            {shown.map(([k, r]) => {
              // Every reading says when it was taken; one older than the current (non-session) status is greyed out.
              const stale = isStaleReading(r, c);
              return (
                <Box
                  key={k}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, opacity: stale ? 0.5 : 1 }}
                  data-testid={`reading-${k}`}
                  data-stale={stale ? 'true' : 'false'}
                >
                  <Typography variant="caption" color="text.secondary">
                    {translate(`${P}.figures.${k}`)}
                  </Typography>
                  <Typography variant="h6" sx={{ fontSize: 18, textDecoration: stale ? 'line-through' : undefined }}>
                    {figureText(r)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="reading-age">
                    <RelativeTime value={r.timeStamp} />
                    {stale ? ` · ${translate(`${P}.stale`)}` : ''}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
        {c.series.length > 1 && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
            <SmallChart title={translate(`${P}.charts.power`)} points={c.series} lines={[{ key: 'powerKw', color: '#1ebb77' }]} />
            <SmallChart
              title={translate(`${P}.charts.current`)}
              points={c.series}
              lines={[
                { key: 'currentL1', color: '#e6a23c' },
                { key: 'currentL2', color: '#409eff' },
                { key: 'currentL3', color: '#f56c6c' },
              ]}
            />
            <SmallChart title={translate(`${P}.charts.soc`)} points={c.series} lines={[{ key: 'soc', color: '#909399' }]} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function SmallChart({ title, points, lines }: { title: string; points: DiagnosisPoint[]; lines: { key: keyof DiagnosisPoint; color: string }[] }) {
  const data = useMemo(() => points.map((p) => ({ ...p, t: formatDateTime(p.timeStamp, 'HH:mm:ss') })), [points]);
  const present = lines.filter((l) => points.some((p) => p[l.key] !== null));
  if (!present.length) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {title}
      </Typography>
      <ResponsiveContainer width="100%" height={120}>
        <LineChart data={data} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
          <XAxis dataKey="t" tick={{ fontSize: 10 }} minTickGap={30} />
          <YAxis tick={{ fontSize: 10 }} width={48} />
          <Tooltip />
          {present.map((l) => (
            <Line key={l.key} type="monotone" dataKey={l.key} stroke={l.color} dot={false} isAnimationActive={false} connectNulls />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
