/**
 * The state of the rate-template editor and its checks, pure (no React) so they are unit-tested:
 * the editor's values, the API body they make (`POST/PUT /sp/rate-template`), and every problem
 * to show before saving — field formats (model name 604, service fee ≤ 2 decimals, fees ≤ 4,
 * percentages ≤ 3 / 2 decimals) and the template rules of domain/rate-template.ts with their
 * catalogue messages.
 */
import { catalogueMessage, isCatalogueCode } from '../../../domain/errors';
import { maxTaxes, type RateRow, type RateTemplateContext, type RateTemplateType, type TaxInput } from '../../../domain/rate-template';
import type { RateTemplateRecord } from '../../../domain/entities/rate-template';
import { errorCode } from '../../../dataProvider/httpClient';
import { templateProblem, type EditorProblem } from './timeline';

export interface EditorState {
  companyCode: string;
  modelName: string;
  type: RateTemplateType;
  description: string;
  currency: string;
  serviceFeePerKwh: string;
  serviceTax: string;
  activated: boolean;
  taxes: TaxInput[];
  details: RateRow[];
}

/** A new template: charged, one row for the whole day, one tax row. */
export function emptyState(companyCode = '', currency = 'EUR'): EditorState {
  return {
    companyCode,
    modelName: '',
    type: 'CHARGED',
    description: '',
    currency,
    serviceFeePerKwh: '0',
    serviceTax: '0',
    activated: true,
    taxes: [{ taxName: 'VAT', taxPercentage: '0' }],
    details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '0' }],
  };
}

/** The editor's state of a stored template. */
export function stateOf(r: RateTemplateRecord): EditorState {
  return {
    companyCode: r.companyCode,
    modelName: r.modelName,
    type: r.type === 'FREE' ? 'FREE' : 'CHARGED',
    description: r.description ?? '',
    currency: r.currency,
    serviceFeePerKwh: r.serviceFeePerKwh,
    serviceTax: r.serviceTax ?? '0',
    activated: r.activated,
    taxes: r.taxes.map((t) => ({ taxName: t.taxName, taxPercentage: t.taxPercentage })),
    details: r.details.map((d) => ({ startTime: d.startTime, endTime: d.endTime, electricityFeePerKwh: d.electricityFeePerKwh })),
  };
}

/** The API body: a free template is sent without rows. */
export function payloadOf(s: EditorState): Record<string, unknown> {
  return {
    companyCode: s.companyCode || undefined,
    modelName: s.modelName.trim(),
    type: s.type,
    description: s.description.trim() || null,
    currency: s.currency,
    serviceFeePerKwh: s.serviceFeePerKwh.trim(),
    serviceTax: s.serviceTax.trim() || '0',
    activated: s.activated,
    taxes: s.taxes.map((t) => ({ taxName: t.taxName.trim(), taxPercentage: t.taxPercentage.trim() })),
    details:
      s.type === 'FREE'
        ? []
        : s.details.map((d) => ({ startTime: d.startTime.trim(), endTime: d.endTime.trim(), electricityFeePerKwh: d.electricityFeePerKwh.trim() })),
  };
}

const decimal = (digits: number, signed = false) => new RegExp(`^${signed ? '-?' : ''}\\d{1,10}(\\.\\d{1,${digits}})?$`);

/** A problem of one field: its path and a message (catalogue text, or a console key when `key`). */
export interface FieldProblem {
  field: string;
  message: string;
  /** True when `message` is a translation key of the console (format errors). */
  key?: boolean;
  /** Interpolation values of a console key (e.g. `{ max: 4 }`). */
  args?: Record<string, unknown>;
  /** The catalogue code of a template rule (what the server would answer). */
  code?: number;
  index?: number;
}

/**
 * Every problem the editor shows, in order: field formats first, then the first template rule
 * broken in `context` (the server checks the same rule and answers the same text). Too many tax
 * rows (code 400 `taxes`, more than 5, or 4 on the station screen) is said with the console's
 * `errors.max_taxes` key and `{ max }`: the catalogue's 400 text only says "Parameter error".
 */
export function editorProblems(s: EditorState, lang: 'en' | 'zh', context: RateTemplateContext = 'template'): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!s.companyCode) out.push({ field: 'companyCode', message: catalogueMessage(600, lang) });
  if (!s.modelName.trim()) out.push({ field: 'modelName', message: 'resources.rate-template.errors.model_name_empty', key: true, code: 604 });
  if (!decimal(2).test(s.serviceFeePerKwh.trim())) out.push({ field: 'serviceFeePerKwh', message: 'resources.rate-template.errors.fee2', key: true });
  if (!decimal(2, true).test(s.serviceTax.trim() || '0')) out.push({ field: 'serviceTax', message: 'resources.rate-template.errors.percent2', key: true });
  s.taxes.forEach((t, i) => {
    if (t.taxPercentage.trim() && !decimal(3, true).test(t.taxPercentage.trim()))
      out.push({ field: `taxes.${i}.taxPercentage`, message: 'resources.rate-template.errors.percent3', key: true, index: i });
  });
  if (s.type === 'CHARGED') {
    s.details.forEach((d, i) => {
      if (!decimal(4, true).test(d.electricityFeePerKwh.trim()))
        out.push({ field: `details.${i}.electricityFeePerKwh`, message: 'resources.rate-template.errors.fee4', key: true, index: i });
      else if (d.electricityFeePerKwh.trim().startsWith('-'))
        out.push({ field: `details.${i}.electricityFeePerKwh`, message: catalogueMessage(650, lang), index: i });
    });
  }
  const body = payloadOf(s);
  const rule: EditorProblem | null = templateProblem(
    {
      type: s.type,
      taxes: body.taxes as TaxInput[],
      serviceTax: body.serviceTax as string,
      details: body.details as RateRow[],
    },
    lang,
    context,
  );
  if (rule?.code === 400 && rule.field === 'taxes') {
    out.push({ field: 'taxes', message: 'resources.rate-template.errors.max_taxes', key: true, args: { max: maxTaxes(context) }, code: 400 });
  } else if (rule) out.push({ field: rule.field, message: rule.message, index: rule.index, code: rule.code });
  return out;
}

/**
 * The text of a failed call (save or load) in the user's language: the catalogue message of the server's code
 * (with the field the server named, e.g. "Parameter error: taxes"), else the error's own message
 * (a console key such as `app.error.network`, or the server's text).
 * @returns `{ text, key }`: `key` true when `text` is a console translation key.
 */
export function serverErrorText(error: unknown, lang: 'en' | 'zh'): { text: string; key: boolean } {
  const code = errorCode(error);
  const message = (error as Error | null)?.message ?? '';
  if (code !== undefined && isCatalogueCode(code)) {
    const field = /:\s*([\w.]+)$/.exec(message)?.[1];
    return { text: field ? `${catalogueMessage(code, lang)}: ${field}` : catalogueMessage(code, lang), key: false };
  }
  return { text: message || 'app.error.load_failed', key: true };
}
