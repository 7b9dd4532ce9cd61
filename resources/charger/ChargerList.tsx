/**
 * The chargers tab of the station profile page (`#/Stations/StationProfile/chargers`): the
 * registered chargers with live state, paged and sorted on the server, filtered by company,
 * station, online and SN, exported to Excel with the current filter. Rows open the charger.
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
  SelectInput,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { EmptyState, ErrorState, RelativeTime } from '../../src/components/common';
import { CompanyFilterInput, ROWS_PER_PAGE, StationFilterInput } from '../../src/components/filterInputs';
import { OnlineDot, RunStatusChip } from '../../src/components/device';
import { exportXlsx } from '../../src/utils/spreadsheet';
import type { ChargerRecord } from '../../domain/entities/charger';
import { STATION_PROFILE_TABS } from '../../domain/routes';

function useChargerExporter() {
  const translate = useTranslate();
  return useMemo(() => {
    const f = (k: string) => translate(`resources.charger.fields.${k}`);
    return (records: ChargerRecord[]) =>
      exportXlsx(
        records,
        [
          { header: f('serialNum'), value: (r) => r.serialNum },
          { header: f('companyName'), value: (r) => r.companyName },
          { header: f('stationName'), value: (r) => r.stationName },
          { header: f('chargerStationCode'), value: (r) => r.chargerStationCode },
          { header: f('equipmentNumber'), value: (r) => r.equipmentNumber },
          { header: f('type'), value: (r) => r.type },
          { header: f('phase'), value: (r) => (r.phase ? translate(`resources.charger.values.phase.${r.phase}`, { _: r.phase }) : '') },
          {
            header: f('lifeStatus'),
            value: (r) => (r.lifeStatus ? translate(`resources.charger.values.lifeStatus.${r.lifeStatus}`, { _: r.lifeStatus }) : ''),
          },
          { header: f('online'), value: (r) => translate(`resources.charger.values.online.${r.online}`) },
          { header: f('runStatus'), value: (r) => (r.runStatus ? translate(`resources.charger.values.runStatus.${r.runStatus}`, { _: r.runStatus }) : '') },
          { header: f('firmwareVersion'), value: (r) => r.firmwareVersion },
          { header: f('gatewaySn'), value: (r) => r.gatewaySn },
          { header: f('installationDate'), value: (r) => r.installationDate },
          { header: f('warrantyYears'), value: (r) => translate(`resources.charger.values.warrantyYears.${r.warrantyYears ?? 0}`) },
        ],
        'chargers',
      );
  }, [translate]);
}

export function ChargerList() {
  const translate = useTranslate();
  const exporter = useChargerExporter();
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
      <StationFilterInput key="stationId" source="stationId" label="resources.charger.fields.stationName" alwaysOn />,
      <SelectInput
        key="online"
        source="online"
        alwaysOn
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
      resource="charger"
      filters={filters}
      sort={{ field: 'serialNum', order: 'ASC' }}
      perPage={20}
      exporter={exporter}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton to={`${STATION_PROFILE_TABS.chargers}/create`} data-testid="charger-create" />
          <ExportButton data-testid="charger-export" />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.stationProfile')}
      empty={false}
      error={<ErrorState />}
      storeKey="station-profile.chargers"
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${STATION_PROFILE_TABS.chargers}/${id}/show`}
        empty={<EmptyState />}
        data-testid="chargers-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' } }}
      >
        <FunctionField<ChargerRecord> source="online" render={(r) => <OnlineDot online={r.online} />} />
        <TextField source="serialNum" sx={{ fontFamily: 'monospace' }} />
        <TextField source="stationName" emptyText="—" sortable={false} />
        <TextField source="companyName" emptyText="—" sortable={false} />
        <TextField source="type" sortable={false} />
        <FunctionField<ChargerRecord>
          source="lifeStatus"
          sortable={false}
          render={(r) => translate(`resources.charger.values.lifeStatus.${r.lifeStatus}`, { _: r.lifeStatus ?? '' })}
        />
        <FunctionField<ChargerRecord>
          source="runStatus"
          sortable={false}
          render={(r) => <RunStatusChip status={r.runStatus} online={r.online} state={r.dashboardState} lastSeenAt={r.lastSeenAt} />}
        />
        <TextField source="firmwareVersion" emptyText="—" sortable={false} />
        <TextField source="gatewaySn" emptyText="—" sortable={false} />
        <FunctionField<ChargerRecord> source="lastSeenAt" render={(r) => <RelativeTime value={r.lastSeenAt} />} />
      </Datagrid>
    </List>
  );
}
