/**
 * Station (requirements §3 "Station", §5): a charging site. Required: company (600), name (603), status,
 * visibility, address, latitude and longitude (603), maintainer and maintainer mobile (616),
 * pricing model (810) and rate template (604); maintainer and customer names without digits
 * (900). The template must be of the pricing model's type, of the same company and activated
 * (server). Notified e-mail addresses must be e-mail addresses (741), and at least one is needed
 * while notifications are switched on (742). A station holding chargers or gateways cannot be deleted.
 */
import { z } from 'zod';
import { DASHBOARD_SPLIT } from '../enums.js';
import { RATE_TEMPLATE_TYPES } from '../rate-template.js';
import { station } from '../../db/tables/network.js';
import { int, isoTime, ofCompany, idFilter, listFilter } from './api.js';
import {
  answers,
  emptyAs,
  noDigits,
  numberField,
  optionalEmail,
  optionalEnum,
  optionalId,
  optionalText,
  phonePattern,
  patchOf,
  requiredEnum,
  requiredId,
  requiredText,
  timeZoneField,
} from './rules.js';
import { storedRecord } from './stored.js';

export const STATION_STATUSES = ['ACTIVE', 'INACTIVE', 'MAINTENANCE'] as const;
export const STATION_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export const LOCATION_TYPES = [
  'PARKING_LOT',
  'PARKING_GARAGE',
  'ON_STREET',
  'SHOPPING_CENTRE',
  'WORKPLACE',
  'RESIDENTIAL',
  'HOTEL',
  'HIGHWAY',
  'OTHER',
] as const;

/**
 * A station of `GET /sp/station`: the row of `station` (db/tables/network.ts) with its coordinates
 * as numbers, times ISO-8601 UTC, and the names of its company, group and rate template, the
 * company's currency and how many chargers it holds.
 */
export const stationRecord = storedRecord(station).extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: isoTime.nullable(),
  companyName: ofCompany.companyName,
  groupName: z.string().nullable(),
  rateTemplateName: z.string().nullable(),
  currency: z.string().nullable(),
  /** Number of chargers registered at the station. */
  chargerCount: int,
});
export type StationRecord = z.infer<typeof stationRecord>;

/** A charger of a station in `GET /sp/station/{id}` (live state from OCPP). */
export const stationCharger = z.object({
  id: int,
  serialNum: z.string(),
  chargerStationCode: z.string().nullable(),
  type: z.string(),
  phase: z.string(),
  lifeStatus: z.string(),
  gatewaySn: z.string().nullable(),
  online: z.boolean(),
  /** Run status of the whole charger (OCPP connector 0). */
  runStatus: z.string().nullable(),
  dashboardState: z.enum(DASHBOARD_SPLIT),
  firmwareVersion: z.string().nullable(),
  lastSeenAt: isoTime.nullable(),
});
export type StationCharger = z.infer<typeof stationCharger>;

/** A gateway of a station in `GET /sp/station/{id}` (live state from OCPP). */
export const stationGateway = z.object({
  id: int,
  serialNum: z.string(),
  lifeStatus: z.string(),
  online: z.boolean(),
  firmwareVersion: z.string().nullable(),
  lastSeenAt: isoTime.nullable(),
});
export type StationGateway = z.infer<typeof stationGateway>;

/** `GET /sp/station/{id}`: the station with its chargers and gateways. */
export const stationDetail = stationRecord.extend({ chargers: z.array(stationCharger), gateways: z.array(stationGateway) });
export type StationDetail = z.infer<typeof stationDetail>;

/** Splits a station's recipient text at commas, semicolons, spaces and new lines into its parts (blank parts dropped). */
export function recipientParts(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

const emailAddress = z.email();

/** True when `text` is one e-mail address. */
export const isEmailAddress = (text: string) => emailAddress.safeParse(text).success;

/**
 * The station's notified e-mail addresses (requirements §3 "Station notification switch and
 * recipients"): separated by commas, semicolons, spaces or new lines; every one an e-mail address
 * (else 741, naming the field); kept lower case, without repeats, as `a@x.org, b@y.org`.
 */
const recipientsField = optionalText(2000)
  .refine((v) => v == null || recipientParts(v).every(isEmailAddress), { error: answers(741) })
  .transform((v) => (v == null ? v : [...new Set(recipientParts(v).map((p) => p.toLowerCase()))].join(', ') || null));

/** The fields of the station form, field by field. */
export const stationFields = z.object({
  /** Filled from the caller for company users; required for platform administrators. */
  companyCode: requiredText(600, 64),
  /** The company's default group when absent. */
  groupId: optionalId(),
  name: requiredText(603, 100),
  status: requiredEnum(STATION_STATUSES, 603),
  visibility: requiredEnum(STATION_VISIBILITIES, 603),
  locationType: optionalEnum(LOCATION_TYPES),
  maintainer: noDigits(requiredText(616, 100)),
  maintainerMobile: requiredText(616, 32).regex(phonePattern, { error: 'validation.phone' }),
  customerCompany: optionalText(200),
  customerName: noDigits(optionalText(100)),
  contactEmail: optionalEmail,
  customerMobile: optionalText(32),
  address: requiredText(603, 1000),
  houseNumber: optionalText(32),
  city: optionalText(100),
  zip: optionalText(16),
  country: optionalText(100),
  latitude: numberField(
    z
      .number({ error: emptyAs(603) })
      .min(-90)
      .max(90),
  ),
  longitude: numberField(
    z
      .number({ error: emptyAs(603) })
      .min(-180)
      .max(180),
  ),
  /** The template type the station is priced with. */
  pricingModel: requiredEnum(RATE_TEMPLATE_TYPES, 810),
  rateTemplateId: requiredId(604),
  stationCode: optionalText(64),
  notifyEnabled: z.boolean().default(false),
  /** E-mail addresses of the notified persons (see {@link recipientsField}): each valid (741). */
  notifyRecipients: recipientsField,
  /** IANA time zone of the station (time-of-use windows are local). */
  timeZone: timeZoneField(),
});

/**
 * `POST /sp/station` (and the merged station of a `PUT`): with notifications switched on, at least
 * one recipient (742 on `notifyRecipients`).
 */
export const stationCreate = stationFields.superRefine((v, ctx) => {
  if (v.notifyEnabled && !v.notifyRecipients) ctx.addIssue({ code: 'custom', path: ['notifyRecipients'], message: answers(742) });
});
/** `PUT /sp/station/{id}`: the fields to change; the merged station is checked whole. */
export const stationUpdate = patchOf(stationFields);
export type StationInput = z.infer<typeof stationCreate>;

/** `GET /sp/station` filters (with the page query). */
export const stationFilters = z.object({
  companyCode: z.string().optional(),
  groupId: idFilter,
  status: listFilter,
  q: z.string().max(100).optional(),
});
