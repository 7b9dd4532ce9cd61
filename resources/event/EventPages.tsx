/**
 * Eventes (`#/Events/Eventes`, API `event`; requirements R2.13, §13): the list of events with the
 * spec's query parameters (`?startTime=&eventStatus=&serialNum=`, eventStatus default HAPPENING),
 * status chips with their counts, filters (station, device type, event type, company, SN), sort,
 * paging, Excel export (server side, the same filter), batch process / ignore after a
 * confirmation, a process dialog (handle method required, 617) and the show page with every time
 * of the lifecycle. Types come from domain/entities/event.ts.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Confirm,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  Loading,
  Pagination,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useGetOne,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { Box, Card, CardContent, CardHeader, Chip, Grid, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturbAlt';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_DEVICE_TYPES, EVENT_STATUSES, EVENT_TYPES, eventTypeLabel, type EventStatus } from '../../domain/events';
import { eventProcess, HANDLE_METHOD_MAX, type EventRecord, type EventStatusCounts } from '../../domain/entities/event';
import type { Lang } from '../../domain/errors';
import { routePath } from '../../domain/routes';
import { EmptyState, ErrorState } from '../../src/components/common';
import { CompanyFilterInput, ROWS_PER_PAGE, StationFilterInput } from '../../src/components/filterInputs';
import { useSpCall } from '../../src/hooks/useApi';
import { formatDateTime } from '../../src/utils/date';
import { DayInput } from '../../src/components/DayField';
import { RequiredTextDialog } from '../../src/components/RequiredTextDialog';
import { VendorCodes } from './VendorCodes';
import { downloadFile } from '../../src/utils/download';
import type { QueryValue } from '../../dataProvider/httpClient';
import { eventInfoText } from '../../domain/event-info';
import { chargerLogPath, CrossLink, stationMonitoringPath } from '../../src/components/crossLinks';

const BASE = routePath('eventList');
const STATUS_COLOR: Record<EventStatus, 'error' | 'success' | 'default' | 'info'> = {
  HAPPENING: 'error',
  PROCESSED: 'success',
  IGNORED: 'default',
  RECOVERED: 'info',
};

function useLang(): Lang {
  const [locale] = useLocaleState();
  return locale === 'zh' ? 'zh' : 'en';
}

/** The event's status as a coloured chip. */
export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status as EventStatus] ?? 'default'}
      label={translate(`resources.event.status.${status}`, { _: status })}
      data-testid="event-status"
    />
  );
}

/** The list's filter as the API's query string. */
function queryOf(filter: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const x of v) q.append(k, String(x));
    else q.set(k, String(v));
  }
  return q.toString();
}

/** Status chips with the filter's counts; a click shows that status. */
function StatusChips() {
  const translate = useTranslate();
  const call = useSpCall();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const rest = { ...filterValues };
  delete rest.eventStatus;
  const query = queryOf(rest);
  const { data } = useQuery({ queryKey: ['sp', 'event/counts', query], queryFn: () => call<EventStatusCounts>('GET', `event/counts?${query}`) });
  const current = (filterValues.eventStatus as string | undefined) ?? 'HAPPENING';
  return (
    <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1, flexWrap: 'wrap', rowGap: 1 }} data-testid="event-status-chips">
      {(['ALL', ...EVENT_STATUSES] as const).map((s) => {
        const n = data ? (s === 'ALL' ? Object.values(data).reduce((a, b) => a + b, 0) : data[s]) : undefined;
        return (
          <Chip
            key={s}
            data-testid={`event-chip-${s}`}
            color={current === s ? 'primary' : 'default'}
            variant={current === s ? 'filled' : 'outlined'}
            label={`${translate(`resources.event.status.${s}`)}${n === undefined ? '' : ` · ${n}`}`}
            onClick={() => setFilters({ ...filterValues, eventStatus: s }, displayedFilters)}
          />
        );
      })}
    </Stack>
  );
}

/** Downloads the server's Excel export of the current filter and sort. */
function ExportEvents() {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile('event/export', { ...(filterValues as Record<string, QueryValue>), sort: sort.field, order: sort.order }, 'events.xlsx');
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.load_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void download()} disabled={busy} data-testid="event-export">
      <DownloadIcon />
    </Button>
  );
}

/** The handle-method dialog of a process (one event or a batch); the handle method is required (617). */
function ProcessDialog({
  open,
  count,
  onClose,
  onSubmit,
}: {
  open: boolean;
  count: number;
  onClose: () => void;
  onSubmit: (handleMethod: string) => Promise<void>;
}) {
  const translate = useTranslate();
  return (
    <RequiredTextDialog
      open={open}
      title={translate('resources.event.process_title', { smart_count: count })}
      label={translate('resources.event.fields.handleMethod')}
      helperText={translate('resources.event.handle_method_help')}
      schema={eventProcess.shape.handleMethod}
      emptyCode={617}
      maxLength={HANDLE_METHOD_MAX}
      minRows={3}
      submitLabel="resources.event.actions.process"
      testIds={{ dialog: 'event-process-dialog', input: 'event-handle-method', submit: 'event-process-confirm' }}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

/** Batch process / ignore of the selected events (ignore asks for a confirmation first). */
function BulkActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const call = useSpCall();
  const queryClient = useQueryClient();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('event');
  const [processing, setProcessing] = useState(false);
  const [ignoring, setIgnoring] = useState(false);
  const run = async (body: Record<string, unknown>) => {
    try {
      const res = await call<{ changed: number[]; skipped: number[] }>('POST', 'event/batch', { ...body, ids: selectedIds });
      notify(translate('resources.event.batch_done', { changed: res.changed.length, skipped: res.skipped.length }), {
        type: res.skipped.length ? 'warning' : 'info',
      });
      unselectAll();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.load_failed', { type: 'error' });
    } finally {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['sp', 'event/counts'] });
      void queryClient.invalidateQueries({ queryKey: ['sp', 'notifications'] });
    }
  };
  return (
    <>
      <Button label="resources.event.actions.process" onClick={() => setProcessing(true)} data-testid="event-bulk-process">
        <CheckCircleIcon />
      </Button>
      <Button label="resources.event.actions.ignore" onClick={() => setIgnoring(true)} data-testid="event-bulk-ignore">
        <DoNotDisturbIcon />
      </Button>
      <ProcessDialog
        open={processing}
        count={selectedIds.length}
        onClose={() => setProcessing(false)}
        onSubmit={async (handleMethod) => {
          await run({ action: 'process', handleMethod });
          setProcessing(false);
        }}
      />
      <Confirm
        isOpen={ignoring}
        title="resources.event.ignore_title"
        content="resources.event.ignore_content"
        translateOptions={{ smart_count: selectedIds.length }}
        onConfirm={async () => {
          await run({ action: 'ignore' });
          setIgnoring(false);
        }}
        onClose={() => setIgnoring(false)}
      />
    </>
  );
}

/**
 * Applies the starting filter once, when the list opens without one: react-admin ignores
 * `filterDefaultValues` here (the location's own query keys), so the list would show the server's
 * default without the spec's `startTime` / `eventStatus` / `serialNum`.
 */
function StartingFilter({ values }: { values: Record<string, unknown> }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done) return;
    setDone(true);
    if (Object.keys(filterValues).length === 0) setFilters(values, displayedFilters);
  }, [done, filterValues, setFilters, displayedFilters, values]);
  return null;
}

/** The spec's query parameters of Eventes (requirements R2.13) as the list's starting filter. */
function useSpecFilter(): Record<string, unknown> {
  const [params] = useSearchParams();
  const out: Record<string, unknown> = { eventStatus: params.get('eventStatus') || 'HAPPENING' };
  const startTime = params.get('startTime');
  const serialNum = params.get('serialNum');
  if (startTime) out.startTime = /^\d{10}$/.test(startTime) ? new Date(Number(startTime) * 1000).toISOString() : startTime;
  if (serialNum) out.serialNum = serialNum;
  return out;
}

export function EventList() {
  const translate = useTranslate();
  const lang = useLang();
  const defaults = useSpecFilter();
  const filters = useMemo(
    () => [
      <TextInput key="serialNum" source="serialNum" alwaysOn resettable />,
      // A day as YYYY-MM-DD in both languages (the browser's date-time input showed mm/dd/yyyy in zh).
      <DayInput key="startTime" source="startTime" alwaysOn />,
      <StationFilterInput key="stationId" source="stationId" label="resources.event.fields.stationName" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" />,
      <SelectInput key="deviceType" source="deviceType" choices={EVENT_DEVICE_TYPES.map((d) => ({ id: d, name: `resources.event.device.${d}` }))} />,
      <SelectArrayInput
        key="eventType"
        source="eventType"
        sx={{ minWidth: 200 }}
        choices={EVENT_TYPES.map((t) => ({ id: t, name: eventTypeLabel(t, lang) }))}
      />,
    ],
    [lang],
  );
  return (
    <List
      resource="event"
      filters={filters}
      filterDefaultValues={defaults}
      storeKey={false}
      sort={{ field: 'occurTime', order: 'DESC' }}
      perPage={20}
      exporter={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <VendorCodes />
          <ExportEvents />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.eventList', { _: translate('resources.event.name', { smart_count: 2 }) })}
      empty={false}
      error={<ErrorState />}
      aside={undefined}
    >
      <StartingFilter values={defaults} />
      <StatusChips />
      <Datagrid
        bulkActionButtons={<BulkActions />}
        rowClick={(id) => `${BASE}/${id}/show`}
        empty={<EmptyState />}
        data-testid="events-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' }, '& td.column-info, & td.column-stationName': { whiteSpace: 'normal', minWidth: 140 } }}
      >
        <FunctionField<EventRecord> source="status" render={(r) => <StatusChip status={r.status} />} />
        <FunctionField<EventRecord> source="occurTime" render={(r) => formatDateTime(r.occurTime)} />
        <TextField source="deviceSn" sx={{ fontFamily: 'monospace' }} />
        <FunctionField<EventRecord> source="deviceType" sortable={false} render={(r) => translate(`resources.event.device.${r.deviceType}`)} />
        <FunctionField<EventRecord>
          source="eventType"
          render={(r) => (
            <Stack direction="row" spacing={1} alignItems="center">
              <Chip
                size="small"
                variant="outlined"
                color={r.eventLevel === 'fault' ? 'error' : r.eventLevel === 'warning' ? 'warning' : 'default'}
                label={translate(`resources.event.level.${r.eventLevel}`)}
              />
              <span>{eventTypeLabel(r.eventType, lang)}</span>
            </Stack>
          )}
        />
        <FunctionField<EventRecord> source="connectorId" sortable={false} render={(r) => (r.connectorId > 0 ? r.connectorId : '—')} />
        <TextField source="stationName" emptyText="—" />
        <TextField source="repeatCount" textAlign="right" />
        <FunctionField<EventRecord> source="info" sortable={false} render={(r) => eventInfoText(r.info, lang) ?? '—'} />
        <TextField source="handler" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Typography>
    </Grid>
  );
}

/** One event with its lifecycle and the process / ignore actions while it is HAPPENING. */
export function EventShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const lang = useLang();
  const notify = useNotify();
  const call = useSpCall();
  const queryClient = useQueryClient();
  const { data: e, isPending, error, refetch } = useGetOne<EventRecord>('event', { id: Number(id) });
  const [processing, setProcessing] = useState(false);
  const [ignoring, setIgnoring] = useState(false);
  if (isPending) return <Loading />;
  if (error || !e) return <ErrorState />;
  const act = async (path: 'process' | 'ignore', body: Record<string, unknown>) => {
    try {
      await call('POST', `event/${e.id}/${path}`, body);
      notify(`resources.event.done.${path}`, { type: 'info' });
    } catch (err) {
      notify(err instanceof Error ? err.message : 'app.error.load_failed', { type: 'error' });
    } finally {
      await refetch();
      void queryClient.invalidateQueries({ queryKey: ['sp', 'notifications'] });
    }
  };
  const f = (k: string) => translate(`resources.event.fields.${k}`);
  return (
    <Box sx={{ mt: 2 }} data-testid="event-show">
      <Card>
        <CardHeader
          title={
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
              <span>{eventTypeLabel(e.eventType, lang)}</span>
              <StatusChip status={e.status} />
            </Stack>
          }
          subheader={`${translate(`resources.event.device.${e.deviceType}`)} ${e.deviceSn}${e.connectorId > 0 ? ` · ${f('connectorId')} ${e.connectorId}` : ''}`}
          action={
            e.status === 'HAPPENING' ? (
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button label="resources.event.actions.process" variant="contained" onClick={() => setProcessing(true)} data-testid="event-process">
                  <CheckCircleIcon />
                </Button>
                <Button label="resources.event.actions.ignore" onClick={() => setIgnoring(true)} data-testid="event-ignore">
                  <DoNotDisturbIcon />
                </Button>
              </Stack>
            ) : undefined
          }
          sx={{ flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center' } }}
        />
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
            <CrossLink to={chargerLogPath(e.deviceSn, e.occurTime)} testId="event-log-link" hideDenied>
              {translate('app.links.charger_log_around')}
            </CrossLink>
          </Stack>
          <Grid container spacing={2}>
            <Field label={f('eventLevel')} value={translate(`resources.event.level.${e.eventLevel}`)} />
            <Field
              label={f('stationName')}
              value={
                e.stationId && e.stationName ? (
                  <CrossLink to={stationMonitoringPath(e.stationId)} testId="event-station-link">
                    {e.stationName}
                  </CrossLink>
                ) : (
                  e.stationName
                )
              }
            />
            <Field label={f('companyName')} value={e.companyName ?? e.companyCode} />
            <Field label={f('errorCode')} value={e.errorCode} />
            <Field label={f('vendorId')} value={e.vendorId} />
            <Field label={f('vendorErrorCode')} value={e.vendorErrorCode} />
            <Field label={f('info')} value={eventInfoText(e.info, lang)} testId="event-info" />
            <Field label={f('repeatCount')} value={e.repeatCount} />
            <Field label={f('occurTime')} value={formatDateTime(e.occurTime)} />
            <Field label={f('lastOccurTime')} value={formatDateTime(e.lastOccurTime)} />
            <Field label={f('processTime')} value={formatDateTime(e.processTime)} testId="event-process-time" />
            <Field label={f('ignoreTime')} value={formatDateTime(e.ignoreTime)} />
            <Field label={f('recoverTime')} value={formatDateTime(e.recoverTime)} />
            <Field label={f('handler')} value={e.handler} testId="event-handler" />
            <Field label={f('handleMethod')} value={e.handleMethod} testId="event-handle-method-value" />
          </Grid>
        </CardContent>
      </Card>
      <ProcessDialog
        open={processing}
        count={1}
        onClose={() => setProcessing(false)}
        onSubmit={async (handleMethod) => {
          await act('process', { handleMethod });
          setProcessing(false);
        }}
      />
      <Confirm
        isOpen={ignoring}
        title="resources.event.ignore_title"
        content="resources.event.ignore_content"
        translateOptions={{ smart_count: 1 }}
        onConfirm={async () => {
          await act('ignore', {});
          setIgnoring(false);
        }}
        onClose={() => setIgnoring(false)}
      />
    </Box>
  );
}
