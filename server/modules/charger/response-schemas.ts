/**
 * Response schemas (zod) of the read API, so the OpenAPI description at `/sp/docs` shows the
 * records and the serializer checks what leaves the server. Shapes: docs/api.md.
 */
import { z } from 'zod';
import { DASHBOARD_SPLIT } from '../../../domain/enums.js';

/** The success envelope `{ code, msg, data }` around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** `{ records, total }` of a collection. */
export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number().int() });
}

const iso = z.string().describe('ISO-8601 UTC time');
const decimal = z.string().describe('decimal string');

export const connectorRecordSchema = z.object({
  connectorId: z.number().int(),
  status: z.string(),
  errorCode: z.string(),
  info: z.string().nullable(),
  statusAt: iso,
});

export const chargerRecordSchema = z.object({
  id: z.number().int(),
  serialNum: z.string(),
  companyCode: z.string(),
  companyName: z.string().nullable(),
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  chargerStationCode: z.string().nullable(),
  phase: z.string(),
  lifeStatus: z.string(),
  type: z.string(),
  ratedPowerKw: decimal.nullable(),
  runStatus: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: iso.nullable(),
  firmwareVersion: z.string().nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  gatewaySn: z.string().nullable(),
  installationDate: z.string().nullable(),
  warrantyYears: z.number().int(),
  equipmentNumber: z.string().nullable(),
  installerName: z.string().nullable(),
  installerEmail: z.string().nullable(),
  installerCompany: z.string().nullable(),
  installerContact: z.string().nullable(),
  dashboardState: z.enum(DASHBOARD_SPLIT),
  connectors: z.array(connectorRecordSchema),
  activeOrderNo: z.string().nullable(),
  createTimeStamp: iso,
});

export const orderRecordSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  companyCode: z.string(),
  companyName: z.string().nullable(),
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  chargerId: z.number().int(),
  chargerSn: z.string(),
  connectorId: z.number().int(),
  transactionId: z.number().int(),
  idTag: z.string(),
  idTagStatus: z.string(),
  userType: z.string(),
  userName: z.string().nullable(),
  chargerStartTime: iso,
  chargerStopTime: iso.nullable(),
  serverStartTime: iso,
  serverStopTime: iso.nullable(),
  meterStart: z.number().describe('Wh'),
  meterStop: z.number().nullable().describe('Wh'),
  energyKwh: decimal,
  durationSeconds: z.number().int(),
  status: z.string(),
  stopReason: z.string().nullable(),
  currency: z.string(),
  electricityFee: decimal,
  serviceFee: decimal,
  taxAmount: decimal,
  cost: decimal,
  totalAmount: decimal,
  paid: z.boolean(),
  breakdown: z.unknown(),
  /** CHARGER_CLOCK, STOP_BEFORE_START, SUPERSEDED, STALE_AFTER_REBOOT, METER_OUT_OF_RANGE, LATE_STOP. */
  flags: z.array(z.string()),
});

export const meterValueRecordSchema = z.object({
  timestamp: iso,
  measurand: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
});

const money = z.array(z.object({ currency: z.string(), amount: decimal }));
const monthCounts = z.object({ total: z.number().int(), thisMonth: z.number().int(), lastMonth: z.number().int() });

export const dashboardSchema = z.object({
  stations: z.number().int(),
  chargers: z.number().int(),
  chargersInUse: z.number().int(),
  faultyChargers: z.number().int(),
  split: z.object({ available: z.number().int(), charging: z.number().int(), occupied: z.number().int(), faulty: z.number().int(), offline: z.number().int() }),
  orders: z.object({
    count: z.number().int(),
    paid: z.number().int(),
    unpaid: z.number().int(),
    energyKwh: decimal,
    revenue: money,
    profit: money,
  }),
  cardUsers: monthCounts,
  appUsers: monthCounts,
  ordersThisMonth: z.number().int(),
  ordersLastMonth: z.number().int(),
  recentOrders: z.array(orderRecordSchema),
  energyByDay: z.array(z.object({ day: z.string(), energyKwh: decimal, orders: z.number().int() })),
});
