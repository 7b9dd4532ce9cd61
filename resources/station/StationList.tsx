/**
 * The station list (`#/Stations/StationProfile`, first tab): paged and sorted on the server,
 * filtered by company, group, status and a search over name / code / city, exported to Excel
 * with the current filter. Rows open the station's show view.
 */
import { useMemo } from 'react';
import {
  CreateButton,
  Datagrid,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useGetList,
  useListContext,
  useLocaleState,
  useTranslate,
  type SelectInputProps,
} from 'react-admin';
import { countryName } from '../../domain/countries';
import { STATION_STATUSES, type StationRecord } from '../../domain/entities/station';
import { ColorChip, EmptyState, ErrorState } from '../../src/components/common';
import { STATE_COLORS } from '../../src/theme';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { exportXlsx } from '../../src/utils/spreadsheet';
import { STATION_PROFILE_TABS } from '../../domain/routes';

/** Groups of the filtered company. */
function GroupFilterInput(props: SelectInputProps) {
  const { filterValues } = useListContext();
  const companyCode = filterValues.companyCode as string | undefined;
  const { data } = useGetList(
    'station-group',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: companyCode ? { companyCode } : {} },
    { retry: false, staleTime: 60_000 },
  );
  return <SelectInput {...props} choices={(data ?? []).map((g) => ({ id: g.id, name: String(g.name) }))} />;
}

const STATUS_COLORS: Record<string, string> = { ACTIVE: STATE_COLORS.available, INACTIVE: STATE_COLORS.offline, MAINTENANCE: STATE_COLORS.occupied };

/** The station status as a coloured chip. */
export function StationStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <ColorChip
      testId="station-status"
      label={translate(`resources.station.values.status.${status}`, { _: status })}
      color={STATUS_COLORS[status] ?? STATE_COLORS.offline}
    />
  );
}

function useStationExporter() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(() => {
    const f = (k: string) => translate(`resources.station.fields.${k}`);
    const v = (k: string, val: string | null) => (val ? translate(`resources.station.values.${k}.${val}`, { _: val }) : '');
    return (records: StationRecord[]) =>
      exportXlsx(
        records,
        [
          { header: f('name'), value: (r) => r.name },
          { header: f('stationCode'), value: (r) => r.stationCode },
          { header: f('companyName'), value: (r) => r.companyName },
          { header: f('groupName'), value: (r) => r.groupName },
          { header: f('status'), value: (r) => v('status', r.status) },
          { header: f('visibility'), value: (r) => v('visibility', r.visibility) },
          { header: f('locationType'), value: (r) => v('locationType', r.locationType) },
          { header: f('maintainer'), value: (r) => r.maintainer },
          { header: f('maintainerMobile'), value: (r) => r.maintainerMobile },
          { header: f('customerCompany'), value: (r) => r.customerCompany },
          { header: f('customerName'), value: (r) => r.customerName },
          { header: f('contactEmail'), value: (r) => r.contactEmail },
          { header: f('customerMobile'), value: (r) => r.customerMobile },
          { header: f('address'), value: (r) => r.address },
          { header: f('houseNumber'), value: (r) => r.houseNumber },
          { header: f('city'), value: (r) => r.city },
          { header: f('zip'), value: (r) => r.zip },
          { header: f('country'), value: (r) => countryName(r.country, locale === 'zh' ? 'zh' : 'en') },
          { header: f('latitude'), value: (r) => r.latitude },
          { header: f('longitude'), value: (r) => r.longitude },
          { header: f('pricingModel'), value: (r) => (r.pricingModel ? translate(`resources.rate-template.values.type.${r.pricingModel}`) : '') },
          { header: f('rateTemplateName'), value: (r) => r.rateTemplateName },
          { header: f('chargerCount'), value: (r) => r.chargerCount },
        ],
        'stations',
      );
  }, [translate, locale]);
}

export function StationList() {
  const translate = useTranslate();
  const exporter = useStationExporter();
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
      <GroupFilterInput key="groupId" source="groupId" label="resources.station.fields.groupId" alwaysOn />,
      <SelectArrayInput
        key="status"
        source="status"
        alwaysOn
        sx={{ minWidth: 160 }}
        choices={STATION_STATUSES.map((s) => ({ id: s, name: `resources.station.values.status.${s}` }))}
      />,
    ],
    [],
  );
  return (
    <List
      resource="station"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      exporter={exporter}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton to={`${STATION_PROFILE_TABS.stations}/create`} data-testid="station-create" />
          <ExportButton data-testid="station-export" />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.stationProfile')}
      empty={false}
      error={<ErrorState />}
      disableSyncWithLocation={false}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${STATION_PROFILE_TABS.stations}/${id}/show`}
        empty={<EmptyState />}
        data-testid="stations-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' } }}
      >
        <TextField source="name" />
        <TextField source="stationCode" emptyText="—" />
        <TextField source="companyName" sortBy="companyCode" emptyText="—" />
        <TextField source="groupName" sortable={false} emptyText="—" />
        <FunctionField<StationRecord> source="status" render={(r) => <StationStatusChip status={r.status} />} />
        <TextField source="city" emptyText="—" />
        <FunctionField<StationRecord>
          source="pricingModel"
          sortable={false}
          render={(r) => (r.pricingModel ? translate(`resources.rate-template.values.type.${r.pricingModel}`) : '—')}
        />
        <TextField source="rateTemplateName" sortable={false} emptyText="—" />
        <TextField source="chargerCount" textAlign="right" />
      </Datagrid>
    </List>
  );
}
