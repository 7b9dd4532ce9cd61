/**
 * Gateways (API `gateway`, requirements §3 "Gateway"), the gateways tab of the station profile page
 * (`#/Stations/StationProfile/gateways`): list (company, station, life status, online, SN;
 * Excel export), create / edit (SN unique → 304, station, life status, firmware; validated with
 * domain/entities/gateway.ts), and the show view with the gateway's live state (online chip, last
 * seen, firmware, vendor / model from its BootNotification), its chargers and its OCPP password
 * (a gateway connects with its own identity, requirements §12). List and show re-read on the live
 * stream's `charger` and `gateway` events.
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  Button,
  Create,
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  Loading,
  Pagination,
  SaveButton,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetList,
  useGetOne,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Box, Card, CardContent, CardHeader, Grid, Link } from '@mui/material';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { LIFE_STATUSES } from '../../domain/enums';
import type { GatewayDetail } from '../../domain/entities/gateway';

const GATEWAY_EMPTY_CODES = {};
import { gatewayCreate as gatewayInput } from '../../domain/entities/gateway';
import { EmptyState, ErrorState } from '../../src/components/common';
import { useLiveEvents } from '../../src/hooks/useLiveEvents';
import { formatDateTime } from '../../src/utils/date';
import { CompanyFilterInput, ROWS_PER_PAGE, StationFilterInput } from '../../src/components/filterInputs';
import { OcppPasswordCard } from '../../src/components/OcppPasswordCard';
import { ChargerTable } from '../../src/components/ChargerTable';
import { DeviceTitle, LastSeen, OnlineChip, ShowField } from '../../src/components/device';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { exportXlsx } from '../../src/utils/spreadsheet';
import { STATION_PROFILE_TABS, gatewayUpgradePath } from '../../domain/routes';

/**
 * A gateway as the console reads it: the record of `GET /sp/gateway` (the detail adds its
 * chargers). `vendor`, `model` (from its BootNotification) and `hasOcppPassword` are absent on
 * servers that do not report them.
 */
export type GatewayRecord = Omit<GatewayDetail, OptionalKey> & Partial<Pick<GatewayDetail, OptionalKey>>;
type OptionalKey = 'vendor' | 'model' | 'hasOcppPassword' | 'chargers';

/** The live stream's events that change what the gateway pages show. */
export const GATEWAY_LIVE_EVENTS = ['charger', 'gateway'] as const;

/** "Vendor · model" of a gateway, or null when it has reported neither. */
export function vendorModel(r: Pick<GatewayRecord, 'vendor' | 'model'>): string | null {
  return [r.vendor, r.model].filter(Boolean).join(' · ') || null;
}

const lifeChoices = LIFE_STATUSES.map((s) => ({ id: s, name: `resources.charger.values.lifeStatus.${s}` }));

function useGatewayExporter() {
  const translate = useTranslate();
  return useMemo(() => {
    const f = (k: string) => translate(`resources.gateway.fields.${k}`);
    return (records: GatewayRecord[]) =>
      exportXlsx(
        records,
        [
          { header: f('serialNum'), value: (r) => r.serialNum },
          { header: f('companyName'), value: (r) => r.companyName },
          { header: f('stationName'), value: (r) => r.stationName },
          { header: f('lifeStatus'), value: (r) => translate(`resources.charger.values.lifeStatus.${r.lifeStatus}`, { _: r.lifeStatus }) },
          { header: f('online'), value: (r) => translate(`resources.charger.values.online.${r.online}`) },
          { header: f('lastSeenAt'), value: (r) => formatDateTime(r.lastSeenAt) || null },
          { header: f('firmwareVersion'), value: (r) => r.firmwareVersion },
          { header: f('vendor'), value: (r) => r.vendor ?? null },
          { header: f('model'), value: (r) => r.model ?? null },
          { header: f('chargerCount'), value: (r) => r.chargerCount },
        ],
        'gateways',
      );
  }, [translate]);
}

/** Re-reads the list on the live stream's charger and gateway events. */
function LiveListRefresh() {
  const { refetch } = useListContext();
  useLiveEvents(
    () => {
      void refetch();
    },
    { events: GATEWAY_LIVE_EVENTS },
  );
  return null;
}

export function GatewayList() {
  const translate = useTranslate();
  const exporter = useGatewayExporter();
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
      <StationFilterInput key="stationId" source="stationId" label="resources.gateway.fields.stationName" alwaysOn />,
      <SelectArrayInput key="lifeStatus" source="lifeStatus" sx={{ minWidth: 160 }} choices={lifeChoices} />,
      <SelectInput
        key="online"
        source="online"
        choices={[
          { id: 'true', name: 'resources.charger.values.online.true' },
          { id: 'false', name: 'resources.charger.values.online.false' },
        ]}
      />,
    ],
    [],
  );
  return (
    <List
      resource="gateway"
      filters={filters}
      sort={{ field: 'serialNum', order: 'ASC' }}
      perPage={20}
      exporter={exporter}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton to={`${STATION_PROFILE_TABS.gateways}/create`} data-testid="gateway-create" />
          <ExportButton data-testid="gateway-export" />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.stationProfile')}
      empty={false}
      error={<ErrorState />}
      storeKey="station-profile.gateways"
    >
      <LiveListRefresh />
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${STATION_PROFILE_TABS.gateways}/${id}/show`}
        empty={<EmptyState />}
        data-testid="gateways-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' }, '& td.column-stationName, & td.column-companyName, & td.column-vendorModel': { whiteSpace: 'normal' } }}
      >
        <FunctionField<GatewayRecord> source="online" render={(r) => <OnlineChip online={r.online} />} />
        <TextField source="serialNum" sx={{ fontFamily: 'monospace' }} />
        <TextField source="stationName" emptyText="—" />
        <TextField source="companyName" emptyText="—" sortable={false} />
        <FunctionField<GatewayRecord>
          source="lifeStatus"
          render={(r) => translate(`resources.charger.values.lifeStatus.${r.lifeStatus}`, { _: r.lifeStatus })}
        />
        <FunctionField<GatewayRecord> source="lastSeenAt" sortable={false} render={(r) => <LastSeen value={r.lastSeenAt} />} />
        <TextField source="firmwareVersion" emptyText="—" />
        <FunctionField<GatewayRecord> source="vendorModel" sortable={false} render={(r) => vendorModel(r) ?? '—'} />
        <TextField source="chargerCount" textAlign="right" />
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
  const validate = useSchemaValidate(gatewayInput, { required: GATEWAY_EMPTY_CODES });
  const toolbar = (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable data-testid="gateway-save" />
      {edit && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect={STATION_PROFILE_TABS.gateways}
          confirmTitle="app.assets.confirm_delete_title"
          confirmContent="resources.gateway.confirm_delete"
          translateOptions={{ name: record?.serialNum }}
          data-testid="gateway-delete"
        />
      )}
    </Toolbar>
  );
  return (
    <SimpleForm validate={validate} toolbar={toolbar} defaultValues={{ lifeStatus: 'ACTIVE' }} data-testid="gateway-form">
      <TextInput
        source="serialNum"
        isRequired
        sx={{ minWidth: 320 }}
        slotProps={{ htmlInput: { 'data-testid': 'gateway-sn', style: { fontFamily: 'monospace' } } }}
        helperText="resources.gateway.helpers.serialNum"
      />
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
    <Create
      resource="gateway"
      record={stationId ? { stationId } : undefined}
      redirect={(_r, id) => `${STATION_PROFILE_TABS.gateways}/${id}/show`}
      title={translate('resources.gateway.create_title')}
    >
      <GatewayForm />
    </Create>
  );
}

export function GatewayEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <Edit
      resource="gateway"
      id={id}
      mutationMode="pessimistic"
      redirect={() => `${STATION_PROFILE_TABS.gateways}/${id}/show`}
      title={translate('resources.gateway.edit_title')}
      actions={false}
    >
      <GatewayForm edit />
    </Edit>
  );
}

export function GatewayShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetOne<GatewayRecord>('gateway', { id: Number(id) }, { enabled: Boolean(id) });
  useLiveEvents(
    () => {
      void refetch();
    },
    { events: GATEWAY_LIVE_EVENTS },
  );
  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error as Error} onRetry={() => refetch()} />;
  // A record from the list cache comes first, without its chargers.
  const chargers = data.chargers ?? [];
  const f = (k: string) => `resources.gateway.fields.${k}`;
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="gateway-show">
      <Card>
        <CardHeader
          title={<DeviceTitle online={data.online} serialNum={data.serialNum} testId="gateway-show-sn" />}
          subheader={
            data.stationId ? (
              <Link component={RouterLink} to={`${STATION_PROFILE_TABS.stations}/${data.stationId}/show`}>
                {data.stationName}
              </Link>
            ) : (
              data.companyName
            )
          }
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={gatewayUpgradePath(data.serialNum)} label="resources.station.upgrade.open" data-testid="gateway-upgrade-link">
                <SystemUpdateAltIcon />
              </Button>
              <EditButton resource="gateway" record={data} to={`${STATION_PROFILE_TABS.gateways}/${data.id}`} data-testid="gateway-edit" />
            </Box>
          }
        />
        <CardContent>
          <Grid container spacing={2}>
            <ShowField label={f('online')} testId="gateway-online">
              <OnlineChip online={data.online} />
            </ShowField>
            <ShowField label={f('lastSeenAt')} testId="gateway-last-seen">
              <LastSeen value={data.lastSeenAt} inline />
            </ShowField>
            <ShowField label={f('lifeStatus')} testId="gateway-life-status">
              {translate(`resources.charger.values.lifeStatus.${data.lifeStatus}`, { _: data.lifeStatus })}
            </ShowField>
            <ShowField label={f('firmwareVersion')} testId="gateway-firmware">
              {data.firmwareVersion}
            </ShowField>
            <ShowField label={f('vendor')} testId="gateway-vendor">
              {data.vendor}
            </ShowField>
            <ShowField label={f('model')} testId="gateway-model">
              {data.model}
            </ShowField>
            <ShowField label={f('stationName')}>
              {data.stationId ? (
                <Link component={RouterLink} to={`${STATION_PROFILE_TABS.stations}/${data.stationId}/show`}>
                  {data.stationName}
                </Link>
              ) : null}
            </ShowField>
            <ShowField label={f('companyName')}>{data.companyName}</ShowField>
            <ShowField label={f('createdAt')}>{data.createdAt ? formatDateTime(data.createdAt) : null}</ShowField>
          </Grid>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={translate('resources.gateway.chargers_title', { smart_count: data.chargers ? chargers.length : data.chargerCount })} />
        <CardContent sx={{ overflowX: 'auto' }}>
          {chargers.length === 0 ? (
            <EmptyState message="resources.gateway.no_chargers" />
          ) : (
            <ChargerTable
              chargers={chargers}
              columns={['online', 'serialNum', 'dashboardState', 'lifeStatus', 'firmwareVersion']}
              testId="gateway-chargers"
              rowTestId="gateway-charger-row"
            />
          )}
        </CardContent>
      </Card>
      <OcppPasswordCard resource="gateway" id={data.id} serialNum={data.serialNum} hasOcppPassword={data.hasOcppPassword} onChanged={refetch} />
    </Box>
  );
}
