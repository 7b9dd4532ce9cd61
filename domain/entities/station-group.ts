/**
 * Station group (requirements §3 "Station group", §5): a named set of a company's stations; each company
 * has one default group. Required: name (601) and company (600).
 */
import { z } from 'zod';
import { int, isoTime, ofCompany, companyListFilters, flagFilter } from './api.js';
import { optionalText, patchOf, requiredText } from './rules.js';

/** A station group with its company name and the number of stations in it. */
export const stationGroupRecord = z.object({
  id: int,
  name: z.string(),
  ...ofCompany,
  isDefault: z.boolean(),
  remark: z.string().nullable(),
  stationCount: int,
  createdAt: isoTime.nullable(),
});
export type StationGroupRecord = z.infer<typeof stationGroupRecord>;

/** The fields of the station group form. */
export const stationGroupFields = z.object({
  name: requiredText(601, 100),
  /** Filled from the caller for company users; required for platform administrators. */
  companyCode: requiredText(600, 64),
  /** Making a group the default moves the flag from the company's previous default group. */
  isDefault: z.boolean().default(false),
  remark: optionalText(500),
});
export const stationGroupCreate = stationGroupFields;
export const stationGroupUpdate = patchOf(stationGroupFields);
export type StationGroupInput = z.infer<typeof stationGroupCreate>;

/** `GET /sp/station-group` filters (with the page query). */
export const stationGroupFilters = z.object({
  ...companyListFilters,
  isDefault: flagFilter,
});
