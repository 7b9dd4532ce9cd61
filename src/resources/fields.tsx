/**
 * The field declarations of a resource (issue 25 item 3): each field of an entity with its kind
 * and where it shows, read by the generic views (./GenericList.tsx, ./GenericShow.tsx,
 * ./GenericForm.tsx). Kinds:
 * - `text` (optionally monospace), `number` (with a unit, e.g. `kW`), `money` (with a currency,
 *   fixed or read from the record), `datetime` (`YYYY-MM-DD HH:mm:ss`, src/utils/date.ts);
 * - `enum` (choices labelled `<labels>.<value>` in both languages), `boolean` (yes / no labelled
 *   `<labels>.<true|false>`), `status` (the enabled chip of src/components/EnabledChip.tsx);
 * - `reference` (shows `display` of the record, e.g. the company's name; filtered and chosen by
 *   `source`, e.g. `companyCode`), `image` (an uploaded image's URL), `json` (pretty-printed).
 * Places: `list` (a column; `'optional'`: hidden until chosen with the column chooser), `card`
 * (the line of the phone card: primary, secondary or tertiary), `filter` (`'alwaysOn'` or in the
 * filter menu), `show`, `form` (an input, with its options). `render` and `input` override the
 * display and the input of one field where the entity is special.
 */
import type { ReactElement, ReactNode } from 'react';
import { BooleanInput, NumberInput, SelectInput, TextInput, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Box } from '@mui/material';
import { formatDateTime } from '../utils/date';
import { EnabledChip } from '../components/EnabledChip';
import { CompanyFilterInput } from '../components/filterInputs';
import { CompanyInput } from '../components/CompanyInput';
import { AuthImage } from '../components/AuthImage';

export type FieldKind = 'text' | 'number' | 'money' | 'datetime' | 'enum' | 'boolean' | 'status' | 'reference' | 'image' | 'json';

/** The input of a field in the create / edit form. */
export interface FormOptions {
  required?: boolean;
  /** Fixed once created (shown disabled on the edit form). */
  fixedOnEdit?: boolean;
  multiline?: boolean;
  helperText?: string;
  defaultValue?: unknown;
  /** `data-testid` of the input element. */
  testId?: string;
  /** Minimum width in px (default 320). */
  width?: number;
}

export interface FieldSpec<R extends RaRecord = RaRecord> {
  source: string;
  kind: FieldKind;
  /** i18n key of the label; default `resources.<resource>.fields.<source>` (react-admin's). */
  label?: string;
  /** `enum` / `boolean` / `status`: the prefix of the value labels (`<labels>.<value>`). */
  labels?: string;
  /** `enum`: the values. */
  choices?: readonly string[];
  /** `number`: the unit after the value. */
  unit?: string;
  /** `money`: a currency code, or the record field holding it. */
  currency?: string | { field: string };
  /** `reference`: the record field shown (e.g. `companyName` for `companyCode`). */
  display?: string;
  /** `text`: monospace (serial numbers, hashes, permissions). */
  mono?: boolean;
  list?: boolean | 'optional';
  card?: 'primary' | 'secondary' | 'tertiary';
  filter?: boolean | 'alwaysOn';
  show?: boolean;
  form?: boolean | FormOptions;
  sortable?: boolean;
  textAlign?: 'left' | 'right';
  /** Text shown for an empty value (default "—"). */
  emptyText?: string;
  /** The display of the field where the entity is special. */
  render?: (record: R) => ReactNode;
  /** The input of the field where the entity is special (receives `edit`). */
  input?: (edit: boolean) => ReactElement | null;
}

/** Declares the fields of a resource (typed by its record). */
export const defineFields = <R extends RaRecord>(fields: FieldSpec<R>[]): FieldSpec<R>[] => fields;

const valueAt = (record: RaRecord, source: string): unknown => record[source];

/** The display text (or element) of `field` on `record`, by kind. */
export function displayOf(field: FieldSpec, record: RaRecord, translate: (key: string, options?: object) => string): ReactNode {
  if (field.render) return field.render(record as never);
  const v = valueAt(record, field.kind === 'reference' ? (field.display ?? field.source) : field.source);
  const empty = field.emptyText ?? '—';
  if (field.kind === 'status') return <EnabledChip prefix={field.labels ?? ''} />;
  if (v === null || v === undefined || v === '') return empty;
  switch (field.kind) {
    case 'datetime':
      return formatDateTime(v as string);
    case 'enum':
    case 'boolean':
      return translate(`${field.labels}.${String(v)}`, { _: String(v) });
    case 'number':
      return field.unit ? `${v} ${field.unit}` : String(v);
    case 'money': {
      const currency = typeof field.currency === 'string' ? field.currency : field.currency ? String(valueAt(record, field.currency.field) ?? '') : '';
      return `${Number(v).toFixed(2)}${currency ? ` ${currency}` : ''}`;
    }
    case 'image':
      return <AuthImage path={String(v)} alt={field.source} style={{ maxHeight: 32, maxWidth: 96 }} />;
    case 'json':
      return (
        <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(v, null, 2)}
        </Box>
      );
    default:
      return field.mono ? (
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {String(v)}
        </Box>
      ) : (
        String(v)
      );
  }
}

/** One field of the record in context, displayed by its kind (a react-admin field: `source` and `label` feed the column header). */
export function DeclaredField({ field }: { field: FieldSpec; source?: string; label?: string; sortable?: boolean; textAlign?: string; sortBy?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return <>{displayOf(field, record, translate)}</>;
}

const choicesOf = (field: FieldSpec) =>
  (field.kind === 'boolean' ? ['true', 'false'] : (field.choices ?? [])).map((c) => ({ id: c, name: `${field.labels}.${c}` }));

/** The filter input of `field` (`alwaysOn` from its declaration). */
export function filterInput(field: FieldSpec): ReactElement {
  const common = { key: field.source, source: field.source, alwaysOn: field.filter === 'alwaysOn', ...(field.label ? { label: field.label } : {}) };
  if (field.kind === 'reference' && field.source === 'companyCode') return <CompanyFilterInput {...common} />;
  if (field.kind === 'enum' || field.kind === 'boolean' || field.kind === 'status') {
    return (
      <SelectInput
        {...common}
        choices={field.kind === 'status' ? ['true', 'false'].map((c) => ({ id: c, name: `${field.labels}.values.enabled.${c}` })) : choicesOf(field)}
      />
    );
  }
  return <TextInput {...common} />;
}

/** The form input of `field` (react-admin input by kind; `input` where the entity is special). */
export function formInput(field: FieldSpec, edit: boolean): ReactElement | null {
  if (field.input) return field.input(edit);
  const o: FormOptions = typeof field.form === 'object' ? field.form : {};
  const common = {
    key: field.source,
    source: field.source,
    label: field.label,
    isRequired: o.required,
    helperText: o.helperText,
    defaultValue: o.defaultValue,
    disabled: edit && o.fixedOnEdit,
  };
  const html = o.testId ? { slotProps: { htmlInput: { 'data-testid': o.testId } } } : {};
  const sx = { minWidth: o.width ?? 320 };
  switch (field.kind) {
    case 'reference':
      return field.source === 'companyCode' ? (
        <CompanyInput key={field.source} disabled={common.disabled} isRequired={o.required} />
      ) : (
        <TextInput {...common} sx={sx} {...html} />
      );
    case 'number':
    case 'money':
      return <NumberInput {...common} sx={sx} {...html} />;
    case 'enum':
      return <SelectInput {...common} choices={choicesOf(field)} sx={sx} />;
    case 'boolean':
    case 'status':
      return <BooleanInput {...common} />;
    default:
      return (
        <TextInput {...common} multiline={o.multiline} minRows={o.multiline ? 2 : undefined} sx={{ minWidth: o.multiline ? 480 : sx.minWidth }} {...html} />
      );
  }
}
