/**
 * The rule vocabulary of the entity declarations (`domain/entities/*.ts`) and the one mapping of a
 * failed parse to field errors, shared by the server (envelope `data.errors`) and the console's
 * forms, so both answer the same catalogue code and message for the same input.
 *
 * A rule's zod message is an i18n key (domain/entities/messages.ts):
 * - `catalogue.<code>`: the rule answers that catalogue code (requirements §8): the 600–679 "is empty"
 *   codes of required fields (docs/decisions.md numbers them), 900 for digits in a name, 649/650…;
 * - `validation.<rule>`: a format rule; it answers 400 "Parameter error" with the field named.
 * Zod's own messages (a rule declared without a key) map to a `validation.*` key by issue kind.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { fieldMessage, type MessageValues, type ValidationKey } from './messages.js';
import type { Lang } from '../errors.js';

/** True for absent, null, and blank strings. */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** `''` and whitespace-only strings become null; other values pass unchanged. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** The message key of a rule that answers catalogue `code`. */
export const answers = (code: ErrorCode) => `catalogue.${code}`;

/** A zod `error` option: an absent, null or blank value answers the "is empty" `code`. */
export const emptyAs = (code: ErrorCode) => (iss: { input?: unknown }) => (isBlank(iss.input) ? answers(code) : undefined);

/** OCPP identities (chargeBoxId in the URL): letters, digits, `.`, `_`, `-`. */
export const IDENTITY_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Charger SN length (requirements §9). */
export const SERIAL_LENGTH = 16;

/**
 * True when a person's name contains a number character (requirements §5, code 900): any Unicode number
 * (`\p{N}`: ASCII and Arabic-Indic digits, full-width `３`, superscripts `²`, Roman numerals `Ⅻ`,
 * vulgar fractions …), not only `0-9`. The one rule of the server and the console.
 */
export const hasDigit = (s: string | null | undefined) => !!s && /\p{N}/u.test(s);

/** Required text: trimmed, 1..`max` characters; absent, null or blank → the `empty` code. */
export const requiredText = (empty: ErrorCode, max: number) =>
  z
    .string({ error: emptyAs(empty) })
    .trim()
    .min(1, { error: answers(empty), abort: true })
    .max(max);

/** Optional text: trimmed, at most `max` characters; blank is sent as null (cleared). */
export const optionalText = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v));

/**
 * Optional instant: an ISO-8601 date-time with its offset (`2027-01-31T23:59:59Z`,
 * `…+08:00`); blank is sent as null (cleared), absent leaves it as it is.
 */
export const optionalDateTime = z.preprocess(blankToNull, z.iso.datetime({ offset: true, error: 'validation.dateTime' }).nullish());

/** A value of `values`, required: absent, null or blank → the `empty` code. */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T, empty: ErrorCode) => z.enum(values, { error: emptyAs(empty) });

/** An optional value of `values`; blank → null. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v));

/**
 * A number that may arrive as a numeric string (form fields); '' and null count as absent. With
 * `empty`, absence answers that code; without, the field is optional (null when absent).
 */
export function numberField<T extends z.ZodType<number | null | undefined>>(inner: T) {
  return z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : (v ?? undefined)), inner).meta({ type: 'number' });
}

/** A required whole number above 0 (an id), as a number or numeric string; absent → `empty`. */
export const requiredId = (empty: ErrorCode) =>
  numberField(
    z
      .number({ error: emptyAs(empty) })
      .int()
      .positive(),
  );

/** An optional id: absent, null or blank → null. */
export const optionalId = () => numberField(z.number().int().positive().nullish());

/** A person's name: no digits (900). */
export const noDigits = <T extends z.ZodType<string | null | undefined>>(schema: T) =>
  schema.refine((v) => !hasDigit(v as string | null | undefined), { error: answers(900) });

/** An optional e-mail address; blank → null. */
export const optionalEmail = z
  .union([z.email({ error: 'validation.email' }).trim().max(254), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));

/** A phone number: digits with optional leading +, spaces, dashes and parentheses. */
export const phonePattern = /^\+?[0-9 ()-]{3,32}$/;

/** A charger SN: exactly 16 characters of an OCPP identity (requirements §9); blank → 602. */
export const serialNumber = () =>
  requiredText(602, 64).length(SERIAL_LENGTH, { error: 'validation.serialLength' }).regex(IDENTITY_PATTERN, { error: 'validation.identity' });

/** True when `tz` is an IANA time zone the runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone, default UTC. */
export const timeZoneField = () => z.string().trim().min(1).max(64).refine(isTimeZone, { error: 'validation.timeZone' }).default('UTC');

/**
 * A decimal string (numbers are accepted and turned into strings) with at most `decimals`
 * fraction digits. `signed` lets a minus sign through so that a rule can answer its own code
 * (649 tax below 0, 650 negative amount) instead of 400. `message` is the key a malformed value
 * answers (rate templates keep `validation.format`, the message their screens have always shown).
 */
export const decimalString = (decimals: number, signed = false, message: ValidationKey = 'validation.decimal') =>
  z
    .preprocess(
      (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
      z.string().regex(new RegExp(`^${signed ? '-?' : ''}\\d{1,10}(\\.\\d{1,${decimals}})?$`), { error: message }),
    )
    .meta({ type: 'string', description: `decimal, at most ${decimals} fraction digits` });

/** One failing field: its path (`details.2.startTime`), the code it answers, its message key and values. */
export interface FieldIssue {
  field: string;
  code: ErrorCode;
  key: string;
  values: MessageValues;
}

/** The parts of a zod issue the mapping reads (also what fastify's validation error keeps). */
export interface IssueLike {
  path: readonly PropertyKey[];
  code?: string;
  message?: string;
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  exact?: boolean;
  /** `code`: the catalogue code the rule answers; `values`: what the message names (`detail`: the offending values). */
  params?: { code?: number; values?: MessageValues };
}

function keyOf(iss: IssueLike): string {
  if (typeof iss.params?.code === 'number') return `catalogue.${iss.params.code}`;
  if (iss.message && /^(catalogue|validation)\.\w+$/.test(iss.message)) return iss.message;
  const k: ValidationKey = (() => {
    switch (iss.code) {
      case 'too_big':
        return iss.exact
          ? 'validation.length'
          : iss.origin === 'string'
            ? 'validation.tooLong'
            : iss.origin === 'array'
              ? 'validation.tooMany'
              : 'validation.tooBig';
      case 'too_small':
        return iss.exact ? 'validation.length' : iss.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall';
      case 'invalid_format':
        return iss.format === 'email' ? 'validation.email' : iss.format === 'date' ? 'validation.date' : 'validation.format';
      case 'invalid_type':
        return iss.expected === 'int' ? 'validation.integer' : 'validation.type';
      case 'invalid_value':
        return 'validation.choice';
      case 'unrecognized_keys':
        return 'validation.unknownField';
      default:
        return 'validation.invalid';
    }
  })();
  return k;
}

/** One zod issue as a field failure. */
export function issueOf(iss: IssueLike): FieldIssue {
  const key = keyOf(iss);
  const m = /^catalogue\.(\d+)$/.exec(key);
  const values: Record<string, string | number> = {};
  if (iss.maximum !== undefined) values.max = Number(iss.maximum);
  if (iss.minimum !== undefined) values.min = Number(iss.minimum);
  if (iss.exact) values.length = Number(iss.minimum ?? iss.maximum);
  if (iss.params?.values) Object.assign(values, iss.params.values);
  return { field: iss.path.map(String).join('.') || 'body', code: (m ? Number(m[1]) : 400) as ErrorCode, key, values };
}

/** The failures of a parse, one per field (its first rule), in the declaration's field order. */
export function fieldIssues(issues: readonly IssueLike[]): FieldIssue[] {
  const seen = new Map<string, FieldIssue>();
  for (const iss of issues) {
    const f = issueOf(iss);
    if (!seen.has(f.field)) seen.set(f.field, f);
  }
  return [...seen.values()];
}

/** Parses `input`; on failure, every failing field at once. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): { success: true; data: z.output<S> } | { success: false; issues: FieldIssue[] } {
  const r = schema.safeParse(input);
  return r.success ? { success: true, data: r.data } : { success: false, issues: fieldIssues(r.error.issues) };
}

/** `{ field: message }` of failures in `lang` (the envelope's `data.errors`, a form's field errors). */
export function fieldErrors(issues: readonly FieldIssue[], lang: Lang): Record<string, string> {
  return Object.fromEntries(issues.map((i) => [i.field, fieldMessage(i.key, lang, i.values)]));
}

/**
 * The input of a partial update (`PUT` of some fields): every field optional and without its
 * default, so that a field left out keeps the stored value instead of taking the default.
 */
export function patchOf<S extends z.ZodObject>(fields: S): ReturnType<S['partial']> {
  const shape = Object.fromEntries(
    Object.entries(fields.shape).map(([k, s]) => {
      const t = s as z.ZodType;
      return [k, (t instanceof z.ZodDefault ? (t.unwrap() as z.ZodType) : t).optional()];
    }),
  );
  return z.object(shape) as unknown as ReturnType<S['partial']>;
}

/** Shortest password that may be set (requirements R5.2, R5.16; the rule applies when setting, not at login). */
export const MIN_PASSWORD_LENGTH = 8;

/** Common passwords refused when a password is set (lower case; compared case-insensitively). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456',
  '123456789',
  '12345678',
  '12345',
  '1234567',
  '1234567890',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwerty',
  'qwerty123',
  'qwerty1234',
  'qwertyuiop',
  'qwe123',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjk',
  'asdfghjkl',
  'asdf1234',
  'zxcvbnm',
  'zxcvbnm1',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '12341234',
  '11223344',
  '87654321',
  '98765432',
  '123123123',
  '12344321',
  '147258369',
  '159753',
  '987654321',
  '123qweasd',
  'abc12345',
  'abcd1234',
  'abcdefgh',
  'a1b2c3d4',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome',
  'welcome1',
  'welcome123',
  'letmein',
  'letmein1',
  'monkey123',
  'dragon12',
  'master12',
  'superman',
  'trustno1',
  'whatever',
  'starwars',
  'computer',
  'michelle',
  'jennifer',
  'shadow12',
  'charlie1',
  'jordan23',
  'access14',
  'mustang1',
  'freedom1',
  'admin',
  'admin123',
  'admin1234',
  'administrator',
  'root1234',
  'toor1234',
  'changeme',
  'changeme1',
  'default1',
  'test1234',
  'testtest',
  'guest123',
  'user1234',
  'login123',
  'secret12',
  'hello123',
  'helloworld',
  'google123',
  'woaini1314',
  '5201314',
  'aa123456',
  'a123456789',
  'qq123456',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'pass1234',
  'passpass',
  '1234qwer',
  'qwer1234',
  'chargedesk',
  'chargedesk1',
]);

/**
 * The password rule (item "weak passwords"): at least MIN_PASSWORD_LENGTH characters, not equal to
 * the user name (case-insensitive), not in COMMON_PASSWORDS. True when `password` breaks it; the
 * server answers 732 and the console shows the same catalogue message.
 */
export function isWeakPassword(password: string, username?: string | null): boolean {
  const p = password.toLowerCase();
  if (password.length < MIN_PASSWORD_LENGTH) return true;
  if (username && p === username.trim().toLowerCase()) return true;
  return COMMON_PASSWORDS.has(p);
}

/*
 * Fields whose emptiness the service answers (operator, company user, role, menu, profile): a
 * blank or absent value passes the schema as null/undefined, and the service's `requireFields`
 * (server/http/required.ts) answers the field's "is empty" code (600–679) after the shape is
 * accepted; a malformed value answers zod's own 400 message.
 */

/** A field that is required on create: blank or absent passes (as null/undefined) for the service to answer its 6xx code. */
export const requiredField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullish());

/** Optional text: trimmed, at most `max` characters; blank becomes null (cleared). */
export const clearableText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullish());

/** Optional e-mail, stored lower case; blank becomes null. */
export const clearableEmail = z.preprocess(blankToNull, z.email().trim().max(254).toLowerCase().nullish());

/** Required text, trimmed, 1..`max` characters; its "is empty" code comes from the caller's table. */
export const nonBlankText = (max: number) => z.string().trim().min(1).max(max);

/** A phone number: digits with optional leading +, spaces, dashes and parentheses. */
export const phoneSchema = z.string().trim().max(32).regex(phonePattern);

/** Login names: letters, digits, `_ . @ -`, 2–64 characters. */
export const usernameSchema = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/);

/** Passwords as a shape: 6–64 characters (the strength rule, `isWeakPassword`, applies when one is set). */
export const passwordSchema = z.string().min(6).max(64);

/** A failure mapped to the catalogue: its code and the field path (`details.2.startTime`). */
export interface FieldFailure {
  code: ErrorCode;
  field: string;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/**
 * The catalogue code of the first issue of a failed parse, for declarations whose fields do not
 * name their "is empty" code themselves (rate templates, network assets):
 * - an issue of a rule with its own code (`params.code` or a `catalogue.<code>` message) → that code;
 * - a missing or empty value at a field listed in `emptyCodes` → the field's "is empty" code
 *   (600–679, 810…); the list is keyed by the field path, its last or its first segment;
 * - anything else → 400 (parameter error), naming the field.
 */
export function failureOf(error: z.ZodError, input: unknown, emptyCodes: Readonly<Record<string, ErrorCode>>): FieldFailure {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.');
  const own = issueOf(issue).code;
  if (own !== 400) return { code: own, field };
  const raw = valueAt(input, issue.path);
  const empty = isBlank(raw) || (Array.isArray(raw) && raw.length === 0);
  const last = String(issue.path[issue.path.length - 1] ?? '');
  const key = [field, last, String(issue.path[0] ?? '')].find((k) => k in emptyCodes) ?? '';
  if (empty && key in emptyCodes) return { code: emptyCodes[key], field };
  return { code: 400, field: field || 'body' };
}
