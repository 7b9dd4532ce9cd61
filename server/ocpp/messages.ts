/**
 * OCPP 1.6J payload shapes the central system handles (the official JSON schemas, which ocpp-rpc
 * enforces in strict mode both ways, are the source of truth; these types mirror them). The OCPP
 * layer owns the protocol's shapes: services take them from here, never the reverse.
 */
/** One OCPP 1.6 SampledValue. */
export interface SampledValue {
  value: string;
  context?: string;
  format?: string;
  measurand?: string;
  phase?: string;
  location?: string;
  unit?: string;
}

/** One OCPP 1.6 MeterValue: a timestamp (ISO) and its sampled values. */
export interface MeterValueSet {
  timestamp: string;
  sampledValue: SampledValue[];
}

export type IdTagInfo = { status: 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx'; expiryDate?: string; parentIdTag?: string };

export interface BootNotificationReq {
  chargePointVendor: string;
  chargePointModel: string;
  chargePointSerialNumber?: string;
  chargeBoxSerialNumber?: string;
  firmwareVersion?: string;
  iccid?: string;
  imsi?: string;
  meterType?: string;
  meterSerialNumber?: string;
}
export interface BootNotificationConf {
  status: 'Accepted' | 'Pending' | 'Rejected';
  currentTime: string;
  interval: number;
}
export type HeartbeatReq = Record<string, never>;
export interface HeartbeatConf {
  currentTime: string;
}
export interface StatusNotificationReq {
  connectorId: number;
  errorCode: string;
  info?: string;
  status: string;
  timestamp?: string;
  vendorId?: string;
  vendorErrorCode?: string;
}
export type EmptyConf = Record<string, never>;
export interface AuthorizeReq {
  idTag: string;
}
export interface AuthorizeConf {
  idTagInfo: IdTagInfo;
}
export interface StartTransactionReq {
  connectorId: number;
  idTag: string;
  meterStart: number;
  reservationId?: number;
  timestamp: string;
}
export interface StartTransactionConf {
  idTagInfo: IdTagInfo;
  transactionId: number;
}
export interface MeterValuesReq {
  connectorId: number;
  transactionId?: number;
  meterValue: MeterValueSet[];
}
export interface StopTransactionReq {
  idTag?: string;
  meterStop: number;
  timestamp: string;
  transactionId: number;
  reason?: string;
  transactionData?: MeterValueSet[];
}
export interface StopTransactionConf {
  idTagInfo?: IdTagInfo;
}
export interface DataTransferReq {
  vendorId: string;
  messageId?: string;
  data?: string;
}
export interface DataTransferConf {
  status: 'Accepted' | 'Rejected' | 'UnknownMessageId' | 'UnknownVendorId';
  data?: string;
}
export interface FirmwareStatusNotificationReq {
  status: string;
}
export interface DiagnosticsStatusNotificationReq {
  status: string;
}
