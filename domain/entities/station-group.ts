/**
 * Station group (requirements §3 "Station group", §5): a named set of a company's stations; each company
 * has one default group. Required: name (601) and company (600).
 */
import { z } from 'zod';
import { stationGroup } from '../../db/tables/network.js';
import { int, isoTime, ofCompany, companyListFilters, flagFilter } from './api.js';
import { optionalText, patchOf, requiredText } from './rules.js';
import { storedRecord } from './stored.js';

/** A station group: the row of `station_group` (db/tables/network.ts) with its company name and the number of stations in it. */
export const stationGroupRecord = storedRecord(stationGroup).extend({
  createdAt: isoTime.nullable(),
  companyName: ofCompany.companyName,
  stationCount: int,
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
