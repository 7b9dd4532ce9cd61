/**
 * The state a simulated charge point keeps (./charge-point.ts): its connectors and sessions, its
 * reservations and its configuration keys. Shared by the charge point and its OCPP handlers
 * (./handlers/).
 */

/** An OCPP payload as the simulator reads and writes it (validated by ocpp-rpc's strict mode). */
export type Conf = Record<string, unknown>;

/** A charging session running on a connector. */
export interface Session {
  connectorId: number;
  idTag: string;
  transactionId: number;
  meterStartWh: number;
  socPercent: number;
  /** Energy the vehicle takes before it stops drawing (Wh); the session then ends. */
  targetWh: number;
  /** When the transaction started (ms), for Relative charging profiles. */
  startedAt: number;
  timer?: NodeJS.Timeout;
  endTimer?: NodeJS.Timeout;
  done: Promise<void>;
  finish: (reason: string) => void;
}

/** A connector: its OCPP status, lifetime register, availability and running session. */
export interface ConnectorState {
  status: string;
  /** Lifetime energy register (Wh). */
  registerWh: number;
  available: boolean;
  session?: Session;
}

/** A reservation the charger holds on a connector (0 = the whole charger). */
export interface Reservation {
  id: number;
  idTag: string;
  /** Expiry (ms since the epoch). */
  expiresAt: number;
  timer: NodeJS.Timeout;
}

/** A configuration key: its value, read-only, applied only after a reboot, and its kind (a value of another kind is Rejected). */
export interface ConfEntry {
  value: string;
  readonly: boolean;
  reboot?: boolean;
  kind?: 'int' | 'bool';
}

/** Configuration keys the simulator reports (OCPP 1.6 Core, Local Auth List, Reservation and Smart Charging, part). */
export function defaultConfiguration(connectors: number): Map<string, ConfEntry> {
  return new Map<string, ConfEntry>([
    ['HeartbeatInterval', { value: '60', readonly: false, kind: 'int' }],
    ['MeterValueSampleInterval', { value: '10', readonly: false, kind: 'int' }],
    ['MeterValuesSampledData', { value: 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC', readonly: false }],
    ['NumberOfConnectors', { value: String(connectors), readonly: true }],
    ['AuthorizeRemoteTxRequests', { value: 'false', readonly: false, kind: 'bool' }],
    ['AuthorizationCacheEnabled', { value: 'true', readonly: false, kind: 'bool' }],
    ['StopTransactionOnInvalidId', { value: 'true', readonly: false, kind: 'bool' }],
    ['ConnectionTimeOut', { value: '60', readonly: false, kind: 'int' }],
    ['WebSocketPingInterval', { value: '30', readonly: false, reboot: true, kind: 'int' }],
    ['ConnectorPhaseRotation', { value: '0.RST', readonly: false, reboot: true }],
    ['LocalAuthListEnabled', { value: 'true', readonly: false, kind: 'bool' }],
    ['LocalPreAuthorize', { value: 'true', readonly: false, kind: 'bool' }],
    ['LocalAuthListMaxLength', { value: '1000', readonly: true }],
    ['SendLocalListMaxLength', { value: '1000', readonly: true }],
    ['ReserveConnectorZeroSupported', { value: 'false', readonly: true }],
    ['SupportedFeatureProfiles', { value: 'Core,FirmwareManagement,LocalAuthListManagement,Reservation,RemoteTrigger,SmartCharging', readonly: true }],
    ['ChargeProfileMaxStackLevel', { value: '20', readonly: true }],
    ['ChargingScheduleAllowedChargingRateUnit', { value: 'Current', readonly: true }],
  ]);
}
