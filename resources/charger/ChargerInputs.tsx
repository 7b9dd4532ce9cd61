/**
 * The charger registration form (requirements §3 "Charger", §5, §9): SN of exactly 16 characters (the
 * OCPP chargeBoxId), station (its company is the charger's), phase, life status, type, rated
 * power, installer, installation date, warranty (none / 1 / 2 / 3 years), gateway SN and the
 * required equipment number. Validated with the server's schema (domain/entities/charger.ts).
 * Run status, online status and firmware come from OCPP and are shown, not edited.
 */
import { useWatch } from 'react-hook-form';
import { FormDataConsumer, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useGetList, useTranslate } from 'react-admin';
import { DayInput } from '../../src/components/DayField';
import { Alert, Box, Typography } from '@mui/material';
import { LIFE_STATUSES, PHASES, WARRANTY_YEARS } from '../../domain/enums';
import { CHARGER_SN_LENGTH, CHARGER_TYPES, chargerCreate as chargerInput } from '../../domain/entities/charger';

import { CompanyInput } from '../../src/components/CompanyInput';
import { useSchemaValidate } from '../../src/forms/schemaValidate';

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', '& > *': { minWidth: 220, flex: '1 1 220px', maxWidth: 360 } } as const;

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5, color: 'text.secondary', width: '100%' }}>
      {translate(title)}
    </Typography>
  );
}

/** Stations the user can see (all companies for platform administrators). */
function StationInput({ disabled }: { disabled?: boolean }) {
  const { data } = useGetList('station', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' }, filter: {} }, { staleTime: 30_000 });
  const choices = (data ?? []).map((s) => ({ id: s.id, name: s.companyName ? `${s.name} · ${s.companyName}` : String(s.name) }));
  return <SelectInput source="stationId" choices={choices} disabled={disabled} data-testid="charger-station" />;
}

/** Gateways of the chosen station; any SN may still be typed when none is registered. */
function GatewaySnInput() {
  const stationId = useWatch({ name: 'stationId' }) as number | undefined;
  const { data } = useGetList(
    'gateway',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'serialNum', order: 'ASC' }, filter: { stationId } },
    { enabled: Boolean(stationId), staleTime: 30_000 },
  );
  const gateways = (data ?? []).map((g) => String(g.serialNum));
  return (
    <>
      <TextInput
        source="gatewaySn"
        helperText={gateways.length ? false : 'resources.charger.helpers.gatewaySn'}
        slotProps={{ htmlInput: { 'data-testid': 'charger-gateway-sn', list: 'charger-gateways' } }}
      />
      <datalist id="charger-gateways">
        {gateways.map((sn) => (
          <option key={sn} value={sn} />
        ))}
      </datalist>
    </>
  );
}

function SnCounter() {
  const translate = useTranslate();
  const sn = (useWatch({ name: 'serialNum' }) as string | undefined) ?? '';
  const n = sn.trim().length;
  return (
    <Typography
      variant="caption"
      color={n === CHARGER_SN_LENGTH ? 'success.main' : 'text.secondary'}
      data-testid="charger-sn-count"
      sx={{ alignSelf: 'center' }}
    >
      {translate('resources.charger.helpers.sn_count', { count: n, length: CHARGER_SN_LENGTH })}
    </Typography>
  );
}

/** Create (`edit` false) or edit form; `online` warns that locked fields cannot change (717). */
export function ChargerForm({ edit, online }: { edit?: boolean; online?: boolean }) {
  const validate = useSchemaValidate(chargerInput, { labels: { companyCode: 'app.assets.company' } });
  const translate = useTranslate();
  return (
    <SimpleForm
      validate={validate}
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable data-testid="charger-save" />
        </Toolbar>
      }
      data-testid="charger-form"
      defaultValues={{ phase: 'THREE', lifeStatus: 'ACTIVE', type: 'AC', warrantyYears: 1 }}
    >
      {edit && online && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="charger-locked-note">
          {translate('resources.charger.helpers.locked')}
        </Alert>
      )}
      <Section title="resources.charger.sections.identity" />
      <Box sx={row}>
        <TextInput
          source="serialNum"
          isRequired
          slotProps={{ htmlInput: { maxLength: CHARGER_SN_LENGTH, 'data-testid': 'charger-sn', style: { fontFamily: 'monospace' } } }}
        />
        <SnCounter />
      </Box>
      <Box sx={row}>
        <StationInput />
        <FormDataConsumer>
          {({ formData }) => (formData.stationId ? null : <CompanyInput disabled={edit} helperText="resources.charger.helpers.companyCode" />)}
        </FormDataConsumer>
        <TextInput source="chargerStationCode" />
        <TextInput source="equipmentNumber" isRequired slotProps={{ htmlInput: { 'data-testid': 'charger-equipment-number' } }} />
      </Box>
      <Box sx={row}>
        <SelectInput source="type" choices={CHARGER_TYPES.map((t) => ({ id: t, name: t }))} isRequired />
        <SelectInput
          source="phase"
          choices={PHASES.map((p) => ({ id: p, name: `resources.charger.values.phase.${p}` }))}
          isRequired
          data-testid="charger-phase"
        />
        <SelectInput source="lifeStatus" choices={LIFE_STATUSES.map((s) => ({ id: s, name: `resources.charger.values.lifeStatus.${s}` }))} isRequired />
        <TextInput source="ratedPowerKw" />
      </Box>
      <Box sx={row}>
        <GatewaySnInput />
      </Box>
      <Section title="resources.charger.sections.installation" />
      <Box sx={row}>
        <DayInput source="installationDate" isRequired inputAttributes={{ 'data-testid': 'charger-installation-date' }} sx={{ width: '100%' }} />
        <SelectInput
          source="warrantyYears"
          choices={WARRANTY_YEARS.map((y) => ({ id: y, name: `resources.charger.values.warrantyYears.${y}` }))}
          isRequired
          data-testid="charger-warranty"
        />
      </Box>
      <Box sx={row}>
        <TextInput source="installerName" />
        <TextInput source="installerEmail" type="email" />
        <TextInput source="installerCompany" />
        <TextInput source="installerContact" />
      </Box>
    </SimpleForm>
  );
}
