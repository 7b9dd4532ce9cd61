/** Records of `GET /sp/station` and `GET /sp/station/{id}` (spec §3 "Station"), built by the server, read by the console; types only. */

import type { DashboardState } from '../enums.js';

/** A station of `GET /sp/station` (spec §3 "Station"; coordinates as numbers, times ISO-8601 UTC). */
export interface StationRecord {
  id: number;
  companyCode: string;
  companyName: string | null;
  groupId: number | null;
  groupName: string | null;
  name: string;
  status: string;
  visibility: string;
  locationType: string | null;
  maintainer: string;
  maintainerMobile: string;
  customerCompany: string | null;
  customerName: string | null;
  contactEmail: string | null;
  customerMobile: string | null;
  address: string;
  houseNumber: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  pricingModel: string | null;
  rateTemplateId: number | null;
  rateTemplateName: string | null;
  currency: string | null;
  /** Number of chargers registered at the station (spec §3 "number of chargers"). */
  chargerCount: number;
  stationCode: string | null;
  notifyEnabled: boolean;
  notifyRecipients: string | null;
  timeZone: string;
  createdAt: string | null;
}

/** A charger of a station in `GET /sp/station/{id}` (spec §3 "Charger"; live state from OCPP). */
export interface StationCharger {
  id: number;
  serialNum: string;
  chargerStationCode: string | null;
  type: string;
  phase: string;
  lifeStatus: string;
  gatewaySn: string | null;
  online: boolean;
  /** Run status of the whole charger (OCPP connector 0). */
  runStatus: string | null;
  /** What the charger is doing, its connectors included (the dashboard split: offline, faulty, charging, occupied, available). */
  dashboardState: DashboardState;
  firmwareVersion: string | null;
  lastSeenAt: string | null;
}

/** A gateway of a station in `GET /sp/station/{id}` (spec §3 "Gateway"; live state from OCPP). */
export interface StationGateway {
  id: number;
  serialNum: string;
  lifeStatus: string;
  online: boolean;
  firmwareVersion: string | null;
  lastSeenAt: string | null;
}

/** `GET /sp/station/{id}`: the station with its chargers and gateways (spec §3 "Station"). */
export interface StationDetail extends StationRecord {
  chargers: StationCharger[];
  gateways: StationGateway[];
}
