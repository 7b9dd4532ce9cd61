/**
 * Station groups (`#/Stations/StationGroup`, API `station-group`, requirements §3 "Station group"):
 * the list at the path, `create`, and `:id` (edit), built from the field declaration. The default group of a company cannot be
 * deleted (701): its delete button is not offered, and the server's refusal is shown if met.
 */
import { Button, DeleteWithConfirmButton, SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { stationGroupCreate as stationGroupInput, type StationGroupRecord } from '../../domain/entities/station-group';
import { ColorChip } from '../../src/components/common';
import { STATE_COLORS } from '../../src/theme';
import { ListExportButton } from '../../src/components/ListExportButton';
import { defineFields } from '../../src/resources/fields';
import { GenericList } from '../../src/resources/GenericList';
import { GenericCreate, GenericEdit } from '../../src/resources/GenericForm';

function DefaultField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StationGroupRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return record.isDefault ? (
    <ColorChip testId="default-group" label={translate('resources.station-group.values.isDefault.true')} color={STATE_COLORS.available} />
  ) : (
    <span>{translate('resources.station-group.values.isDefault.false')}</span>
  );
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
        <span onClick={(e) => e.stopPropagation()}>
          <Button label="ra.action.delete" disabled color="error" data-testid="group-delete">
            <DeleteIcon />
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect="list"
      confirmTitle="app.assets.confirm_delete_title"
      confirmContent="resources.station-group.confirm_delete"
      translateOptions={{ name: record.name }}
      data-testid="group-delete"
    />
  );
}

/** The fields of a station group and where they show. */
const FIELDS = defineFields<StationGroupRecord>([
  { source: 'name', kind: 'text', list: true, card: 'primary', form: { required: true, testId: 'group-name' } },
  { source: 'companyName', kind: 'text', list: true, card: 'secondary' },
  { source: 'companyCode', kind: 'reference', display: 'companyCode', list: true, filter: 'alwaysOn', form: { required: true, fixedOnEdit: true } },
  {
    source: 'isDefault',
    kind: 'boolean',
    labels: 'resources.station-group.values.isDefault',
    list: true,
    filter: true,
    render: () => <DefaultField />,
    form: { helperText: 'resources.station-group.helpers.isDefault' },
  },
  { source: 'stationCount', kind: 'number', list: true, card: 'tertiary' },
  { source: 'remark', kind: 'text', list: true, sortable: false, form: { multiline: true } },
  { source: 'createdAt', kind: 'datetime', list: true },
]);

export function StationGroupList() {
  return (
    <GenericList
      fields={FIELDS}
      title="menu.stationGroup"
      search
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
      actions={<ListExportButton resource="station-group" testId="group-export" />}
      gridTestId="groups-grid"
      createTestId="group-create"
      columns={[<DeleteGroupButton key="delete" label="app.assets.actions" />]}
    />
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

const form = (edit: boolean) => ({
  fields: FIELDS,
  schema: stationGroupInput,
  edit,
  toolbar: <GroupToolbar />,
  testId: 'group-form',
  validation: { labels: { companyCode: 'app.assets.company' } },
});

export function StationGroupCreate() {
  return <GenericCreate title="resources.station-group.create_title" form={form(false)} />;
}

export function StationGroupEdit() {
  return <GenericEdit title="resources.station-group.edit_title" form={form(true)} />;
}
