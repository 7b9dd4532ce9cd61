/**
 * Charger monitoring (`#/Monitoring/ChargerMonitoring`, requirements §2): chips with the count per
 * dashboard state (clickable filters), then the charger grid (online dot, connector states,
 * station, firmware, last seen), refreshed live from the event stream. The chips' counts come in
 * the same answer as the rows (`split=true`), so every live figure of the page has one source.
 */
import { useMemo } from 'react';
import {
  DatagridBody,
  DatagridRow,
  TopToolbar,
  FunctionField,
  List,
  Pagination,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  TextField,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { DASHBOARD_SPLIT, type DashboardState } from '../../domain/enums';
import { EmptyState, ErrorState } from '../../src/components/common';
import { ColumnsButton, ConfigurableGrid } from '../../src/components/ConfigurableGrid';
import { useLiveEvents } from '../../src/hooks/useLiveEvents';
import { STATE_COLORS } from '../../src/theme';
import { CompanyFilterInput, ROWS_PER_PAGE, StationFilterInput } from '../../src/components/filterInputs';
import { ConnectorsField, LastSeenField, OnlineField, StateField } from './chargerFields';
import { ChargerCommands } from '../../src/components/commands/ChargerCommands';
import type { ChargerRecord } from '../../domain/entities/charger';

/** The grid's filters (requirements §2: search, company, station, online). */
function useChargerFilters() {
  const translate = useTranslate();
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
      <StationFilterInput key="stationId" source="stationId" alwaysOn />,
      <SelectInput
        key="online"
        source="online"
        alwaysOn
        choices={[
          { id: 'true', name: translate('app.monitoring.online') },
          { id: 'false', name: translate('app.monitoring.offline') },
        ]}
      />,
    ],
    [translate],
  );
}

/** The count per state of the grid's chargers: `split` of the same answer as the rows. */
function StateChips() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters, meta } = useListContext();
  const split = (meta as { split?: Record<DashboardState, number> } | undefined)?.split;
  const data = split ? { split } : undefined;
  const current = filterValues.dashboardState as string | undefined;
  const select = (state?: string) => {
    const next = { ...filterValues };
    if (state) next.dashboardState = state;
    else delete next.dashboardState;
    setFilters(next, displayedFilters);
  };
  const total = data ? DASHBOARD_SPLIT.reduce((a, s) => a + (data.split?.[s] ?? 0), 0) : undefined;
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ px: 2, pt: 2 }} data-testid="state-chips">
      <Chip
        label={`${translate('app.monitoring.all')}${total !== undefined ? ` · ${total}` : ''}`}
        color={!current ? 'primary' : 'default'}
        variant={!current ? 'filled' : 'outlined'}
        onClick={() => select(undefined)}
        data-testid="state-all"
      />
      {DASHBOARD_SPLIT.map((s) => (
        <Chip
          key={s}
          data-testid={`state-${s}`}
          label={`${translate(`app.dashboard.split.${s}`)}${data ? ` · ${data.split?.[s] ?? 0}` : ''}`}
          onClick={() => select(current === s ? undefined : s)}
          variant={current === s ? 'filled' : 'outlined'}
          sx={
            current === s
              ? { bgcolor: STATE_COLORS[s], color: '#fff', '&:hover': { bgcolor: STATE_COLORS[s] } }
              : { borderColor: STATE_COLORS[s], color: STATE_COLORS[s] }
          }
        />
      ))}
    </Stack>
  );
}

function LiveRefresh() {
  const { refetch } = useListContext();
  useLiveEvents(() => void refetch());
  return null;
}

const row = <DatagridRow {...{ 'data-testid': 'charger-row' }} />;

function ChargerGrid() {
  const translate = useTranslate();
  const filters = useChargerFilters();
  return (
    <List
      resource="charger"
      filters={filters}
      sort={{ field: 'online', order: 'DESC' }}
      queryOptions={{ meta: { query: { split: true } } }}
      perPage={20}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.chargerMonitoring')}
      empty={<EmptyState />}
      error={<ErrorState />}
      disableSyncWithLocation={false}
      actions={
        <TopToolbar>
          <ColumnsButton resource="charger-monitoring" />
        </TopToolbar>
      }
    >
      <StateChips />
      <LiveRefresh />
      {/* Columns are the user's choice; by default the operator and rated power are left out so Firmware and Last seen fit 1440 px. */}
      <ConfigurableGrid
        resource="charger-monitoring"
        omit={['companyName', 'ratedPowerKw']}
        bulkActionButtons={false}
        body={<DatagridBody row={row} />}
        empty={<EmptyState />}
        rowClick={false}
        sx={{ '& td': { whiteSpace: 'nowrap' }, '& td.column-stationName': { whiteSpace: 'normal', minWidth: 120 } }}
      >
        <OnlineField source="online" label="resources.charger.fields.online" />
        <FunctionField<ChargerRecord> label="app.commands.menu" sortable={false} render={(r) => <ChargerCommands record={r} />} />
        <TextField source="serialNum" sx={{ fontFamily: 'monospace' }} />
        <StateField source="dashboardState" />
        <ConnectorsField source="connectors" sortable={false} />
        <TextField source="stationName" emptyText="—" />
        <TextField source="companyName" emptyText="—" />
        <FunctionField<ChargerRecord> source="ratedPowerKw" render={(r) => (r.ratedPowerKw ? `${r.ratedPowerKw} kW` : '—')} />
        <TextField source="firmwareVersion" emptyText="—" />
        <LastSeenField source="lastSeenAt" />
      </ConfigurableGrid>
    </List>
  );
}

export default function ChargerMonitoring() {
  return (
    <ResourceContextProvider value="charger">
      <ChargerGrid />
    </ResourceContextProvider>
  );
}
