/**
 * Home chargers (`#/HomeStations/ChargerProfile`, API `home-charger`; requirements §3 "Home charger",
 * §16): the list (SN, owner, maximum current, load-balancing switch and current, online state,
 * firmware, the charger's last answer), making a registered charger a home charger, and editing
 * its settings. Each save is sent to the charger; its answer is shown at once and kept on the record.
 */
import { useMemo } from 'react';
import {
  AutocompleteInput, BooleanField, BooleanInput, Button, Create, Datagrid, DeleteWithConfirmButton, FormDataConsumer, FunctionField,
  List, NumberInput, Pagination, ReferenceInput, SaveButton, SearchInput, SelectInput, SimpleForm, TextField, TextInput, Toolbar, TopToolbar,
  CreateButton, useNotify, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { routePath } from '../../domain/routes';
import {
  HOME_CURRENT_RANGE, homeChargerCreate, homeChargerWhole, type HomeChargerRecord, type CommandOutcome,
} from '../../domain/entities/home-charger';
import { EmptyState, ErrorState } from '../../src/components/common';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { useSpCall } from '../../src/hooks/useApi';
import { formatDateTime } from '../../src/utils/date';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { OnlineDot } from '../../src/components/device';
import { CommandOutcomeChip, useOutcomeText } from '../../src/components/smart-charging/CommandOutcomeChip';
import { RouteEdit } from '../../src/components/RouteEdit';

const PATH = routePath('chargerProfile');

function useFilters() {
  return useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn />,
    <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
    <SelectInput key="online" source="online" choices={[{ id: 'true', name: 'resources.charger.values.online.true' }, { id: 'false', name: 'resources.charger.values.online.false' }]} />,
  ], []);
}

export function HomeChargerList() {
  const translate = useTranslate();
  return (
    <List
      resource="home-charger"
      filters={useFilters()}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={20}
      exporter={false}
      actions={<TopToolbar><CreateButton to={`${PATH}/create`} data-testid="home-charger-create" /></TopToolbar>}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.chargerProfile')}
      empty={false}
      error={<ErrorState />}
    >
      <Datagrid bulkActionButtons={false} rowClick={(id) => `${PATH}/${id}`} empty={<EmptyState />} data-testid="home-chargers-grid" sx={{ '& td': { whiteSpace: 'nowrap' } }}>
        <FunctionField<HomeChargerRecord> source="serialNum" render={(r) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}><OnlineDot online={r.online} /><span>{r.serialNum}</span></Box>
        )} />
        <TextField source="ownerNickname" emptyText="—" sortable={false} />
        <FunctionField<HomeChargerRecord> source="maxCurrentA" render={(r) => `${r.maxCurrentA} A`} />
        <BooleanField source="loadBalancing" sortable={false} />
        <FunctionField<HomeChargerRecord> source="loadBalancingCurrentA" sortable={false} render={(r) => (r.loadBalancingCurrentA === null ? '—' : `${r.loadBalancingCurrentA} A`)} />
        <FunctionField<HomeChargerRecord> source="runStatus" sortable={false} render={(r) => (r.online ? r.runStatus ?? '—' : translate('resources.charger.values.online.false'))} />
        <TextField source="firmwareVersion" emptyText="—" sortable={false} />
        <TextField source="memberCount" sortable={false} textAlign="right" />
        <FunctionField<HomeChargerRecord> source="lastCommand" sortable={false} render={(r) => <CommandOutcomeChip outcome={r.lastCommand} />} />
      </Datagrid>
    </List>
  );
}

function Inputs({ create }: { create?: boolean }) {
  return (
    <>
      {create && <TextInput source="serialNum" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'home-serial' } }} />}
      <ReferenceInput source="ownerAppUserId" reference="app-user">
        <AutocompleteInput optionText="nickname" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 320 }} />
      </ReferenceInput>
      <NumberInput source="maxCurrentA" isRequired min={HOME_CURRENT_RANGE.min} max={HOME_CURRENT_RANGE.max} step={1}
        helperText="resources.home-charger.helpers.maxCurrentA" slotProps={{ htmlInput: { 'data-testid': 'home-max-current' } }} />
      <BooleanInput source="loadBalancing" helperText="resources.home-charger.helpers.loadBalancing" />
      <FormDataConsumer<{ loadBalancing?: boolean }>>
        {({ formData }) => formData.loadBalancing && (
          <NumberInput source="loadBalancingCurrentA" isRequired min={0} max={HOME_CURRENT_RANGE.max} step={1}
            slotProps={{ htmlInput: { 'data-testid': 'home-lb-current' } }} />
        )}
      </FormDataConsumer>
    </>
  );
}

/** Tells the user what the charger answered to the save (requirements §16). */
function useAnswerNotice() {
  const notify = useNotify();
  const text = useOutcomeText();
  return (data: { lastCommand?: CommandOutcome | null }) => {
    const o = data.lastCommand;
    if (!o) return;
    notify(text(o), { type: o.result === 'ACCEPTED' ? 'success' : 'warning' });
  };
}

const SETTINGS = ['ownerAppUserId', 'maxCurrentA', 'loadBalancing', 'loadBalancingCurrentA'] as const;
const settingsOf = (data: Record<string, unknown>) => Object.fromEntries(SETTINGS.map((k) => [k, data[k] ?? null]));

export function HomeChargerCreate() {
  const translate = useTranslate();
  const validate = useSchemaValidate(homeChargerCreate);
  const answer = useAnswerNotice();
  return (
    <Create resource="home-charger" redirect={(_r?: string, id?: unknown) => `${PATH}/${String(id)}`} title={translate('resources.home-charger.create_title')}
      mutationOptions={{ onSuccess: (data: HomeChargerRecord) => answer(data) }}
      transform={(d: Record<string, unknown>) => ({ serialNum: d.serialNum, ...settingsOf(d) })}>
      <SimpleForm validate={validate} data-testid="home-charger-form"><Inputs create /></SimpleForm>
    </Create>
  );
}

function ResendButton() {
  const record = useRecordContext<HomeChargerRecord>();
  const call = useSpCall();
  const notify = useNotify();
  const refresh = useRefresh();
  const text = useOutcomeText();
  if (!record) return null;
  return (
    <Button label="resources.home-charger.resend" data-testid="home-resend" onClick={async () => {
      try {
        const o = await call<CommandOutcome>('POST', `home-charger/${record.id}/apply`);
        notify(text(o), { type: 'success' });
      } catch (e) {
        notify((e as Error).message, { type: 'warning' });
      }
      refresh();
    }}><SendIcon /></Button>
  );
}

function LastAnswer() {
  const record = useRecordContext<HomeChargerRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid="home-last-answer">
      <Typography variant="subtitle2">{translate('resources.home-charger.fields.lastCommand')}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <CommandOutcomeChip outcome={record.lastCommand} />
        {record.lastCommand && <Typography variant="caption" color="text.secondary">{formatDateTime(record.lastCommand.at)}</Typography>}
        <ResendButton />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate('resources.home-charger.effective', { limit: record.effectiveLimitA })}
      </Typography>
    </Box>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable data-testid="home-save" />
      <DeleteWithConfirmButton mutationMode="pessimistic" redirect={PATH} confirmContent="resources.home-charger.confirm_delete" />
    </Toolbar>
  );
}

export function HomeChargerEdit() {
  const validate = useSchemaValidate(homeChargerWhole);
  const answer = useAnswerNotice();
  return (
    <RouteEdit resource="home-charger" numericId redirect={false} title="resources.home-charger.edit_title"
      mutationOptions={{ onSuccess: (data: HomeChargerRecord) => answer(data) }}
      transform={(d: Record<string, unknown>) => settingsOf(d)}>
      <SimpleForm validate={validate} toolbar={<EditToolbar />} data-testid="home-charger-form">
        <FunctionField<HomeChargerRecord> render={(r) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <OnlineDot online={r.online} />
            <Typography variant="h6" data-testid="home-serial-title">{r.serialNum}</Typography>
            <Typography variant="body2" color="text.secondary">{r.stationName ?? ''} {r.firmwareVersion ? `· ${r.firmwareVersion}` : ''}</Typography>
          </Box>
        )} />
        <LastAnswer />
        <Inputs />
      </SimpleForm>
    </RouteEdit>
  );
}
