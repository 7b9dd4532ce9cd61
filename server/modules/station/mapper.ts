/** Station rows → API records (requirements §3 field names; coordinates as numbers, times ISO-8601 UTC). */
import type { InferSelectModel } from 'drizzle-orm';
import type { StationRecord } from '../../../domain/entities/station.js';
import { storedJson } from '../../../domain/entities/stored.js';
import type { station } from '../../db/schema.js';

type StationRow = InferSelectModel<typeof station>;

/** Joined columns that come with a station row. */
export interface StationExtras {
  companyName: string | null;
  groupName: string | null;
  rateTemplateName: string | null;
  currency: string | null;
  chargerCount: number | string;
}

/** Maps a row and its joined columns to the API record: the row as stored, coordinates as numbers. */
export function toStationRecord(s: StationRow, x: StationExtras): StationRecord {
  return {
    ...storedJson(s),
    latitude: s.latitude === null ? null : Number(s.latitude),
    longitude: s.longitude === null ? null : Number(s.longitude),
    companyName: x.companyName,
    groupName: x.groupName,
    rateTemplateName: x.rateTemplateName,
    currency: x.currency,
    chargerCount: Number(x.chargerCount),
  };
}
