/**
 * Form validation from a domain declaration (zod schema of `domain/entities`), the same rules the server applies, every failing field at once:
 * - an empty required field (the schema's own "is empty" rule, or a field of the `required` map
 *   whose value is blank) says "<field the user sees> cannot be empty" (`app.validation.empty`);
 * - any other failure says the rule's message (`domain/entities/messages.ts`: the catalogue's
 *   text such as "Name cannot contain numbers", or the format rule such as "The SN must be exactly
 *   16 characters"), in the user's language.
 * - a rule the service checks beyond the schema (a field rule: the password rule 732, no digits in a
 *   name 900) says its catalogue message on its field;
 * The result is react-admin's form `validate` shape: `{ field: message }`, nested for dotted paths
 * (`details.2.startTime` → `{ details: [, , { startTime }] }`).
 */
import { useCallback } from 'react';
import { useLocaleState, useResourceContext, useTranslate } from 'react-admin';
import type { z } from 'zod';
import type { ErrorCode, Lang } from '../../domain/errors';
import { fieldIssues, hasDigit, isBlank, isWeakPassword } from '../../domain/entities/rules';
import { fieldMessage } from '../../domain/entities/messages';

export interface SchemaValidateOptions {
  /** Fields required by the server but let through by the schema (blank answers the code). */
  required?: Readonly<Record<string, ErrorCode>>;
  /** Fields not checked here (e.g. fixed after creation). */
  skip?: readonly string[];
  /** Rules the service checks beyond the schema, each answering a catalogue code on its field. */
  rules?: readonly FieldRule[];
}

/** A rule of the service beyond the schema: `breaks(values)` → the field shows catalogue `code`. */
export interface FieldRule {
  field: string;
  code: ErrorCode;
  breaks: (values: Record<string, unknown>) => boolean;
}

const isEmptyValue = (v: unknown) => isBlank(v) || (Array.isArray(v) && v.length === 0);

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The password rule of the server (732: at least 8 characters, not the user name, not a common
 * password) on `field`, the user name read from `usernameField`; an empty password is left to the
 * "cannot be empty" rule.
 */
export const passwordRule = (field = 'password', usernameField = 'username'): FieldRule => ({
  field,
  code: 732,
  breaks: (v) => text(v[field]) !== '' && isWeakPassword(text(v[field]), text(v[usernameField])),
});

/** A field required only when `applies(values)` (e.g. a company unless the account is a platform administrator): its "is empty" code. */
export const requiredWhen = (field: string, code: ErrorCode, applies: (values: Record<string, unknown>) => boolean): FieldRule => ({
  field,
  code,
  breaks: (v) => applies(v) && isEmptyValue(v[field]),
});

/** No digits in a name (900), as the server answers. */
export const noDigitsRule = (field: string): FieldRule => ({ field, code: 900, breaks: (v) => hasDigit(text(v[field])) });

export interface MessageContext {
  lang: Lang;
  /** The label the user sees for a field (undefined when none is known). */
  label: (field: string) => string | undefined;
  /** "<label> cannot be empty" in the user's language. */
  emptyText: (label: string) => string;
}

type Errors = Record<string, unknown>;

const valueAt = (values: unknown, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), values);

function setAt(errors: Errors, path: string, message: string) {
  const keys = path.split('.');
  let node: Record<string, unknown> = errors;
  keys.forEach((k, i) => {
    if (i === keys.length - 1) node[k] = message;
    else {
      const nextIsIndex = /^\d+$/.test(keys[i + 1]);
      node[k] ??= nextIsIndex ? [] : {};
      node = node[k] as Record<string, unknown>;
    }
  });
}

/**
 * The field errors of `values` under `schema` (pure; `useSchemaValidate` is the form hook).
 * @returns `{}` when the values pass.
 */
export function schemaFieldErrors(schema: z.ZodType, values: Record<string, unknown>, ctx: MessageContext, options: SchemaValidateOptions = {}): Errors {
  const { required = {}, skip = [], rules = [] } = options;
  const failures = new Map<string, { key: string; values: Readonly<Record<string, string | number>>; empty: boolean }>();
  for (const [field, code] of Object.entries(required)) {
    if (!skip.includes(field) && isEmptyValue(valueAt(values, field))) failures.set(field, { key: `catalogue.${code}`, values: {}, empty: true });
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of fieldIssues(parsed.error.issues)) {
      const top = issue.field.split('.')[0];
      if (failures.has(issue.field) || skip.includes(top) || skip.includes(issue.field)) continue;
      const raw = valueAt(values, issue.field);
      const emptyRule = issue.code >= 600 && issue.code < 680;
      failures.set(issue.field, { key: issue.key, values: issue.values, empty: emptyRule || (issue.code === 400 && isBlank(raw)) });
    }
  }
  for (const rule of rules) {
    if (failures.has(rule.field) || skip.includes(rule.field) || !rule.breaks(values)) continue;
    failures.set(rule.field, { key: `catalogue.${rule.code}`, values: {}, empty: rule.code >= 600 && rule.code < 680 });
  }
  const errors: Errors = {};
  for (const [field, f] of failures) {
    const label = f.empty ? ctx.label(field) : undefined;
    setAt(errors, field, label ? ctx.emptyText(label) : fieldMessage(f.key, ctx.lang, f.values));
  }
  return errors;
}

/**
 * A react-admin form `validate` built once from `schema`. Labels come from
 * `resources.<resource>.fields.<field>` (or `labels`, field → i18n key, for inputs labelled
 * otherwise), so a message names the field the user sees.
 */
export function useSchemaValidate(schema: z.ZodType, options: SchemaValidateOptions & { labels?: Readonly<Record<string, string>> } = {}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const resource = useResourceContext();
  const lang: Lang = locale === 'zh' ? 'zh' : 'en';
  const { required, skip, rules, labels } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are new literals at every render; their content decides (rules by field and code)
  return useCallback(
    (values: Record<string, unknown>) =>
      schemaFieldErrors(
        schema,
        values,
        {
          lang,
          label: (field) => {
            const leaf = field.split('.').pop() as string;
            const key = labels?.[field] ?? labels?.[leaf] ?? `resources.${resource}.fields.${leaf}`;
            const text = translate(key, { _: '' });
            return text && text !== key ? text : undefined;
          },
          emptyText: (label) => translate('app.validation.empty', { field: label }),
        },
        { required, skip, rules },
      ),
    [schema, lang, translate, resource, JSON.stringify({ ...options, rules: rules?.map((r) => `${r.field}:${r.code}`) })],
  );
}
