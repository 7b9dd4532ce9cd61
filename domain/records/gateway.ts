/** Records of `GET /sp/gateway` and `GET /sp/gateway/{id}` (spec §3 "Gateway"), built by the server, read by the console; types only. */

import type { DashboardState } from '../enums.js';

/** A gateway of `GET /sp/gateway` (spec §3 "Gateway"; times ISO-8601 UTC). */
export interface GatewayRecord {
  id: number;
  serialNum: string;
  companyCode: string;
  companyName: string | null;
  stationId: number | null;
  stationName: string | null;
  lifeStatus: string;
  firmwareVersion: string | null;
  /** From the gateway's BootNotification. */
  vendor: string | null;
  model: string | null;
  online: boolean;
  lastSeenAt: string | null;
  /** True when the gateway must authenticate (HTTP Basic) to connect. */
  hasOcppPassword: boolean;
  chargerCount: number;
  createdAt: string | null;
}

/** A charger of a gateway in `GET /sp/gateway/{id}` (spec §3 "Charger"; live state from OCPP). */
export interface GatewayCharger {
  id: number;
  serialNum: string;
  online: boolean;
  /** Run status of the whole charger (OCPP connector 0). */
  runStatus: string | null;
  /** What the charger is doing, its connectors included (the dashboard split: offline, faulty, charging, occupied, available). */
  dashboardState: DashboardState;
  lifeStatus: string;
  firmwareVersion: string | null;
  /** When the charger was last heard from (ISO), null when never. */
  lastSeenAt: string | null;
}

/** `GET /sp/gateway/{id}`: the gateway with its chargers (by `charger.gatewaySn`; spec §3 "Gateway"). */
export interface GatewayDetail extends GatewayRecord {
  chargers: GatewayCharger[];
}
