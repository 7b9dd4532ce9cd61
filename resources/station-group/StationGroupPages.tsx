/**
 * Station groups (`#/Stations/StationGroup`, API `station-group`, requirements §3 "Station group"):
 * the list at the path, `create`, and `:id` (edit). The default group of a company cannot be
 * deleted (701): its delete button is not offered, and the server's refusal is shown if met.
 */
import {
  BooleanInput, Button, Create, SaveButton, Toolbar, Datagrid, DeleteWithConfirmButton, FunctionField, List, Pagination, SearchInput,
  SelectInput, SimpleForm, TextField, TextInput, TopToolbar, CreateButton, FilterButton,
  useRecordContext, useTranslate,
} from 'react-admin';
import { useMemo } from 'react';
import { Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { StationGroupRecord } from '../../domain/entities/station-group';
import { stationGroupCreate as stationGroupInput } from '../../domain/entities/station-group';

const STATION_GROUP_EMPTY_CODES = {};
import { ColorChip, EmptyState, ErrorState } from '../../src/components/common';
import { STATE_COLORS } from '../../src/theme';
import { formatDateTime } from '../../src/utils/date';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { CompanyInput } from '../../src/components/CompanyInput';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { ListExportButton } from '../../src/components/ListExportButton';
import { routePath } from '../../domain/routes';
import { RouteEdit } from '../../src/components/RouteEdit';

function DefaultField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StationGroupRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return record.isDefault
    ? <ColorChip testId="default-group" label={translate('resources.station-group.values.isDefault.true')} color={STATE_COLORS.available} />
    : <span>{translate('resources.station-group.values.isDefault.false')}</span>;
}

/**
 * Delete with a confirmation; not offered on the default group (701), and disabled (with the
 * reason) while the group still has stations.
 */
function DeleteGroupButton(_props: { label?: string }) {
  const record = useRecordContext<StationGroupRecord>();
  const translate = useTranslate();
  if (!record || record.isDefault) return null;
  if (record.stationCount > 0) {
    return (
      <Tooltip title={translate('resources.station-group.has_stations')}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: tooltip of a disabled button; the row must not open */}
        <span onClick={(e) => e.stopPropagation()}><Button label="ra.action.delete" disabled color="error" data-testid="group-delete"><DeleteIcon /></Button></span>
      </Tooltip>
    );
  }
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={routePath('stationGroup')}
      confirmTitle="app.assets.confirm_delete_title"
      confirmContent="resources.station-group.confirm_delete"
      translateOptions={{ name: record.name }}
      data-testid="group-delete"
    />
  );
}

export function StationGroupList() {
  const translate = useTranslate();
  const filters = useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn />,
    <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
    <SelectInput
      key="isDefault"
      source="isDefault"
      choices={[{ id: 'true', name: 'resources.station-group.values.isDefault.true' }, { id: 'false', name: 'resources.station-group.values.isDefault.false' }]}
    />,
  ], []);
  return (
    <List
      resource="station-group"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      exporter={false}
      actions={<TopToolbar><FilterButton /><CreateButton to={`${routePath('stationGroup')}/create`} data-testid="group-create" /><ListExportButton resource="station-group" testId="group-export" /></TopToolbar>}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.stationGroup')}
      empty={false}
      error={<ErrorState />}
    >
      <Datagrid bulkActionButtons={false} rowClick={(id) => `${routePath('stationGroup')}/${id}`} empty={<EmptyState />} data-testid="groups-grid">
        <TextField source="name" />
        <TextField source="companyName" emptyText="—" />
        <TextField source="companyCode" />
        <DefaultField source="isDefault" />
        <TextField source="stationCount" textAlign="right" />
        <TextField source="remark" emptyText="—" sortable={false} />
        <FunctionField<StationGroupRecord> source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
        <DeleteGroupButton label="app.assets.actions" />
      </Datagrid>
    </List>
  );
}

function GroupToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable data-testid="group-save" />
      <DeleteGroupButton />
    </Toolbar>
  );
}

function GroupForm({ edit }: { edit?: boolean }) {
  const validate = useSchemaValidate(stationGroupInput, { required: STATION_GROUP_EMPTY_CODES, labels: { companyCode: 'app.assets.company' } });
  return (
    <SimpleForm validate={validate} toolbar={<GroupToolbar />} data-testid="group-form">
      <CompanyInput disabled={edit} isRequired />
      <TextInput source="name" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'group-name' } }} />
      <BooleanInput source="isDefault" helperText="resources.station-group.helpers.isDefault" />
      <TextInput source="remark" multiline minRows={2} sx={{ minWidth: 480 }} />
    </SimpleForm>
  );
}

export function StationGroupCreate() {
  const translate = useTranslate();
  return (
    <Create resource="station-group" redirect={() => routePath('stationGroup')} title={translate('resources.station-group.create_title')}>
      <GroupForm />
    </Create>
  );
}

export function StationGroupEdit() {
  return (
    <RouteEdit resource="station-group" redirect={() => routePath('stationGroup')} title="resources.station-group.edit_title">
      <GroupForm edit />
    </RouteEdit>
  );
}

