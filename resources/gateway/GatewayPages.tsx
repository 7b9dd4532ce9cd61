/**
 * Gateways (API `gateway`, spec §3 "Gateway"), the gateways tab of the station profile page
 * (`#/Stations/StationProfile/gateways`): list (company, station, life status, online, SN;
 * Excel export), create / edit (SN unique → 304, station, life status, firmware; validated with
 * domain/schemas/gateway.ts), and the show view with the gateway's chargers and live state.
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  Button, Create, CreateButton, Datagrid, DeleteWithConfirmButton, Edit, EditButton, ExportButton, FilterButton,
  FunctionField, List, Loading, Pagination, SaveButton, SearchInput, SelectArrayInput, SelectInput, SimpleForm, TextField,
  TextInput, Toolbar, TopToolbar, useGetList, useGetOne, useRecordContext, useTranslate,
} from 'react-admin';
import {
  Box, Card, CardContent, CardHeader, Link, Table, TableBody, TableCell, TableHead, TableRow,
} from '@mui/material';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { LIFE_STATUSES } from '../../domain/enums';
import { GATEWAY_EMPTY_CODES, gatewayInput } from '../../domain/schemas/gateway';
import { EmptyState, ErrorState, RelativeTime } from '../../src/components/common';
import { useLiveEvents } from '../../src/hooks/useLiveEvents';
import { CompanyFilterInput, ROWS_PER_PAGE, StationFilterInput } from '../shared/filterInputs';
import { OnlineDot, RunStatusChip, useSchemaValidate } from '../station/common';
import { exportXlsx } from '../station/exportXlsx';
import { CHARGERS_PATH, GATEWAYS_PATH, STATION_PROFILE_PATH, upgradePath } from '../station/paths';

/** The gateway record of `GET /sp/gateway` (the detail adds its chargers). */
export interface GatewayRecord {
  id: number;
  serialNum: string;
  companyCode: string;
  companyName: string | null;
  stationId: number | null;
  stationName: string | null;
  lifeStatus: string;
  firmwareVersion: string | null;
  online: boolean;
  lastSeenAt: string | null;
  chargerCount: number;
  createdAt: string | null;
  chargers?: { id: number; serialNum: string; online: boolean; runStatus: string | null; lifeStatus: string; firmwareVersion: string | null }[];
}

const lifeChoices = LIFE_STATUSES.map((s) => ({ id: s, name: `resources.charger.values.lifeStatus.${s}` }));

function useGatewayExporter() {
  const translate = useTranslate();
  return useMemo(() => {
    const f = (k: string) => translate(`resources.gateway.fields.${k}`);
    return (records: GatewayRecord[]) => exportXlsx(records, [
      { header: f('serialNum'), value: (r) => r.serialNum },
      { header: f('companyName'), value: (r) => r.companyName },
      { header: f('stationName'), value: (r) => r.stationName },
      { header: f('lifeStatus'), value: (r) => translate(`resources.charger.values.lifeStatus.${r.lifeStatus}`, { _: r.lifeStatus }) },
      { header: f('online'), value: (r) => translate(`resources.charger.values.online.${r.online}`) },
      { header: f('firmwareVersion'), value: (r) => r.firmwareVersion },
      { header: f('chargerCount'), value: (r) => r.chargerCount },
    ], 'gateways');
  }, [translate]);
}

export function GatewayList() {
  const translate = useTranslate();
  const exporter = useGatewayExporter();
  const filters = useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn />,
    <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
    <StationFilterInput key="stationId" source="stationId" label="resources.gateway.fields.stationName" alwaysOn />,
    <SelectArrayInput key="lifeStatus" source="lifeStatus" sx={{ minWidth: 160 }} choices={lifeChoices} />,
    <SelectInput key="online" source="online" choices={[{ id: 'true', name: 'resources.charger.values.online.true' }, { id: 'false', name: 'resources.charger.values.online.false' }]} />,
  ], []);
  return (
    <List
      resource="gateway"
      filters={filters}
      sort={{ field: 'serialNum', order: 'ASC' }}
      perPage={20}
      exporter={exporter}
      actions={<TopToolbar><FilterButton /><CreateButton to={`${GATEWAYS_PATH}/create`} data-testid="gateway-create" /><ExportButton data-testid="gateway-export" /></TopToolbar>}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.stationProfile')}
      empty={false}
      error={<ErrorState />}
      storeKey="station-profile.gateways"
    >
      <Datagrid bulkActionButtons={false} rowClick={(id) => `${GATEWAYS_PATH}/${id}/show`} empty={<EmptyState />} data-testid="gateways-grid" sx={{ '& td': { whiteSpace: 'nowrap' } }}>
        <FunctionField<GatewayRecord> source="online" render={(r) => <OnlineDot online={r.online} />} />
        <TextField source="serialNum" sx={{ fontFamily: 'monospace' }} />
        <TextField source="stationName" emptyText="—" />
        <TextField source="companyName" emptyText="—" sortable={false} />
        <FunctionField<GatewayRecord> source="lifeStatus" render={(r) => translate(`resources.charger.values.lifeStatus.${r.lifeStatus}`, { _: r.lifeStatus })} />
        <TextField source="firmwareVersion" emptyText="—" />
        <TextField source="chargerCount" textAlign="right" />
        <FunctionField<GatewayRecord> source="lastSeenAt" sortable={false} render={(r) => <RelativeTime value={r.lastSeenAt} />} />
      </Datagrid>
    </List>
  );
}

function StationSelect() {
  const { data } = useGetList('station', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' }, filter: {} }, { staleTime: 30_000 });
  const choices = (data ?? []).map((s) => ({ id: s.id, name: s.companyName ? `${s.name} · ${s.companyName}` : String(s.name) }));
  return <SelectInput source="stationId" choices={choices} isRequired data-testid="gateway-station" />;
}

function GatewayForm({ edit }: { edit?: boolean }) {
  const record = useRecordContext();
  const validate = useSchemaValidate(gatewayInput, GATEWAY_EMPTY_CODES);
  const toolbar = (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton data-testid="gateway-save" />
      {edit && <DeleteWithConfirmButton mutationMode="pessimistic" redirect={GATEWAYS_PATH} confirmTitle="app.assets.confirm_delete_title" confirmContent="resources.gateway.confirm_delete" translateOptions={{ name: record?.serialNum }} data-testid="gateway-delete" />}
    </Toolbar>
  );
  return (
    <SimpleForm validate={validate} toolbar={toolbar} defaultValues={{ lifeStatus: 'ACTIVE' }} data-testid="gateway-form">
      <TextInput source="serialNum" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'gateway-sn', style: { fontFamily: 'monospace' } } }} helperText="resources.gateway.helpers.serialNum" />
      <StationSelect />
      <SelectInput source="lifeStatus" choices={lifeChoices} isRequired />
      <TextInput source="firmwareVersion" helperText="resources.gateway.helpers.firmwareVersion" />
    </SimpleForm>
  );
}

export function GatewayCreate() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const stationId = Number(params.get('stationId')) || undefined;
  return (
    <Create resource="gateway" record={stationId ? { stationId } : undefined} redirect={(_r, id) => `${GATEWAYS_PATH}/${id}/show`} title={translate('resources.gateway.create_title')}>
      <GatewayForm />
    </Create>
  );
}

export function GatewayEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <Edit resource="gateway" id={id} mutationMode="pessimistic" redirect={() => `${GATEWAYS_PATH}/${id}/show`} title={translate('resources.gateway.edit_title')} actions={false}>
      <GatewayForm edit />
    </Edit>
  );
}

export function GatewayShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetOne<GatewayRecord>('gateway', { id: Number(id) }, { enabled: Boolean(id) });
  useLiveEvents(() => { void refetch(); }, { events: ['charger'] });
  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error as Error} onRetry={() => refetch()} />;
  const chargers = data.chargers ?? [];
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="gateway-show">
      <Card>
        <CardHeader
          title={<Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><OnlineDot online={data.online} /><span style={{ fontFamily: 'monospace' }}>{data.serialNum}</span></Box>}
          subheader={<>
            {data.stationId ? <Link component={RouterLink} to={`${STATION_PROFILE_PATH}/${data.stationId}/show`}>{data.stationName}</Link> : '—'}
            {' · '}{translate(`resources.charger.values.lifeStatus.${data.lifeStatus}`, { _: data.lifeStatus })}
            {' · '}{translate('resources.gateway.fields.firmwareVersion')}: {data.firmwareVersion ?? '—'}
            {' · '}<RelativeTime value={data.lastSeenAt} />
          </>}
          action={<Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={RouterLink} to={upgradePath(data.serialNum)} label="resources.station.upgrade.open" data-testid="gateway-upgrade-link"><SystemUpdateAltIcon /></Button>
            <EditButton resource="gateway" record={data} to={`${GATEWAYS_PATH}/${data.id}`} data-testid="gateway-edit" />
          </Box>}
        />
        <CardContent sx={{ overflowX: 'auto' }}>
          {chargers.length === 0 ? <EmptyState message="resources.gateway.no_chargers" /> : (
            <Table size="small" data-testid="gateway-chargers">
              <TableHead><TableRow>
                <TableCell>{translate('resources.charger.fields.online')}</TableCell>
                <TableCell>{translate('resources.charger.fields.serialNum')}</TableCell>
                <TableCell>{translate('resources.charger.fields.runStatus')}</TableCell>
                <TableCell>{translate('resources.charger.fields.lifeStatus')}</TableCell>
                <TableCell>{translate('resources.charger.fields.firmwareVersion')}</TableCell>
              </TableRow></TableHead>
              <TableBody>
                {chargers.map((c) => (
                  <TableRow key={c.id} hover data-testid="gateway-charger-row">
                    <TableCell><OnlineDot online={c.online} /></TableCell>
                    <TableCell><Link component={RouterLink} to={`${CHARGERS_PATH}/${c.id}/show`} sx={{ fontFamily: 'monospace' }}>{c.serialNum}</Link></TableCell>
                    <TableCell><RunStatusChip status={c.runStatus} online={c.online} /></TableCell>
                    <TableCell>{translate(`resources.charger.values.lifeStatus.${c.lifeStatus}`, { _: c.lifeStatus })}</TableCell>
                    <TableCell>{c.firmwareVersion ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
