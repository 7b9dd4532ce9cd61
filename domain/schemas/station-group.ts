/**
 * Station group form and API body (spec §3 "Station group", §5: name and company code required).
 * Empty name → 601, empty company → 600 (see `STATION_GROUP_EMPTY_CODES`).
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { optText, reqText } from './asset-common.js';

export const stationGroupInput = z.object({
  name: reqText(100),
  /** Filled from the caller for company users; required for platform administrators. */
  companyCode: reqText(64),
  /** Making a group the default moves the flag from the company's previous default group. */
  isDefault: z.boolean().default(false),
  remark: optText(500),
});
export type StationGroupInput = z.infer<typeof stationGroupInput>;

export const STATION_GROUP_EMPTY_CODES: Readonly<Record<string, ErrorCode>> = { name: 601, companyCode: 600 };
