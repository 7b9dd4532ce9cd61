/**
 * Roles (`#/SystemUsers/Permissions`, API `role`, requirements §3 "Role", §5 required fields, §6): the
 * list with filters, `create`, and `:id` (edit) with the menu permissions chosen on a tree;
 * enable / disable with a confirmation. Duplicate code → 309 (the server's message).
 */
import { BooleanInput, Create, SimpleForm, TextInput, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { ROLE_REQUIRED, roleCreateInput, type roleRecordSchema, roleUpdateInput } from '../../domain/entities/role';
import { CompanyInput } from '../../src/components/CompanyInput';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { bodyOf } from '../../src/forms/body';
import { StatusToggle } from '../../src/components/StatusToggle';
import { useIsAdmin } from '../../src/hooks/useIsAdmin';
import { FormToolbar } from '../../src/components/FormToolbar';
import { PermissionTreeInput } from './PermissionTree';
import { defineFields } from '../../src/resources/fields';
import { GenericList } from '../../src/resources/GenericList';
import { routePath } from '../../domain/routes';
import { RouteEdit } from '../../src/components/RouteEdit';

/** A role as the API answers it. */
type RoleRecord = z.infer<typeof roleRecordSchema>;

/** The fields of a role in the list. */
const LIST_FIELDS = defineFields<RoleRecord>([
  { source: 'name', kind: 'text', list: true, card: 'primary' },
  { source: 'code', kind: 'text', list: true, card: 'secondary' },
  { source: 'companyCode', kind: 'reference', list: true, filter: 'alwaysOn', render: (r) => <Platform code={r.companyCode} /> },
  { source: 'description', kind: 'text', list: true, sortable: false, card: 'tertiary' },
  { source: 'enabled', kind: 'status', labels: 'resources.role', list: true, filter: true },
  { source: 'permissions', kind: 'number', list: true, sortable: false, render: (r) => r.permissions.length },
  { source: 'createdAt', kind: 'datetime', list: true },
]);

function Platform({ code }: { code: string | null }) {
  const translate = useTranslate();
  return <>{code ?? translate('resources.role.values.platform')}</>;
}

export function RoleList() {
  return (
    <GenericList
      fields={LIST_FIELDS}
      title="menu.permissions"
      search="role-search"
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
      createTestId="role-create"
      gridTestId="roles-grid"
      gridSx={{ '& td.column-code': { whiteSpace: 'nowrap' } }}
      columns={[<StatusToggle key="status" label="app.assets.actions" field="enabled" prefix="resources.role" words={['enable', 'disable']} />]}
    />
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
