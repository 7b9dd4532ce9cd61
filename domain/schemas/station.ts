/**
 * Station form and API body (spec §3 "Station", §5): name, status, pricing model, visibility,
 * maintainer and maintainer mobile, address, latitude and longitude required. Empty name → 603,
 * empty maintainer fields → 616, no pricing model → 810, no template → 604, company → 600;
 * a maintainer or customer name with digits → 900 (spec §5 "Names cannot contain digits").
 * The template must be of the pricing model's type, of the same company and activated (server).
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { RATE_TEMPLATE_TYPES } from '../rate-template.js';
import { num, optText, reqText } from './asset-common.js';

export const STATION_STATUSES = ['ACTIVE', 'INACTIVE', 'MAINTENANCE'] as const;
export const STATION_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export const LOCATION_TYPES = ['PARKING_LOT', 'PARKING_GARAGE', 'ON_STREET', 'SHOPPING_CENTRE', 'WORKPLACE', 'RESIDENTIAL', 'HOTEL', 'HIGHWAY', 'OTHER'] as const;

const noDigits = (v: string | null | undefined) => !v || !/\d/.test(v);

export const stationInput = z.object({
  /** Filled from the caller for company users; required for platform administrators. */
  companyCode: reqText(64),
  /** The company's default group when absent. */
  groupId: num(z.number().int().positive().nullish()),
  name: reqText(100),
  status: z.enum(STATION_STATUSES),
  visibility: z.enum(STATION_VISIBILITIES),
  locationType: z.preprocess((v) => (v === '' ? null : v), z.enum(LOCATION_TYPES).nullish()),
  maintainer: reqText(100).refine(noDigits, { params: { code: 900 } }),
  maintainerMobile: z.string().trim().min(1).max(32).regex(/^\+?[0-9 ()-]{3,32}$/),
  customerCompany: optText(200),
  customerName: optText(100).refine(noDigits, { params: { code: 900 } }),
  contactEmail: z.preprocess((v) => (v === '' ? null : v), z.email().nullish()),
  customerMobile: optText(32),
  address: reqText(1000),
  houseNumber: optText(32),
  city: optText(100),
  zip: optText(16),
  country: optText(100),
  latitude: num(z.number().min(-90).max(90)),
  longitude: num(z.number().min(-180).max(180)),
  /** The template type the station is priced with (810 when missing). */
  pricingModel: z.enum(RATE_TEMPLATE_TYPES),
  rateTemplateId: num(z.number().int().positive()),
  stationCode: optText(64),
  notifyEnabled: z.boolean().default(false),
  /** E-mail addresses of the notified persons, comma separated. */
  notifyRecipients: optText(2000),
  /** IANA time zone of the station (time-of-use windows are local). */
  timeZone: z.string().trim().min(1).max(64).refine((tz) => {
    try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
  }).default('UTC'),
});
export type StationInput = z.infer<typeof stationInput>;

export const STATION_EMPTY_CODES: Readonly<Record<string, ErrorCode>> = {
  companyCode: 600, name: 603, maintainer: 616, maintainerMobile: 616, pricingModel: 810, rateTemplateId: 604,
};
