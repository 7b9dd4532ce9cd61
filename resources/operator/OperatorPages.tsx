/**
 * Operators (`#/System/Operators`, API `company`, requirements §3 "Operator company", §5): the list with
 * search and currency filters, `create` (platform administrators only: creates the operator, its
 * administrator account and default station group in one transaction), `:id` (edit) and
 * `:id/show`. Code and administrator are fixed after creation; duplicate code → 300.
 */
import { useMemo } from 'react';
import {
  AutocompleteInput,
  Create,
  CreateButton,
  EditButton,
  FunctionField,
  List,
  Pagination,
  PasswordInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Avatar, Tooltip } from '@mui/material';
import { CURRENCIES } from '../../domain/enums';
import type { z } from 'zod';
import { OPERATOR_REQUIRED, operatorCreateInput, type operatorRecordSchema, operatorUpdateInput } from '../../domain/entities/operator';
import { EmptyState, ErrorState } from '../../src/components/common';
import { ColumnsButton, ConfigurableGrid } from '../../src/components/ConfigurableGrid';
import { formatDate, formatDateTime } from '../../src/utils/date';
import { ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { passwordRule, useSchemaValidate } from '../../src/forms/schemaValidate';
import { useIsAdmin } from '../../src/hooks/useIsAdmin';
import { FormToolbar } from '../../src/components/FormToolbar';
import { LogoInput } from './LogoInput';
import { routePath } from '../../domain/routes';
import { RouteEdit } from '../../src/components/RouteEdit';

/** An operator as the API answers it. */
type OperatorRecord = z.infer<typeof operatorRecordSchema>;

const CURRENCY_CHOICES = CURRENCIES.map((c) => ({ id: c, name: c }));

/** IANA zones the browser knows (UTC first). */
function timeZoneChoices() {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    /* older browsers: UTC only */
  }
  return ['UTC', ...zones.filter((z) => z !== 'UTC')].map((z) => ({ id: z, name: z }));
}

function LogoField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<OperatorRecord>();
  if (!record) return null;
  return (
    <Avatar variant="rounded" src={record.logo ?? undefined} sx={{ width: 32, height: 32 }}>
      {record.code.slice(0, 1)}
    </Avatar>
  );
}

export function OperatorList() {
  const translate = useTranslate();
  const isAdmin = useIsAdmin();
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn data-testid="operator-search" />,
      <SelectInput key="currency" source="currency" choices={CURRENCY_CHOICES} alwaysOn />,
    ],
    [],
  );
  return (
    <List
      resource="company"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      exporter={false}
      actions={
        <TopToolbar>
          <ColumnsButton resource="company" />
          {isAdmin && <CreateButton to={`${routePath('operators')}/create`} data-testid="operator-create" />}
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.operators')}
      empty={false}
      error={<ErrorState />}
    >
      {/* Actions first, so they never fall off the screen; the time zone is a column the user may add. */}
      <ConfigurableGrid
        resource="company"
        omit={['timeZone']}
        bulkActionButtons={false}
        rowClick={(id) => `${routePath('operators')}/${id}/show`}
        empty={<EmptyState />}
        data-testid="operators-grid"
        sx={{ '& td.column-servicePhone, & td.column-createdAt': { whiteSpace: 'nowrap' } }}
      >
        {/* Icon only, with the action's name in a tooltip. */}
        <FunctionField<OperatorRecord> label="app.assets.actions" render={(r) => <EditIconLink id={r.id} />} />
        <LogoField source="logo" />
        <TextField source="name" />
        <TextField source="code" />
        <TextField source="currency" />
        <TextField source="adminUsername" sortable={false} emptyText="—" />
        <TextField source="servicePhone" sortable={false} emptyText="—" />
        <TextField source="serviceEmail" sortable={false} emptyText="—" />
        <TextField source="timeZone" sortable={false} />
        <FunctionField<OperatorRecord> source="createdAt" render={(r) => <span title={formatDateTime(r.createdAt)}>{formatDate(r.createdAt)}</span>} />
      </ConfigurableGrid>
    </List>
  );
}

/** The row's edit action as an icon with a tooltip. */
function EditIconLink({ id }: { id: number }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('ra.action.edit')}>
      <span>
        <EditButton
          label=""
          aria-label={translate('ra.action.edit')}
          to={`${routePath('operators')}/${id}`}
          onClick={(e: React.MouseEvent) => e.stopPropagation()}
          data-testid={`operator-edit-${id}`}
        />
      </span>
    </Tooltip>
  );
}

function OperatorForm({ edit }: { edit?: boolean }) {
  const validate = useSchemaValidate(
    edit ? operatorUpdateInput : operatorCreateInput,
    edit ? {} : { required: OPERATOR_REQUIRED, rules: [passwordRule('password', 'adminUsername')] },
  );
  const zones = useMemo(timeZoneChoices, []);
  const w = { sx: { minWidth: 360 } };
  return (
    <SimpleForm validate={validate} data-testid="operator-form" toolbar={<FormToolbar />}>
      <TextInput source="name" isRequired {...w} slotProps={{ htmlInput: { 'data-testid': 'operator-name' } }} />
      <TextInput
        source="code"
        isRequired
        disabled={edit}
        helperText="resources.company.helpers.code"
        {...w}
        slotProps={{ htmlInput: { 'data-testid': 'operator-code' } }}
      />
      <SelectInput source="currency" choices={CURRENCY_CHOICES} isRequired {...w} data-testid="operator-currency" />
      <TextInput source="address" isRequired multiline sx={{ minWidth: 480 }} slotProps={{ htmlInput: { 'data-testid': 'operator-address' } }} />
      <TextInput source="servicePhone" {...w} />
      <TextInput source="serviceEmail" type="email" {...w} />
      <AutocompleteInput source="timeZone" choices={zones} defaultValue="UTC" helperText="resources.company.helpers.timeZone" {...w} />
      <LogoInput />
      {edit ? (
        <TextInput source="adminUsername" disabled {...w} />
      ) : (
        <>
          <TextInput
            source="adminUsername"
            isRequired
            helperText="resources.company.helpers.adminUsername"
            {...w}
            slotProps={{ htmlInput: { 'data-testid': 'operator-admin-username' } }}
          />
          <PasswordInput
            source="password"
            isRequired
            {...w}
            slotProps={{ htmlInput: { 'data-testid': 'operator-admin-password', autoComplete: 'new-password' } }}
          />
          <TextInput source="adminEmail" type="email" {...w} />
        </>
      )}
      <TextInput source="remark" multiline minRows={2} sx={{ minWidth: 480 }} />
    </SimpleForm>
  );
}

export function OperatorCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  // The operator selects (navbar, forms) are cached: a new operator must appear in them at once.
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: ['sp', 'company/select'] });
    notify('resources.company.messages.created', { type: 'success' });
    redirect(routePath('operators'));
  };
  return (
    <Create resource="company" mutationOptions={{ onSuccess }} title={translate('resources.company.create_title')}>
      <OperatorForm />
    </Create>
  );
}

export function OperatorEdit() {
  return (
    <RouteEdit resource="company" redirect={() => routePath('operators')} title="resources.company.edit_title">
      <OperatorForm edit />
    </RouteEdit>
  );
}

export function OperatorShow() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <Show
      resource="company"
      id={id}
      title={translate('resources.company.show_title')}
      actions={
        <TopToolbar>
          <EditButton to={`${routePath('operators')}/${id}`} data-testid="operator-edit" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout data-testid="operator-show">
        {/* Icon only, with the action's name in a tooltip. */}
        <FunctionField<OperatorRecord> label="app.assets.actions" render={(r) => <EditIconLink id={r.id} />} />
        <LogoField source="logo" />
        <TextField source="name" />
        <TextField source="code" />
        <TextField source="currency" />
        <TextField source="address" />
        <TextField source="servicePhone" emptyText="—" />
        <TextField source="serviceEmail" emptyText="—" />
        <TextField source="adminUsername" emptyText="—" />
        <TextField source="timeZone" />
        <TextField source="remark" emptyText="—" />
        <FunctionField<OperatorRecord> source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
      </SimpleShowLayout>
    </Show>
  );
}
