/** Station rows → API records (requirements §3 field names; coordinates as numbers, times ISO-8601 UTC). */
import type { InferSelectModel } from 'drizzle-orm';
import type { StationRecord } from '../../../domain/entities/station.js';
import type { station } from '../../db/schema.js';
import { iso } from './common.js';

type StationRow = InferSelectModel<typeof station>;

/** Joined columns that come with a station row. */
export interface StationExtras {
  companyName: string | null;
  groupName: string | null;
  rateTemplateName: string | null;
  currency: string | null;
  chargerCount: number | string;
}

/** Maps a row and its joined columns to the API record. */
export function toStationRecord(s: StationRow, x: StationExtras): StationRecord {
  return {
    id: s.id,
    companyCode: s.companyCode,
    companyName: x.companyName,
    groupId: s.groupId,
    groupName: x.groupName,
    name: s.name,
    status: s.status,
    visibility: s.visibility,
    locationType: s.locationType,
    maintainer: s.maintainer,
    maintainerMobile: s.maintainerMobile,
    customerCompany: s.customerCompany,
    customerName: s.customerName,
    contactEmail: s.contactEmail,
    customerMobile: s.customerMobile,
    address: s.address,
    houseNumber: s.houseNumber,
    city: s.city,
    zip: s.zip,
    country: s.country,
    latitude: s.latitude === null ? null : Number(s.latitude),
    longitude: s.longitude === null ? null : Number(s.longitude),
    pricingModel: s.pricingModel,
    rateTemplateId: s.rateTemplateId,
    rateTemplateName: x.rateTemplateName,
    currency: x.currency,
    chargerCount: Number(x.chargerCount),
    stationCode: s.stationCode,
    notifyEnabled: s.notifyEnabled,
    notifyRecipients: s.notifyRecipients,
    timeZone: s.timeZone,
    createdAt: iso(s.createdAt),
  };
}
