/**
 * The card user form shared by create and edit (requirements §3, §5): card number, company, last and first
 * name (no digits), mobile, e-mail, expiry date (a day: the card is answered Expired after its end),
 * scope ALL or chosen stations (from `GET /sp/station?companyCode=`), manager card, active. Validated with the entity declaration (domain/entities/card-user.ts), the
 * server's own rules, every failing field at once.
 */
import { useMemo } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  TextInput,
  SaveButton,
  Toolbar,
  useGetList,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box } from '@mui/material';
import { useCompanies } from '../../src/hooks/useCompanies';
import { cardUserCreate } from '../../domain/entities/card-user';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { DayInput } from '../../src/components/DayField';
import { endOfDayIso } from '../../src/components/balance/Expiry';

function StationsInput() {
  const companyCode = useWatch({ name: 'companyCode' }) as string | undefined;
  const { data, isPending } = useGetList(
    'station',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' }, filter: { companyCode } },
    { enabled: !!companyCode, retry: false, staleTime: 60_000 },
  );
  const choices = useMemo(() => (data ?? []).map((s) => ({ id: s.id, name: String(s.name ?? s.id) })), [data]);
  return (
    <AutocompleteArrayInput
      source="stationIds"
      choices={choices}
      isPending={!!companyCode && isPending}
      helperText={companyCode ? 'resources.card-user.hints.stations' : 'resources.card-user.hints.company_first'}
      disabled={!companyCode}
      fullWidth
      data-testid="card-user-stations"
    />
  );
}

export function CardUserForm() {
  const companyChoices = useCompanies().map((c) => ({ id: c.companyCode, name: c.companyName }));
  const validate = useSchemaValidate(cardUserCreate);
  return (
    <SimpleForm
      validate={validate}
      mode="onBlur"
      reValidateMode="onChange"
      sx={{ maxWidth: 720 }}
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable data-testid="card-user-save" />
        </Toolbar>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }}>
        <TextInput source="cardNumber" isRequired slotProps={{ htmlInput: { 'data-testid': 'card-user-cardNumber' } }} />
        <SelectInput source="companyCode" choices={companyChoices} isRequired data-testid="card-user-company" />
        <TextInput source="lastName" isRequired slotProps={{ htmlInput: { 'data-testid': 'card-user-lastName' } }} />
        <TextInput source="firstName" isRequired slotProps={{ htmlInput: { 'data-testid': 'card-user-firstName' } }} />
        <TextInput source="mobile" slotProps={{ htmlInput: { 'data-testid': 'card-user-mobile' } }} />
        <TextInput source="email" slotProps={{ htmlInput: { 'data-testid': 'card-user-email' } }} />
        <DayInput
          source="expiryDate"
          parse={endOfDayIso}
          helperText="resources.card-user.hints.expiryDate"
          inputAttributes={{ 'data-testid': 'card-user-expiryDate' }}
          sx={{ width: '100%' }}
        />
      </Box>
      <RadioButtonGroupInput
        source="scope"
        isRequired
        choices={[
          { id: 'ALL', name: 'resources.card-user.values.scope.ALL' },
          { id: 'STATIONS', name: 'resources.card-user.values.scope.STATIONS' },
        ]}
        data-testid="card-user-scope"
      />
      <FormDataConsumer>{({ formData }) => (formData.scope === 'STATIONS' ? <StationsInput /> : null)}</FormDataConsumer>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <BooleanInput source="managerCard" helperText="resources.card-user.hints.managerCard" data-testid="card-user-managerCard" />
        <BooleanInput source="active" data-testid="card-user-active" />
      </Box>
    </SimpleForm>
  );
}
