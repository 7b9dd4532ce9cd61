/**
 * Create and edit views of a resource built from its field declarations (./fields.tsx, issue 25
 * item 3): react-admin's `SimpleForm` with the `form` fields' inputs, validated by the entity's zod
 * schema from `domain/entities` through src/forms/schemaValidate.ts (the server's own rules, every
 * failing field at once, in the user's language). `Create` and `Edit` (pessimistic,
 * src/components/RouteEdit.tsx) return to the list, react-admin's `redirect="list"` of the resource.
 */
import type { ReactElement } from 'react';
import { Create, SimpleForm, useTranslate, type CreateProps, type RaRecord } from 'react-admin';
import type { z } from 'zod';
import { FormToolbar } from '../components/FormToolbar';
import { RouteEdit, type RouteEditProps } from '../components/RouteEdit';
import { useSchemaValidate, type SchemaValidateOptions } from '../forms/schemaValidate';
import { formInput, type FieldSpec } from './fields';

export interface GenericFormProps<R extends RaRecord> {
  fields: FieldSpec<R>[];
  /** The entity's input schema (domain/entities). */
  schema: z.ZodType;
  validation?: SchemaValidateOptions & { labels?: Readonly<Record<string, string>> };
  edit?: boolean;
  toolbar?: ReactElement;
  testId?: string;
}

export function GenericForm<R extends RaRecord>({ fields, schema, validation, edit = false, toolbar, testId }: GenericFormProps<R>) {
  const validate = useSchemaValidate(schema, validation);
  return (
    <SimpleForm validate={validate} toolbar={toolbar ?? <FormToolbar />} data-testid={testId}>
      {fields.filter((f) => f.form).map((f) => formInput(f as FieldSpec, edit))}
    </SimpleForm>
  );
}

/** The create view (back to the list once saved). `title`: an i18n key. */
export function GenericCreate<R extends RaRecord>({
  title,
  form,
  ...props
}: Omit<CreateProps, 'title' | 'children'> & { title: string; form: GenericFormProps<R> }) {
  const translate = useTranslate();
  return (
    <Create redirect="list" title={translate(title)} {...props}>
      <GenericForm {...form} />
    </Create>
  );
}

/** The edit view (back to the list once saved). */
export function GenericEdit<R extends RaRecord>({ form, title, ...props }: Omit<RouteEditProps, 'children'> & { form: GenericFormProps<R> }) {
  return (
    <RouteEdit redirect="list" title={title} {...props}>
      <GenericForm {...form} edit />
    </RouteEdit>
  );
}
