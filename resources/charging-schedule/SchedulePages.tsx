/**
 * Smart charging (`#/HomeStations/SmartCharging`, API `charging-schedule`; requirements §5 "Smart
 * charging", §16 R16.4): the schedules (paged, sorted, searched; name, charger or station, purpose,
 * windows, the chargers' last answer), a new schedule, and one schedule's editor with its step
 * chart, Send / Clear and what the charger will do (GetCompositeSchedule).
 */
import { useMemo } from 'react';
import { Create, CreateButton, Datagrid, FunctionField, List, Pagination, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { routePath } from '../../domain/routes';
import { chargingScheduleFields, type ChargingScheduleRecord } from '../../domain/entities/charging-schedule';
import { bodyOf } from '../../src/forms/body';
import { EmptyState, ErrorState } from '../../src/components/common';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { CommandOutcomeChip } from '../../src/components/smart-charging/CommandOutcomeChip';
import { formatDateTime } from '../../src/utils/date';
import { ScheduleForm } from './ScheduleForm';
import { SchedulePanel } from './SchedulePanel';
import { RouteEdit } from '../../src/components/RouteEdit';

export const SCHEDULES_PATH = routePath('smartCharging');

/** `00:00–06:00 10 A · 18:00–22:00 16 A` */
export function windowsText(r: Pick<ChargingScheduleRecord, 'windows'>): string {
  return r.windows.map((w) => `${w.startTime}–${w.endTime} ${w.limitA} A`).join(' · ');
}

export function ScheduleList() {
  const translate = useTranslate();
  const filters = useMemo(() => [<SearchInput key="q" source="q" alwaysOn />, <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />], []);
  return (
    <List
      resource="charging-schedule"
      filters={filters}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={20}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton to={`${SCHEDULES_PATH}/create`} data-testid="schedule-create" />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.smartCharging')}
      empty={<EmptyState message="resources.charging-schedule.empty" />}
      error={<ErrorState />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${SCHEDULES_PATH}/${id}`}
        empty={<EmptyState message="resources.charging-schedule.empty" />}
        data-testid="schedules-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' }, '& td.column-windows': { whiteSpace: 'normal', minWidth: 200 } }}
      >
        <TextField source="name" />
        <FunctionField<ChargingScheduleRecord>
          source="target"
          sortable={false}
          render={(r) => (
            <span>
              {translate(`resources.charging-schedule.values.target.${r.target}`)}: <b>{r.target === 'CHARGER' ? r.chargerSn : r.stationName}</b>
            </span>
          )}
        />
        <FunctionField<ChargingScheduleRecord>
          source="purpose"
          sortable={false}
          render={(r) => translate(`resources.charging-schedule.values.purpose.${r.purpose}`)}
        />
        <FunctionField<ChargingScheduleRecord>
          source="windows"
          sortable={false}
          render={(r) => `${windowsText(r)} · ${translate('resources.charging-schedule.otherwise', { limit: r.defaultLimitA })}`}
        />
        <FunctionField<ChargingScheduleRecord>
          source="lastSent"
          sortable={false}
          render={(r) => {
            const last = r.lastSent?.results ?? [];
            if (!last.length) return <CommandOutcomeChip outcome={null} />;
            const failed = last.find((x) => x.result !== 'ACCEPTED');
            return <CommandOutcomeChip outcome={failed ?? last[0]} />;
          }}
        />
        <FunctionField<ChargingScheduleRecord> source="updatedAt" render={(r) => formatDateTime(r.updatedAt)} />
      </Datagrid>
    </List>
  );
}

/** The body of a save, read by the declaration: only the chosen target (a charger or a station) is sent. */
const body = bodyOf(chargingScheduleFields, (d) => (d.target === 'CHARGER' ? { ...d, stationId: null } : { ...d, chargerId: null }));

const DEFAULTS = {
  target: 'CHARGER',
  purpose: 'ChargePointMaxProfile',
  connectorId: 0,
  stackLevel: 1,
  defaultLimitA: 32,
  windows: [{ startTime: '18:00', endTime: '22:00', limitA: 16 }],
};

export function ScheduleCreate() {
  const translate = useTranslate();
  return (
    <Create
      resource="charging-schedule"
      redirect={(_r?: string, id?: unknown) => `${SCHEDULES_PATH}/${String(id)}`}
      title={translate('resources.charging-schedule.create_title')}
      record={DEFAULTS}
      transform={body}
    >
      <ScheduleForm />
    </Create>
  );
}

export function ScheduleEdit() {
  const translate = useTranslate();
  return (
    <RouteEdit resource="charging-schedule" numericId redirect={false} title="resources.charging-schedule.edit_title" transform={body}>
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.charging-schedule.edit_hint')}
        </Typography>
      </Box>
      <EditBody />
    </RouteEdit>
  );
}

function EditBody() {
  return <ScheduleForm deletePath={SCHEDULES_PATH} panel={({ setComposite }) => <SchedulePanel setComposite={setComposite} />} />;
}
