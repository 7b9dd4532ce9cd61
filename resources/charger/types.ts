/** The charger record of `GET /sp/charger` (requirements §3, requirements §12). */
export interface ConnectorState {
  connectorId: number;
  status: string;
  errorCode?: string | null;
  info?: string | null;
  statusAt?: string | null;
}

export interface ChargerRecord {
  id: number;
  serialNum: string;
  companyCode: string;
  companyName?: string | null;
  stationId?: number | null;
  stationName?: string | null;
  chargerStationCode?: string | null;
  phase?: string | null;
  lifeStatus?: string | null;
  type?: string | null;
  ratedPowerKw?: string | number | null;
  runStatus?: string | null;
  online: boolean;
  lastSeenAt?: string | null;
  firmwareVersion?: string | null;
  vendor?: string | null;
  model?: string | null;
  gatewaySn?: string | null;
  dashboardState: 'available' | 'charging' | 'occupied' | 'faulty' | 'offline';
  connectors: ConnectorState[];
  activeOrderNo?: string | null;
}
