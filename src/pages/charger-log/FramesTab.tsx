/**
 * The charger log's frames (requirements §2 "Charger log"; `GET /sp/charger-log/frames`): every
 * OCPP frame in and out, newest first, 50 a page through keyset cursors (Older / Newer / Newest),
 * filtered by charger, action, direction and a time range (715 rule, checked before sending); a
 * row opens a drawer with the payload and the paired call or answer as pretty JSON; Excel export
 * of up to 10 000 frames of the current filter.
 */
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Drawer,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { OCPP_ACTIONS, type ChargerLogFrame, type ChargerLogFramePage } from '../../../domain/entities/charger-log';
import type { QueryValue } from '../../../dataProvider';
import { QueryStates } from '../../components/common';
import { useApi, useSpProvider } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';
import { downloadXlsx } from '../../utils/spreadsheet';
import { ChargerPicker } from './ChargerPicker';
import { parseTimeText, rangeTextError } from './timeText';

const PAGE = 50;
const EXPORT_MAX = 10_000;
const P = 'app.charger_log';

interface Filter {
  serialNum: string;
  action: string;
  direction: '' | 'IN' | 'OUT';
  start: string;
  end: string;
}
const EMPTY: Filter = { serialNum: '', action: '', direction: '', start: '', end: '' };

/** The request's query of a filter (times as ISO). */
function queryOf(f: Filter): Record<string, QueryValue> {
  const s = parseTimeText(f.start);
  const e = parseTimeText(f.end);
  return {
    serialNum: f.serialNum || undefined,
    action: f.action || undefined,
    direction: f.direction || undefined,
    startTime: s ? s.toISOString() : undefined,
    endTime: e ? e.toISOString() : undefined,
  };
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);
const time = (iso: string) => formatDateTime(iso, 'YYYY-MM-DD HH:mm:ss.SSS');

export function FramesTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const provider = useSpProvider();
  // A link may give the starting filter (`?serialNum=&start=&end=`, e.g. from an event: src/components/crossLinks.tsx).
  const [params] = useSearchParams();
  const initial = useMemo<Filter>(
    () => ({ ...EMPTY, serialNum: params.get('serialNum') ?? '', start: params.get('start') ?? '', end: params.get('end') ?? '' }),
    [params],
  );
  const [draft, setDraft] = useState<Filter>(initial);
  const [filter, setFilter] = useState<Filter>(initial);
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<ChargerLogFrame | null>(null);
  const [exporting, setExporting] = useState(false);
  const draftError = rangeTextError(draft.start, draft.end);
  const query = useMemo(() => ({ ...queryOf(filter), size: PAGE, cursor: cursors[cursors.length - 1] }), [filter, cursors]);
  const { data, isPending, isFetching, error, refetch } = useApi<ChargerLogFramePage>('charger-log/frames', query, { placeholderData: (prev) => prev });

  const apply = (next: Filter) => {
    if (rangeTextError(next.start, next.end)) return;
    setFilter(next);
    setCursors([]);
  };
  const edit = (patch: Partial<Filter>, now = false) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (now) apply(next);
  };
  const errorText = (field: 'startTime' | 'endTime') =>
    draftError?.field === field ? translate(draftError.kind === 'format' ? `${P}.bad_time` : `${P}.bad_range`) : undefined;

  const exportExcel = async () => {
    setExporting(true);
    try {
      const rows: ChargerLogFrame[] = [];
      let cursor: string | undefined;
      do {
        const page: ChargerLogFramePage = await provider.fetchData<ChargerLogFramePage>('charger-log/frames', { ...queryOf(filter), size: 500, cursor });
        rows.push(...page.records);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && rows.length < EXPORT_MAX);
      const f = (k: string) => translate(`${P}.fields.${k}`);
      await downloadXlsx(
        `charger-log-${formatDateTime(Date.now(), 'YYYYMMDD-HHmmss')}`,
        translate('menu.chargerLog'),
        [
          f('time'),
          f('serialNum'),
          f('direction'),
          f('messageType'),
          f('action'),
          f('messageId'),
          f('payload'),
          f('pairType'),
          f('pairTime'),
          f('pairPayload'),
        ],
        rows
          .slice(0, EXPORT_MAX)
          .map((r) => [
            time(r.createTimeStamp),
            r.serialNum,
            r.direction,
            r.messageType ?? '',
            r.action,
            r.messageId ?? '',
            JSON.stringify(r.payload ?? null),
            r.pair?.messageType ?? '',
            r.pair ? time(r.pair.createTimeStamp) : '',
            r.pair ? JSON.stringify(r.pair.payload ?? null) : '',
          ]),
      );
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const records = data?.records ?? [];
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', pb: '16px !important' }} data-testid="log-filters">
          <ChargerPicker freeSolo value={draft.serialNum} onChange={(serialNum) => edit({ serialNum }, true)} testId="log-filter-charger" />
          <Autocomplete<string, false, false, true>
            freeSolo
            options={[...OCPP_ACTIONS]}
            value={draft.action || null}
            onChange={(_e, v) => edit({ action: (v ?? '').trim() }, true)}
            onBlur={(e) => {
              const v = (e.target as HTMLInputElement).value.trim();
              if (v !== draft.action) edit({ action: v }, true);
            }}
            sx={{ width: 220 }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={translate(`${P}.fields.action`)}
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'log-filter-action' } }}
              />
            )}
          />
          <TextField
            select
            size="small"
            label={translate(`${P}.fields.direction`)}
            value={draft.direction}
            sx={{ width: 150 }}
            onChange={(e) => edit({ direction: e.target.value as Filter['direction'] }, true)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'log-filter-direction' } as object } }}
          >
            <MenuItem value="">{translate(`${P}.all`)}</MenuItem>
            <MenuItem value="IN">{translate(`${P}.directions.IN`)}</MenuItem>
            <MenuItem value="OUT">{translate(`${P}.directions.OUT`)}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={translate(`${P}.from`)}
            placeholder="YYYY-MM-DD HH:mm"
            value={draft.start}
            sx={{ width: 190 }}
            onChange={(e) => edit({ start: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply(draft);
            }}
            error={!!errorText('startTime')}
            helperText={errorText('startTime')}
            slotProps={{ htmlInput: { 'data-testid': 'log-filter-start' } }}
          />
          <TextField
            size="small"
            label={translate(`${P}.to`)}
            placeholder="YYYY-MM-DD HH:mm"
            value={draft.end}
            sx={{ width: 190 }}
            onChange={(e) => edit({ end: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply(draft);
            }}
            error={!!errorText('endTime')}
            helperText={errorText('endTime')}
            slotProps={{ htmlInput: { 'data-testid': 'log-filter-end' } }}
          />
          <Button variant="contained" onClick={() => apply(draft)} disabled={!!draftError} data-testid="log-apply" sx={{ height: 40 }}>
            {translate(`${P}.apply`)}
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY);
              apply(EMPTY);
            }}
            sx={{ height: 40 }}
          >
            {translate(`${P}.reset`)}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />}
            onClick={() => void exportExcel()}
            disabled={exporting || !records.length}
            sx={{ height: 40 }}
            data-testid="log-export"
          >
            {translate(`${P}.export`)}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <QueryStates
          data={data}
          error={error}
          isPending={isPending}
          isFetching={isFetching}
          empty={!records.length}
          emptyMessage={`${P}.empty`}
          onRetry={() => void refetch()}
        >
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="log-table">
              <TableHead>
                <TableRow>
                  {['time', 'serialNum', 'direction', 'messageType', 'action', 'messageId', 'pair'].map((k) => (
                    <TableCell key={k} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {translate(`${P}.fields.${k}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {records.map((r) => (
                  <TableRow
                    key={r.id}
                    hover
                    onClick={() => setOpen(r)}
                    sx={{ cursor: 'pointer' }}
                    data-testid="log-row"
                    data-action={r.action}
                    data-direction={r.direction}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: 12 }}>{time(r.createTimeStamp)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.serialNum}</TableCell>
                    <TableCell>
                      <DirectionChip direction={r.direction} />
                    </TableCell>
                    <TableCell>{r.messageType}</TableCell>
                    <TableCell>{r.action}</TableCell>
                    <TableCell
                      sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {r.messageId}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <PairSummary frame={r} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </QueryStates>
        <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary" data-testid="log-page">
            {translate(`${P}.page`, { page: cursors.length + 1 })}
          </Typography>
          <Button size="small" disabled={!cursors.length} onClick={() => setCursors([])}>
            {translate(`${P}.newest`)}
          </Button>
          <Button size="small" disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))} data-testid="log-newer">
            {translate(`${P}.newer`)}
          </Button>
          <Button
            size="small"
            disabled={!data?.nextCursor}
            onClick={() => {
              if (data?.nextCursor) setCursors((c) => [...c, data.nextCursor as string]);
            }}
            data-testid="log-older"
          >
            {translate(`${P}.older`)}
          </Button>
        </Stack>
      </Card>
      <Drawer anchor="right" open={!!open} onClose={() => setOpen(null)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } } } }}>
        {open && <FrameDetail frame={open} onClose={() => setOpen(null)} />}
      </Drawer>
    </Stack>
  );
}

function DirectionChip({ direction }: { direction: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={direction === 'IN' ? 'primary' : 'secondary'}
      label={translate(`${P}.directions.${direction === 'IN' ? 'IN' : 'OUT'}`)}
      sx={{ height: 22 }}
    />
  );
}

/** "CALLRESULT · 120 ms" for a call, "answers 12:00:01" for an answer, "no answer" when unpaired. */
function PairSummary({ frame }: { frame: ChargerLogFrame }) {
  const translate = useTranslate();
  if (frame.messageType !== 'CALL' && frame.messageType !== 'CALLRESULT' && frame.messageType !== 'CALLERROR') return null;
  if (!frame.pair)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(frame.messageType === 'CALL' ? `${P}.no_answer` : `${P}.no_call`)}
      </Typography>
    );
  if (frame.messageType === 'CALL') {
    const ms = Date.parse(frame.pair.createTimeStamp) - Date.parse(frame.createTimeStamp);
    return (
      <Typography
        variant="body2"
        color={frame.pair.messageType === 'CALLERROR' ? 'error' : undefined}
      >{`${frame.pair.messageType ?? ''} · ${ms} ms`}</Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(`${P}.answers`, { time: formatDateTime(frame.pair.createTimeStamp, 'HH:mm:ss.SSS') })}
    </Typography>
  );
}

function FrameDetail({ frame, onClose }: { frame: ChargerLogFrame; onClose: () => void }) {
  const translate = useTranslate();
  const pairTitle = frame.messageType === 'CALL' ? `${P}.answer` : `${P}.call`;
  return (
    <Box sx={{ p: 2 }} data-testid="log-detail">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>{`${frame.action} · ${frame.messageType ?? ''}`}</Typography>
        <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {`${frame.serialNum} · ${translate(`${P}.directions.${frame.direction === 'IN' ? 'IN' : 'OUT'}`)} · ${time(frame.createTimeStamp)} · ${frame.messageId ?? ''}`}
      </Typography>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate(`${P}.fields.payload`)}
      </Typography>
      <Json value={frame.payload} testId="log-detail-payload" />
      {(frame.messageType === 'CALL' || frame.messageType === 'CALLRESULT' || frame.messageType === 'CALLERROR') && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {frame.pair ? `${translate(pairTitle)} · ${frame.pair.messageType ?? ''} · ${time(frame.pair.createTimeStamp)}` : translate(pairTitle)}
          </Typography>
          {frame.pair ? (
            <Json value={frame.pair.payload} testId="log-detail-pair" />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate(frame.messageType === 'CALL' ? `${P}.no_answer` : `${P}.no_call`)}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

function Json({ value, testId }: { value: unknown; testId: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, fontSize: 12, overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, mt: 0.5 }}
    >
      {pretty(value ?? null)}
    </Box>
  );
}
