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
import { rateDetail, rateTax, rateTemplate } from '../../db/tables/pricing.js';
import { isoTime, ofCompany } from './api.js';
import { storedRecord } from './stored.js';

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
    if (v)
      ctx.addIssue({
        code: 'custom',
        path: v.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        params: { code: v.code, ...(v.values ? { values: v.values } : {}) },
      });
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
  companyCode: 600,
  modelName: 604,
  type: 604,
  currency: 604,
  serviceFeePerKwh: 604,
  electricityFeePerKwh: 604,
  serviceTax: 605,
  taxes: 605,
  taxName: 605,
  taxPercentage: 605,
  startTime: 615,
  endTime: 615,
};

/** `PUT /sp/rate-template/{id}/status`. */
export const rateTemplateStatusInput = z.object({ activated: z.boolean() });

/** A time window of a template (local `HH:mm`, end exclusive, `24:00` allowed); fee per kWh: the row of `rate_detail`. */
export const rateDetailRecord = storedRecord(rateDetail).omit({ templateId: true });
export type RateDetailRecord = z.infer<typeof rateDetailRecord>;

/** A tax of a template (percent): the row of `rate_tax`, without its template and position (the list is in order). */
export const rateTaxRecord = storedRecord(rateTax).omit({ templateId: true, position: true });
export type RateTaxRecord = z.infer<typeof rateTaxRecord>;

/**
 * A rate template as the API answers it (`GET /sp/rate-template`, `GET /sp/rate-template/{id}`):
 * the row of `rate_template` (db/tables/pricing.ts; service fee per kWh, service tax in percent of
 * the service fee) with its company's name, taxes, time windows and how many stations it prices.
 */
export const rateTemplateRecord = storedRecord(rateTemplate).extend({
  createdAt: isoTime.nullable(),
  updatedAt: isoTime.nullable(),
  companyName: ofCompany.companyName,
  taxes: z.array(rateTaxRecord),
  details: z.array(rateDetailRecord),
  /** Stations priced with this template. */
  stationCount: z.number().int(),
});
export type RateTemplateRecord = z.infer<typeof rateTemplateRecord>;
