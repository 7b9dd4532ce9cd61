/**
 * Rate template form and API body (requirements §3 "Pricing (rate) template", §5 "Pricing"): the shape
 * here, the rules of `domain/rate-template.ts` as a refinement (each issue carries its catalogue
 * code in `params.code`). Service fee per kWh at most 2 decimals; electricity fee per kWh at most
 * 4; tax and service-tax percentages at most 3 and 2 decimals. Empty model name → 604.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { CURRENCIES } from '../enums.js';
import { checkRateTemplate, RATE_TEMPLATE_TYPES, type RateTemplateContext } from '../rate-template.js';
import { clearableText, decimalString, nonBlankText } from './rules.js';
import { ofCompany } from './api.js';

export const rateDetailInput = z.object({
  /** Local `HH:mm`, inclusive. */
  startTime: z.string().trim(),
  /** Local `HH:mm`, exclusive; `24:00` allowed. */
  endTime: z.string().trim(),
  /** Per kWh; a minus sign is read so that it answers 650. */
  electricityFeePerKwh: decimalString(4, true, 'validation.format').refine((v) => !v.startsWith('-'), { params: { code: 650 } }),
});

export const rateTaxInput = z.object({
  taxName: z.string().trim().max(64),
  /** Percent; below 0 → 649. */
  taxPercentage: decimalString(3, true, 'validation.format'),
});

const base = z.object({
  /** Filled from the caller for company users; required for platform administrators. */
  companyCode: nonBlankText(64),
  modelName: nonBlankText(100),
  type: z.enum(RATE_TEMPLATE_TYPES),
  description: clearableText(500),
  currency: z.enum(CURRENCIES),
  serviceFeePerKwh: decimalString(2, false, 'validation.format'),
  /** Percent of the service fee; below 0 → 649. */
  serviceTax: decimalString(2, true, 'validation.format'),
  activated: z.boolean().default(false),
  taxes: z.array(rateTaxInput).default([]),
  details: z.array(rateDetailInput).default([]),
});

/**
 * The template schema for a context: the popup (`template`, 5 taxes) or the station profile
 * screen (`station`, 4 taxes). Rule failures are issues whose `params.code` is the catalogue code.
 */
export function rateTemplateSchema(context: RateTemplateContext = 'template') {
  return base.superRefine((t, ctx) => {
    const v = checkRateTemplate(t, context);
    if (v) ctx.addIssue({ code: 'custom', path: v.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), params: { code: v.code, ...(v.values ? { values: v.values } : {}) } });
  });
}
export const rateTemplateInput = rateTemplateSchema('template');
export type RateTemplateInput = z.infer<typeof base>;

/**
 * The "is empty" code of each field when it is missing or blank (requirements R8.6): the pricing
 * template's 604 for its own fields (type, currency, service fee, a window's electricity fee),
 * 605 for taxes and the service tax, 615 for a window's times, 600 for the company.
 */
export const RATE_TEMPLATE_EMPTY_CODES: Readonly<Record<string, ErrorCode>> = {
  companyCode: 600, modelName: 604, type: 604, currency: 604, serviceFeePerKwh: 604, electricityFeePerKwh: 604,
  serviceTax: 605, taxes: 605, taxName: 605, taxPercentage: 605, startTime: 615, endTime: 615,
};

/** `PUT /sp/rate-template/{id}/status`. */
export const rateTemplateStatusInput = z.object({ activated: z.boolean() });

/** A time window of a template (local `HH:mm`, end exclusive, `24:00` allowed); fee per kWh. */
export const rateDetailRecord = z.object({ id: z.number().int(), startTime: z.string(), endTime: z.string(), electricityFeePerKwh: z.string() });
export type RateDetailRecord = z.infer<typeof rateDetailRecord>;

/** A tax of a template (percent). */
export const rateTaxRecord = z.object({ id: z.number().int(), taxName: z.string(), taxPercentage: z.string() });
export type RateTaxRecord = z.infer<typeof rateTaxRecord>;

/** A rate template as the API answers it (`GET /sp/rate-template`, `GET /sp/rate-template/{id}`). */
export const rateTemplateRecord = z.object({
  id: z.number().int(),
  ...ofCompany,
  modelName: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  currency: z.string(),
  /** Per kWh, decimal string. */
  serviceFeePerKwh: z.string(),
  /** Percent of the service fee. */
  serviceTax: z.string(),
  activated: z.boolean(),
  taxes: z.array(rateTaxRecord),
  details: z.array(rateDetailRecord),
  /** Stations priced with this template. */
  stationCount: z.number().int(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type RateTemplateRecord = z.infer<typeof rateTemplateRecord>;
