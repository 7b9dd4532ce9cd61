/**
 * The event catalogue (requirements R3.25, R3.26, R4.3, §13): the
 * named charger faults and warnings, the custom events, their level and their names in both
 * languages, and how an OCPP 1.6 StatusNotification `errorCode` maps onto them.
 *
 * - Faults and warnings come from a charger's StatusNotification: `errorCode` (OCPP 1.6
 *   ChargePointErrorCode) through {@link OCPP_ERROR_EVENTS}; a vendor's own `vendorErrorCode` may be
 *   mapped more precisely by the operator's vendor table (server/modules/event/vendor-codes.ts),
 *   which wins over the OCPP mapping.
 * - Custom events are raised by the server where they happen (offline devices, meter regression,
 *   settlement problems).
 *
 * Statuses: HAPPENING (open) → PROCESSED (handle method + handler) or IGNORED by an operator, or
 * RECOVERED when the device reports NoError / comes back online.
 */
import type { Lang } from './errors.js';

/** requirements §4 event statuses. */
export const EVENT_STATUSES = ['HAPPENING', 'PROCESSED', 'IGNORED', 'RECOVERED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Levels: a fault stops charging, a warning degrades it, a custom event is a business anomaly. */
export const EVENT_LEVELS = ['fault', 'warning', 'custom'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

/** The device an event is about. */
export const EVENT_DEVICE_TYPES = ['charger', 'gateway'] as const;
export type EventDeviceType = (typeof EVENT_DEVICE_TYPES)[number];

interface EventTypeInfo {
  level: EventLevel;
  en: string;
  zh: string;
}

/** Every event type: its level and its name in each language. */
export const EVENT_TYPE_INFO = {
  // faults (requirements §3: over-voltage, over-current, leakage, relay, grounding, phase sequence,
  // emergency stop, lock, CP voltage, meter, BMS, contactor and more)
  OVER_VOLTAGE: { level: 'fault', en: 'Over-voltage', zh: '过压' },
  UNDER_VOLTAGE: { level: 'fault', en: 'Under-voltage', zh: '欠压' },
  OVER_CURRENT: { level: 'fault', en: 'Over-current', zh: '过流' },
  LEAKAGE: { level: 'fault', en: 'Leakage (residual current)', zh: '漏电' },
  RELAY_FAULT: { level: 'fault', en: 'Relay fault', zh: '继电器故障' },
  GROUNDING_FAULT: { level: 'fault', en: 'Grounding fault', zh: '接地故障' },
  PHASE_SEQUENCE: { level: 'fault', en: 'Phase sequence error', zh: '相序错误' },
  EMERGENCY_STOP: { level: 'fault', en: 'Emergency stop', zh: '急停' },
  LOCK_FAULT: { level: 'fault', en: 'Connector lock fault', zh: '枪锁故障' },
  CP_VOLTAGE: { level: 'fault', en: 'CP voltage abnormal', zh: 'CP电压异常' },
  METER_FAULT: { level: 'fault', en: 'Meter fault', zh: '电表故障' },
  BMS_FAULT: { level: 'fault', en: 'BMS fault', zh: 'BMS故障' },
  CONTACTOR_FAULT: { level: 'fault', en: 'Contactor fault', zh: '接触器故障' },
  OVER_TEMPERATURE: { level: 'fault', en: 'Over-temperature', zh: '过温' },
  READER_FAULT: { level: 'fault', en: 'Card reader fault', zh: '读卡器故障' },
  INTERNAL_ERROR: { level: 'fault', en: 'Internal error', zh: '内部错误' },
  OTHER_FAULT: { level: 'fault', en: 'Other fault', zh: '其他故障' },
  // warnings (derating, humidity, insulation, fan, module)
  DERATING: { level: 'warning', en: 'Derating', zh: '降功率运行' },
  HUMIDITY: { level: 'warning', en: 'Humidity high', zh: '湿度过高' },
  INSULATION: { level: 'warning', en: 'Insulation warning', zh: '绝缘告警' },
  FAN_WARNING: { level: 'warning', en: 'Fan warning', zh: '风扇告警' },
  MODULE_WARNING: { level: 'warning', en: 'Power module warning', zh: '电源模块告警' },
  WEAK_SIGNAL: { level: 'warning', en: 'Weak signal', zh: '信号弱' },
  LOCAL_LIST_CONFLICT: { level: 'warning', en: 'Local list conflict', zh: '本地列表冲突' },
  RESET_FAILURE: { level: 'warning', en: 'Reset failure', zh: '重启失败' },
  // custom events
  CHARGER_OFFLINE: { level: 'custom', en: 'Charger offline', zh: '充电桩离线' },
  GATEWAY_OFFLINE: { level: 'custom', en: 'Gateway offline', zh: '网关离线' },
  METER_REGRESSION: { level: 'custom', en: 'Consumption lower than the last record', zh: '上报电量低于上次记录' },
  INCOME_DUPLICATED: { level: 'custom', en: 'Company income duplication', zh: '公司收入重复' },
  INCOME_SAVE_FAILED: { level: 'custom', en: 'Company income save failure', zh: '公司收入保存失败' },
  ORDER_NOT_FOUND: { level: 'custom', en: 'Order does not exist', zh: '订单不存在' },
  ORDER_ALREADY_PAID: { level: 'custom', en: 'Order already paid', zh: '订单已支付' },
} as const satisfies Record<string, EventTypeInfo>;

export type EventType = keyof typeof EVENT_TYPE_INFO;
export const EVENT_TYPES = Object.keys(EVENT_TYPE_INFO) as [EventType, ...EventType[]];

/** The fault and warning types, i.e. those a vendor code may be mapped to. */
export const DEVICE_EVENT_TYPES = EVENT_TYPES.filter((t) => EVENT_TYPE_INFO[t].level !== 'custom') as [EventType, ...EventType[]];

/** Events that end on their own when the device is well again (NoError, back online). */
export function isRecoverable(type: EventType): boolean {
  return EVENT_TYPE_INFO[type].level !== 'custom' || type === 'CHARGER_OFFLINE' || type === 'GATEWAY_OFFLINE';
}

/** True for a known event type. */
export function isEventType(v: string): v is EventType {
  return Object.hasOwn(EVENT_TYPE_INFO, v);
}

/** The level of `type`. */
export function eventLevel(type: EventType): EventLevel {
  return EVENT_TYPE_INFO[type].level;
}

/** The name of an event type in `lang`; an unknown type is shown as stored. */
export function eventTypeLabel(type: string, lang: Lang): string {
  return isEventType(type) ? EVENT_TYPE_INFO[type][lang] : type;
}

/**
 * OCPP 1.6 ChargePointErrorCode → event type (docs/ocpp.md "Fault mapping"). `NoError` is
 * absent: it recovers. `OtherError` is OTHER_FAULT unless the vendor table knows the vendor code.
 */
export const OCPP_ERROR_EVENTS: Readonly<Record<string, EventType>> = {
  ConnectorLockFailure: 'LOCK_FAULT',
  EVCommunicationError: 'CP_VOLTAGE',
  GroundFailure: 'GROUNDING_FAULT',
  HighTemperature: 'OVER_TEMPERATURE',
  InternalError: 'INTERNAL_ERROR',
  LocalListConflict: 'LOCAL_LIST_CONFLICT',
  OtherError: 'OTHER_FAULT',
  OverCurrentFailure: 'OVER_CURRENT',
  OverVoltage: 'OVER_VOLTAGE',
  PowerMeterFailure: 'METER_FAULT',
  PowerSwitchFailure: 'RELAY_FAULT',
  ReaderFailure: 'READER_FAULT',
  ResetFailure: 'RESET_FAILURE',
  UnderVoltage: 'UNDER_VOLTAGE',
  WeakSignal: 'WEAK_SIGNAL',
  // Not in OCPP 1.6's list, but sent by some chargers as errorCode.
  EmergencyStop: 'EMERGENCY_STOP',
};

/**
 * The event type of a StatusNotification error: the vendor table's entry when it has one
 * (`vendorType`), else the OCPP mapping, else OTHER_FAULT (an errorCode outside OCPP 1.6).
 * Null for `NoError` (nothing to open).
 */
export function eventTypeOfError(errorCode: string, vendorType?: EventType | null): EventType | null {
  if (errorCode === 'NoError') return null;
  return vendorType ?? OCPP_ERROR_EVENTS[errorCode] ?? 'OTHER_FAULT';
}
