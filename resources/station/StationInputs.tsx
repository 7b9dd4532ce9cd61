/**
 * The station form (requirements §3 "Station", required fields of §5): identity and group, status and
 * visibility, maintainer and customer, address with a country from the list and the map,
 * pricing model and its rate template (of the same company, of the model's type, activated) —
 * with "New template" / "Edit template" opening the template editor in a dialog (station
 * context: at most 4 tax rows) — and notifications. Validated with the server's schema (domain/entities/station.ts) so the messages
 * are the catalogue's.
 */
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  DeleteWithConfirmButton,
  FormDataConsumer,
  SaveButton,
  Toolbar,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetList,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { COUNTRIES, countryOf } from '../../domain/countries';
import { RATE_TEMPLATE_TYPES, type RateTemplateType } from '../../domain/rate-template';
import type { RateTemplateRecord } from '../../domain/entities/rate-template';
import { RateTemplateDialog, type RateTemplateDialogMode } from '../../src/components/rate-template/RateTemplateDialog';
import { LOCATION_TYPES, STATION_STATUSES, STATION_VISIBILITIES, stationCreate as stationInput } from '../../domain/entities/station';

import { CompanyInput } from '../../src/components/CompanyInput';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { StationMapInput } from '../../src/components/StationMap';
import { STATION_PROFILE_TABS } from '../../domain/routes';

/** Save, and on an existing station delete behind a confirmation. */
function StationToolbar({ edit }: { edit?: boolean }) {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable data-testid="station-save" />
      {edit && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect={STATION_PROFILE_TABS.stations}
          confirmTitle="app.assets.confirm_delete_title"
          confirmContent="resources.station.confirm_delete"
          translateOptions={{ name: record?.name }}
          data-testid="station-delete"
        />
      )}
    </Toolbar>
  );
}

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', '& > *': { minWidth: 220, flex: '1 1 220px', maxWidth: 360 } } as const;

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5, color: 'text.secondary', width: '100%' }}>
      {translate(title)}
    </Typography>
  );
}

const choicesOf = (values: readonly string[], prefix: string) => values.map((v) => ({ id: v, name: `${prefix}.${v}` }));

/** Groups of the chosen company. */
function GroupInput() {
  const companyCode = useWatch({ name: 'companyCode' }) as string | undefined;
  const { data } = useGetList(
    'station-group',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: companyCode ? { companyCode } : {} },
    { enabled: Boolean(companyCode), staleTime: 30_000 },
  );
  const choices = (data ?? []).map((g) => ({ id: g.id, name: String(g.name) }));
  return <SelectInput source="groupId" choices={choices} helperText="resources.station.helpers.groupId" emptyText="resources.station.helpers.default_group" />;
}

/**
 * The rate template select: activated templates of the station's company whose type is the
 * chosen pricing model; a choice that no longer fits is cleared. Beside it, "New template" and
 * "Edit template" (when one is chosen) open the editor dialog in the station context; a template
 * created there is chosen when it fits (company, type, activated), and the list is reloaded after
 * any save so the select shows the new name.
 */
function RateTemplateInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const companyCode = useWatch({ name: 'companyCode' }) as string | undefined;
  const pricingModel = useWatch({ name: 'pricingModel' }) as string | undefined;
  const current = useWatch({ name: 'rateTemplateId' }) as number | undefined;
  const { setValue } = useFormContext();
  const [dialog, setDialog] = useState<RateTemplateDialogMode | null>(null);
  /** A template just created and chosen: kept while the reloaded list may not hold it yet. */
  const justCreated = useRef<number | null>(null);
  const { data, isPending, refetch } = useGetList(
    'rate-template',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'modelName', order: 'ASC' }, filter: { companyCode, type: pricingModel, activated: 'true' } },
    { enabled: Boolean(companyCode && pricingModel), staleTime: 10_000 },
  );
  const choices = (data ?? []).map((t) => ({ id: t.id, name: `${t.modelName} (${t.currency})` }));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (data && justCreated.current !== null && data.some((t) => t.id === justCreated.current)) justCreated.current = null;
    if (!isPending && current && current === justCreated.current) return;
    if (!isPending && current && data && !data.some((t) => t.id === current)) setValue('rateTemplateId', null, { shouldDirty: true });
  }, [data, isPending, current, setValue]);

  const onSaved = async (record: RateTemplateRecord) => {
    const created = dialog?.kind === 'create';
    const fits = record.companyCode === companyCode && record.type === pricingModel && record.activated;
    if (created && fits) justCreated.current = record.id;
    await refetch();
    if (created && fits) setValue('rateTemplateId', record.id, { shouldDirty: true, shouldValidate: true });
    else if (created) notify('resources.station.template_not_chosen', { type: 'info', messageArgs: { name: record.modelName } });
  };
  const locked = !companyCode || !pricingModel;
  return (
    <>
      <SelectInput
        source="rateTemplateId"
        choices={choices}
        isRequired
        disabled={locked}
        helperText="resources.station.helpers.rateTemplateId"
        data-testid="station-rate-template"
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pt: 1.5, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={locked}
          data-testid="station-template-new"
          onClick={() => setDialog({ kind: 'create', companyCode: companyCode as string, type: pricingModel as RateTemplateType })}
        >
          {translate('resources.station.new_template')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditIcon />}
          disabled={locked || !current}
          data-testid="station-template-edit"
          onClick={() => current && setDialog({ kind: 'edit', id: Number(current) })}
        >
          {translate('resources.station.edit_template')}
        </Button>
      </Box>
      <RateTemplateDialog
        mode={dialog}
        onClose={() => setDialog(null)}
        onSaved={(r) => {
          void onSaved(r);
        }}
      />
    </>
  );
}

export function StationForm({ edit }: { edit?: boolean }) {
  const validate = useSchemaValidate(stationInput, { labels: { companyCode: 'app.assets.company' } });
  const [locale] = useLocaleState();
  const countries = COUNTRIES.map((c) => ({ id: c.code, name: locale === 'zh' ? c.zh : c.en })).sort((a, b) =>
    a.name.localeCompare(b.name, locale === 'zh' ? 'zh' : 'en'),
  );
  return (
    <SimpleForm
      validate={validate}
      toolbar={<StationToolbar edit={edit} />}
      data-testid="station-form"
      defaultValues={{
        status: 'ACTIVE',
        visibility: 'PUBLIC',
        pricingModel: 'CHARGED',
        notifyEnabled: false,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      }}
    >
      <Section title="resources.station.sections.basic" />
      <Box sx={row}>
        <CompanyInput disabled={edit} isRequired data-testid="station-company" />
        <GroupInput />
        <TextInput source="name" isRequired slotProps={{ htmlInput: { 'data-testid': 'station-name' } }} />
        <TextInput source="stationCode" />
      </Box>
      <Box sx={row}>
        <SelectInput source="status" choices={choicesOf(STATION_STATUSES, 'resources.station.values.status')} isRequired />
        <SelectInput source="visibility" choices={choicesOf(STATION_VISIBILITIES, 'resources.station.values.visibility')} isRequired />
        <SelectInput source="locationType" choices={choicesOf(LOCATION_TYPES, 'resources.station.values.locationType')} />
        <TextInput source="timeZone" helperText="resources.station.helpers.timeZone" />
      </Box>
      <Section title="resources.station.sections.contacts" />
      <Box sx={row}>
        <TextInput source="maintainer" isRequired slotProps={{ htmlInput: { 'data-testid': 'station-maintainer' } }} />
        <TextInput source="maintainerMobile" isRequired slotProps={{ htmlInput: { 'data-testid': 'station-maintainer-mobile' } }} />
      </Box>
      <Box sx={row}>
        <TextInput source="customerCompany" />
        <TextInput source="customerName" />
        <TextInput source="contactEmail" type="email" />
        <TextInput source="customerMobile" />
      </Box>
      <Section title="resources.station.sections.location" />
      <Box sx={row}>
        <TextInput source="address" isRequired slotProps={{ htmlInput: { 'data-testid': 'station-address' } }} />
        <TextInput source="houseNumber" />
        <TextInput source="city" />
        <TextInput source="zip" />
        <SelectInput
          source="country"
          choices={countries}
          format={(v: string | null | undefined) => countryOf(v)?.code ?? v ?? ''}
          data-testid="station-country"
        />
      </Box>
      <Box sx={row}>
        <NumberInput source="latitude" isRequired step={0.000001} slotProps={{ htmlInput: { 'data-testid': 'station-latitude' } }} />
        <NumberInput source="longitude" isRequired step={0.000001} slotProps={{ htmlInput: { 'data-testid': 'station-longitude' } }} />
      </Box>
      <StationMapInput />
      <Section title="resources.station.sections.pricing" />
      <Box sx={row}>
        <SelectInput
          source="pricingModel"
          choices={choicesOf(RATE_TEMPLATE_TYPES, 'resources.rate-template.values.type')}
          isRequired
          data-testid="station-pricing-model"
        />
        <RateTemplateInput />
      </Box>
      <Section title="resources.station.sections.notifications" />
      <BooleanInput source="notifyEnabled" />
      <FormDataConsumer>
        {({ formData }) =>
          formData.notifyEnabled ? <TextInput source="notifyRecipients" helperText="resources.station.helpers.notifyRecipients" sx={{ minWidth: 480 }} /> : null
        }
      </FormDataConsumer>
    </SimpleForm>
  );
}
