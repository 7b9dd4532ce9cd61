/**
 * Accounts (`#/SystemUsers/Accounts`, API `company/user`, requirements §3 "Account", §5): the list with
 * filters (company, user type, search, status), `create`, `:id` (edit); activate / deactivate
 * with a confirmation and the reset-password dialog on each row. Rules: real name without digits
 * (900, client and server), role from `GET /sp/role/select?companyCode=`, the stations a station
 * manager manages from `GET /sp/station?companyCode=`, joined date read-only.
 */
import { useMemo } from 'react';
import {
  Create,
  PasswordInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
  type SelectInputProps,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Box, Stack, Typography } from '@mui/material';
import { ACCOUNT_TYPES } from '../../domain/enums';
import { ACCOUNT_REQUIRED, accountCreateInput, type accountRecordSchema, accountUpdateInput } from '../../domain/entities/company-user';
import { ColorChip } from '../../src/components/common';
import { defineFields } from '../../src/resources/fields';
import { GenericList } from '../../src/resources/GenericList';
import { useApi } from '../../src/hooks/useApi';
import { STATE_COLORS } from '../../src/theme';
import { formatDate, formatDateTime } from '../../src/utils/date';
import { CompanyInput } from '../../src/components/CompanyInput';
import { noDigitsRule, passwordRule, requiredWhen, useSchemaValidate, type FieldRule } from '../../src/forms/schemaValidate';
import { bodyOf } from '../../src/forms/body';
import { ResetPasswordButton } from './ResetPasswordDialog';
import { StatusToggle } from '../../src/components/StatusToggle';
import { FormToolbar } from '../../src/components/FormToolbar';
import { sessionOf } from '../../authProvider/session';
import { useIsAdmin } from '../../src/hooks/useIsAdmin';
import { routePath } from '../../domain/routes';
import { RouteEdit } from '../../src/components/RouteEdit';

const T = 'resources.company/user';

/** An account as the API answers it. */
type AccountRecord = z.infer<typeof accountRecordSchema>;

/** Every account but a platform administrator belongs to a company (600) and holds a role (608). */
const tenant = (v: Record<string, unknown>) => !!v.userType && v.userType !== 'ADMIN';

/** The service's rules beyond the schema (requirements §5): no digits in the real name, company and role of a tenant. */
const ACCOUNT_RULES: readonly FieldRule[] = [noDigitsRule('realName'), requiredWhen('companyCode', 600, tenant), requiredWhen('roleId', 608, tenant)];

/** A platform administrator's account has no company and no role. */
const tenancy = (d: Record<string, unknown>) => (d.userType === 'ADMIN' ? { ...d, companyCode: null, roleId: null } : d);

function useTypeChoices(includeAdmin: boolean) {
  return ACCOUNT_TYPES.filter((t) => includeAdmin || t !== 'ADMIN').map((t) => ({ id: t, name: `app.account.user_types.${t}` }));
}

function ActiveChip(_props: { source?: string; label?: string }) {
  const record = useRecordContext<AccountRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ColorChip
      testId="active-chip"
      label={translate(`${T}.values.active.${record.active}`)}
      color={record.active ? STATE_COLORS.available : STATE_COLORS.offline}
    />
  );
}

/** Activate/deactivate and reset password; not offered on one's own row (the server refuses it, 403). */
function RowActions(_props: { label?: string }) {
  const record = useRecordContext<AccountRecord>();
  if (!record || record.id === sessionOf(localStorage).user()?.id) return null;
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
      <StatusToggle field="active" prefix={T} words={['activate', 'deactivate']} nameField="username" />
      <ResetPasswordButton />
    </Stack>
  );
}

/** The fields of an account in the list (e-mail behind the column chooser); user types without the platform administrator for others. */
function useListFields(includeAdmin: boolean) {
  return useMemo(
    () =>
      defineFields<AccountRecord>([
        { source: 'username', kind: 'text', list: true, card: 'primary' },
        { source: 'realName', kind: 'text', list: true, card: 'secondary' },
        { source: 'companyCode', kind: 'reference', filter: 'alwaysOn' },
        {
          source: 'userType',
          kind: 'enum',
          labels: 'app.account.user_types',
          list: true,
          filter: 'alwaysOn',
          card: 'tertiary',
          choices: ACCOUNT_TYPES.filter((t) => includeAdmin || t !== 'ADMIN'),
        },
        { source: 'companyName', kind: 'text', list: true, sortable: false },
        { source: 'roleName', kind: 'text', list: true, sortable: false },
        { source: 'phone', kind: 'text', list: true, sortable: false },
        { source: 'email', kind: 'text', list: 'optional', sortable: false },
        { source: 'active', kind: 'boolean', labels: `${T}.values.active`, list: true, filter: 'alwaysOn', render: () => <ActiveChip /> },
        { source: 'createdAt', kind: 'datetime', list: true, render: (r) => <span title={formatDateTime(r.createdAt)}>{formatDate(r.createdAt)}</span> },
      ]),
    [includeAdmin],
  );
}

export function AccountList() {
  const fields = useListFields(useIsAdmin());
  return (
    <GenericList
      fields={fields}
      title="menu.accounts"
      search="account-search"
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      createTestId="account-create"
      gridTestId="accounts-grid"
      gridSx={{ '& td.column-username, & td.column-phone': { whiteSpace: 'nowrap' } }}
      leadColumns={[<RowActions key="actions" label="app.assets.actions" />]}
    />
  );
}

/** The role dropdown: enabled roles assignable to the chosen company's accounts. */
function RoleInput(props: Omit<SelectInputProps, 'source'>) {
  const companyCode = useWatch({ name: 'companyCode' }) as string | null | undefined;
  const { data } = useApi<Array<{ id: number; name: string; code: string; companyCode: string | null }>>(
    'role/select',
    companyCode ? { companyCode } : undefined,
    { staleTime: 30_000 },
  );
  const choices = (Array.isArray(data) ? data : []).map((r) => ({ id: r.id, name: `${r.name} (${r.code})` }));
  return <SelectInput source="roleId" choices={choices} helperText={`${T}.helpers.roleId`} sx={{ minWidth: 320 }} {...props} />;
}

/** The stations a station manager manages (only for that user type). */
function ManagedStationsInput() {
  const companyCode = useWatch({ name: 'companyCode' }) as string | null | undefined;
  const userType = useWatch({ name: 'userType' }) as string | undefined;
  const { data } = useApi<{ records: Array<{ id: number; name: string }> }>(
    'station',
    { size: 500, sort: 'name', order: 'asc', ...(companyCode ? { companyCode } : {}) },
    { staleTime: 30_000, enabled: userType === 'STATION_MANAGER' && !!companyCode },
  );
  if (userType !== 'STATION_MANAGER') return null;
  const choices = (data?.records ?? []).map((s) => ({ id: s.id, name: s.name }));
  return (
    <SelectArrayInput
      source="managedStationIds"
      choices={choices}
      helperText={`${T}.helpers.managedStationIds`}
      sx={{ minWidth: 320 }}
      data-testid="account-stations"
    />
  );
}

/** Company, role and managed stations: not for platform administrators (no company, no role). */
function TenancyInputs({ edit }: { edit?: boolean }) {
  const userType = useWatch({ name: 'userType' }) as string | undefined;
  if (userType === 'ADMIN') return null;
  return (
    <>
      <CompanyInput label={`${T}.fields.companyCode`} disabled={edit} sx={{ minWidth: 320 }} data-testid="account-company" />
      <RoleInput data-testid="account-role" />
      <ManagedStationsInput />
    </>
  );
}

function JoinedDate() {
  const record = useRecordContext<AccountRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid="account-joined">
      <Typography variant="caption" color="text.secondary">
        {translate(`${T}.fields.createdAt`)}
      </Typography>
      <Typography variant="body2">{formatDateTime(record.createdAt)}</Typography>
    </Box>
  );
}

function AccountForm({ edit }: { edit?: boolean }) {
  const isAdmin = useIsAdmin();
  const types = useTypeChoices(isAdmin);
  const base = useSchemaValidate(edit ? accountUpdateInput : accountCreateInput, {
    required: ACCOUNT_REQUIRED,
    skip: edit ? ['username', 'password'] : [],
    rules: edit ? ACCOUNT_RULES : [...ACCOUNT_RULES, passwordRule()],
  });
  const translate = useTranslate();
  const validate = (values: Record<string, unknown>) => {
    const errors = base(values);
    if (!edit && values.confirmPassword && values.confirmPassword !== values.password && !errors.confirmPassword)
      return { ...errors, confirmPassword: translate('app.account.inconsistent') };
    return errors;
  };
  return (
    <SimpleForm validate={validate} data-testid="account-form" toolbar={<FormToolbar deletePath={edit ? routePath('accounts') : undefined} />}>
      {edit && <JoinedDate />}
      <TextInput source="username" isRequired disabled={edit} sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'account-username' } }} />
      <SelectInput source="userType" choices={types} isRequired sx={{ minWidth: 320 }} data-testid="account-type" />
      <TextInput source="realName" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'account-realname' } }} />
      <TextInput source="phone" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'account-phone' } }} />
      <TextInput source="email" type="email" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'account-email' } }} />
      <TenancyInputs edit={edit} />
      {!edit && (
        <PasswordInput
          source="password"
          isRequired
          sx={{ minWidth: 320 }}
          slotProps={{ htmlInput: { 'data-testid': 'account-password', autoComplete: 'new-password' } }}
        />
      )}
      {!edit && (
        <PasswordInput
          source="confirmPassword"
          isRequired
          sx={{ minWidth: 320 }}
          slotProps={{ htmlInput: { 'data-testid': 'account-confirm', autoComplete: 'new-password' } }}
        />
      )}
    </SimpleForm>
  );
}

const createBody = bodyOf(accountCreateInput, tenancy);
/** Username, password and joined date do not change here (the update declaration has none). */
const updateBody = bodyOf(accountUpdateInput, tenancy);

export function AccountCreate() {
  const translate = useTranslate();
  return (
    <Create resource="company/user" redirect={() => routePath('accounts')} transform={createBody} title={translate(`${T}.create_title`)}>
      <AccountForm />
    </Create>
  );
}

export function AccountEdit() {
  return (
    <RouteEdit resource="company/user" redirect={() => routePath('accounts')} transform={updateBody} title={`${T}.edit_title`}>
      <AccountForm edit />
    </RouteEdit>
  );
}
