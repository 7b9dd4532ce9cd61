/** The order record of `GET /sp/order` (requirements §3; amounts are decimal strings, energy kWh). */
export interface OrderRecord {
  id: number;
  orderNo: string;
  companyCode: string;
  companyName?: string | null;
  stationId?: number | null;
  stationName?: string | null;
  chargerId: number;
  chargerSn: string;
  connectorId: number;
  transactionId: number;
  idTag?: string | null;
  idTagStatus?: string | null;
  userType?: 'CARD' | 'APP' | null;
  userName?: string | null;
  chargerStartTime?: string | null;
  chargerStopTime?: string | null;
  serverStartTime?: string | null;
  serverStopTime?: string | null;
  meterStart?: number | null;
  meterStop?: number | null;
  energyKwh?: string | null;
  durationSeconds?: number | null;
  status: 'CHARGING' | 'FINISHED' | 'CLOSED';
  stopReason?: string | null;
  currency?: string | null;
  electricityFee?: string | null;
  serviceFee?: string | null;
  taxAmount?: string | null;
  cost?: string | null;
  totalAmount?: string | null;
  paid: boolean;
  breakdown?: unknown;
  /** ORDER_FLAGS of domain/enums.ts (implausible charger clock, superseded, stale, late stop…). */
  flags?: string[];
  meterValues?: MeterValue[];
}

/** One sampled value of `GET /sp/order/:id` (Energy.Active.Import.Register, Power.Active.Import). */
export interface MeterValue {
  timestamp: string;
  measurand: string;
  value: string | number;
  unit?: string | null;
}
