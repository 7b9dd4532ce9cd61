/**
 * Home chargers (`#/HomeStations/ChargerProfile`, API `home-charger`; requirements §3 "Home charger",
 * §16): the list (SN, owner, maximum current, load-balancing switch and current, online state,
 * firmware, the charger's last answer), making a registered charger a home charger, and editing
 * its settings. Each save is sent to the charger; its answer is shown at once and kept on the record.
 */
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Button,
  Create,
  DeleteWithConfirmButton,
  FormDataConsumer,
  FunctionField,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { HOME_CURRENT_RANGE, homeChargerCreate, homeChargerWhole, type HomeChargerRecord, type CommandOutcome } from '../../domain/entities/home-charger';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { useSpCall } from '../../src/hooks/useApi';
import { formatDateTime } from '../../src/utils/date';
import { defineFields } from '../../src/resources/fields';
import { GenericList } from '../../src/resources/GenericList';
import { OnlineDot } from '../../src/components/device';
import { CommandOutcomeChip, useOutcomeText } from '../../src/components/smart-charging/CommandOutcomeChip';
import { RouteEdit } from '../../src/components/RouteEdit';

function RunStatus({ record: r }: { record: HomeChargerRecord }) {
  const translate = useTranslate();
  return <>{r.online ? (r.runStatus ?? '—') : translate('resources.charger.values.online.false')}</>;
}

/** The fields of a home charger in the list. */
const LIST_FIELDS = defineFields<HomeChargerRecord>([
  {
    source: 'serialNum',
    kind: 'text',
    list: true,
    card: 'primary',
    render: (r) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <OnlineDot online={r.online} />
        <span>{r.serialNum}</span>
      </Box>
    ),
  },
  { source: 'companyCode', kind: 'reference', filter: 'alwaysOn' },
  { source: 'online', kind: 'boolean', labels: 'resources.charger.values.online', filter: true },
  { source: 'ownerNickname', kind: 'text', list: true, sortable: false, card: 'secondary' },
  { source: 'maxCurrentA', kind: 'number', unit: 'A', list: true, textAlign: 'left' },
  { source: 'loadBalancing', kind: 'boolean', list: true, sortable: false, render: () => <BooleanField source="loadBalancing" /> },
  { source: 'loadBalancingCurrentA', kind: 'number', unit: 'A', list: true, sortable: false, textAlign: 'left' },
  { source: 'runStatus', kind: 'text', list: true, sortable: false, card: 'tertiary', render: (r) => <RunStatus record={r} /> },
  { source: 'firmwareVersion', kind: 'text', list: true, sortable: false },
  { source: 'memberCount', kind: 'number', list: true, sortable: false },
  { source: 'lastCommand', kind: 'json', list: true, sortable: false, render: (r) => <CommandOutcomeChip outcome={r.lastCommand} /> },
]);

export function HomeChargerList() {
  return (
    <GenericList
      fields={LIST_FIELDS}
      title="menu.chargerProfile"
      search
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
      createTestId="home-charger-create"
      gridTestId="home-chargers-grid"
      gridSx={{ '& td': { whiteSpace: 'nowrap' } }}
    />
  );
}

function Inputs({ create }: { create?: boolean }) {
  return (
    <>
      {create && <TextInput source="serialNum" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'home-serial' } }} />}
      <ReferenceInput source="ownerAppUserId" reference="app-user">
        <AutocompleteInput optionText="nickname" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 320 }} />
      </ReferenceInput>
      <NumberInput
        source="maxCurrentA"
        isRequired
        min={HOME_CURRENT_RANGE.min}
        max={HOME_CURRENT_RANGE.max}
        step={1}
        helperText="resources.home-charger.helpers.maxCurrentA"
        slotProps={{ htmlInput: { 'data-testid': 'home-max-current' } }}
      />
      <BooleanInput source="loadBalancing" helperText="resources.home-charger.helpers.loadBalancing" />
      <FormDataConsumer<{ loadBalancing?: boolean }>>
        {({ formData }) =>
          formData.loadBalancing && (
            <NumberInput
              source="loadBalancingCurrentA"
              isRequired
              min={0}
              max={HOME_CURRENT_RANGE.max}
              step={1}
              slotProps={{ htmlInput: { 'data-testid': 'home-lb-current' } }}
            />
          )
        }
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
    <Create
      redirect="edit"
      title={translate('resources.home-charger.create_title')}
      mutationOptions={{ onSuccess: (data: HomeChargerRecord) => answer(data) }}
      transform={(d: Record<string, unknown>) => ({ serialNum: d.serialNum, ...settingsOf(d) })}
    >
      <SimpleForm validate={validate} data-testid="home-charger-form">
        <Inputs create />
      </SimpleForm>
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
    <Button
      label="resources.home-charger.resend"
      data-testid="home-resend"
      onClick={async () => {
        try {
          const o = await call<CommandOutcome>('POST', `home-charger/${record.id}/apply`);
          notify(text(o), { type: 'success' });
        } catch (e) {
          notify((e as Error).message, { type: 'warning' });
        }
        refresh();
      }}
    >
      <SendIcon />
    </Button>
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
        {record.lastCommand && (
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(record.lastCommand.at)}
          </Typography>
        )}
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
      <DeleteWithConfirmButton mutationMode="pessimistic" redirect="list" confirmContent="resources.home-charger.confirm_delete" />
    </Toolbar>
  );
}

export function HomeChargerEdit() {
  const validate = useSchemaValidate(homeChargerWhole);
  const answer = useAnswerNotice();
  return (
    <RouteEdit
      numericId
      redirect={false}
      title="resources.home-charger.edit_title"
      mutationOptions={{ onSuccess: (data: HomeChargerRecord) => answer(data) }}
      transform={(d: Record<string, unknown>) => settingsOf(d)}
    >
      <SimpleForm validate={validate} toolbar={<EditToolbar />} data-testid="home-charger-form">
        <FunctionField<HomeChargerRecord>
          render={(r) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <OnlineDot online={r.online} />
              <Typography variant="h6" data-testid="home-serial-title">
                {r.serialNum}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {r.stationName ?? ''} {r.firmwareVersion ? `· ${r.firmwareVersion}` : ''}
              </Typography>
            </Box>
          )}
        />
        <LastAnswer />
        <Inputs />
      </SimpleForm>
    </RouteEdit>
  );
}
