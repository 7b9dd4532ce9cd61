/**
 * Roles (`#/SystemUsers/Permissions`, API `role`, requirements §3 "Role", §5 required fields, §6): the
 * list with filters, `create`, and `:id` (edit) with the menu permissions chosen on a tree;
 * enable / disable with a confirmation. Duplicate code → 309 (the server's message).
 */
import { useMemo } from 'react';
import {
  BooleanInput, Create, CreateButton, Datagrid, FilterButton, FunctionField, List, Pagination,
  SearchInput, SelectInput, SimpleForm, TextField, TextInput, TopToolbar, useTranslate,
} from 'react-admin';
import type { z } from 'zod';
import { ROLE_REQUIRED, roleCreateInput, roleRecordSchema, roleUpdateInput } from '../../domain/entities/role';
import { EmptyState, ErrorState } from '../../src/components/common';
import { formatDateTime } from '../../src/utils/date';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { CompanyInput } from '../../src/components/CompanyInput';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { bodyOf } from '../../src/forms/body';
import { StatusToggle } from '../../src/components/StatusToggle';
import { useIsAdmin } from '../../src/hooks/useIsAdmin';
import { FormToolbar } from '../../src/components/FormToolbar';
import { PermissionTreeInput } from './PermissionTree';
import { EnabledChip } from '../../src/components/EnabledChip';
import { routePath } from '../../domain/routes';
import { RouteEdit } from '../../src/components/RouteEdit';

/** A role as the API answers it. */
type RoleRecord = z.infer<typeof roleRecordSchema>;

export function RoleList() {
  const translate = useTranslate();
  const filters = useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn data-testid="role-search" />,
    <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
    <SelectInput key="enabled" source="enabled" choices={[{ id: 'true', name: 'resources.role.values.enabled.true' }, { id: 'false', name: 'resources.role.values.enabled.false' }]} />,
  ], []);
  return (
    <List
      resource="role"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      exporter={false}
      actions={<TopToolbar><FilterButton /><CreateButton to={`${routePath('permissions')}/create`} data-testid="role-create" /></TopToolbar>}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.permissions')}
      empty={false}
      error={<ErrorState />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${routePath('permissions')}/${id}`}
        empty={<EmptyState />}
        data-testid="roles-grid"
        sx={{ '& td.column-code, & td.column-createdAt': { whiteSpace: 'nowrap' } }}
      >
        <TextField source="name" />
        <TextField source="code" />
        <FunctionField<RoleRecord> source="companyCode" render={(r) => r.companyCode ?? translate('resources.role.values.platform')} />
        <TextField source="description" sortable={false} />
        <EnabledChip prefix="resources.role" source="enabled" />
        <FunctionField<RoleRecord> source="permissions" sortable={false} render={(r) => r.permissions.length} />
        <FunctionField<RoleRecord> source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
        <StatusToggle label="app.assets.actions" resource="role" field="enabled" prefix="resources.role" words={['enable', 'disable']} />
      </Datagrid>
    </List>
  );
}

function RoleForm({ edit }: { edit?: boolean }) {
  const isAdmin = useIsAdmin();
  const validate = useSchemaValidate(edit ? roleUpdateInput : roleCreateInput, { required: ROLE_REQUIRED, skip: edit ? ['code', 'companyCode'] : [] });
  return (
    <SimpleForm validate={validate} data-testid="role-form" toolbar={<FormToolbar deletePath={edit ? routePath('permissions') : undefined} />}>
      <TextInput source="name" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'role-name' } }} />
      <TextInput source="code" isRequired disabled={edit} sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'role-code' } }} />
      <CompanyInput
        source="companyCode"
        label="resources.role.fields.companyCode"
        disabled={edit}
        emptyText={isAdmin ? 'resources.role.values.platform' : undefined}
        helperText={isAdmin ? 'resources.role.helpers.companyCode' : false}
        sx={{ minWidth: 320 }}
      />
      <TextInput source="description" isRequired multiline sx={{ minWidth: 480 }} slotProps={{ htmlInput: { 'data-testid': 'role-description' } }} />
      <BooleanInput source="enabled" defaultValue />
      <TextInput source="remark" multiline minRows={2} sx={{ minWidth: 480 }} />
      <PermissionTreeInput />
    </SimpleForm>
  );
}

/** Code and company are fixed after creation: the update declaration has neither. */
const updateBody = bodyOf(roleUpdateInput);

export function RoleCreate() {
  const translate = useTranslate();
  return (
    <Create resource="role" redirect={() => routePath('permissions')} transform={bodyOf(roleCreateInput)} title={translate('resources.role.create_title')}>
      <RoleForm />
    </Create>
  );
}

export function RoleEdit() {
  return (
    <RouteEdit resource="role" redirect={() => routePath('permissions')} transform={updateBody} title="resources.role.edit_title">
      <RoleForm edit />
    </RouteEdit>
  );
}

