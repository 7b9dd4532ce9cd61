/**
 * Live monitoring answers (requirements §2 Monitoring › MapMonitoring and StationMonitoring,
 * requirements §14):
 * - `GET /sp/monitoring/map` — every placed station of the chosen operator as one compact row
 *   `[stationId, latitude, longitude, state, chargers]`, `state` an index into `states`;
 * - `GET /sp/monitoring/station/:id` — one station's chargers and connectors with the running
 *   session of each connector (power now, energy and duration so far, idTag or user).
 */
import { z } from 'zod';
import { DASHBOARD_SPLIT } from '../enums.js';
import { decimal, int, isoTime } from './api.js';

/**
 * A station's map state, worst first: a station takes the first state any of its chargers is in
 * (faulty before charging before occupied before available); offline when every charger is
 * offline or it has none.
 */
export const MAP_STATES = ['faulty', 'charging', 'occupied', 'available', 'offline'] as const;
export type MapState = (typeof MAP_STATES)[number];

/** The map state of a station whose chargers are in `states` (dashboard states of domain/enums.ts). */
export function stationMapState(states: readonly (typeof DASHBOARD_SPLIT)[number][]): MapState {
  for (const s of MAP_STATES) if (s !== 'offline' && states.includes(s)) return s;
  return 'offline';
}

/**
 * One station on the map: `[stationId, latitude, longitude, index into MAP_STATES, chargers, name]`
 * (the name labels its pin, which an operator needs most when map tiles are unavailable).
 */
export const mapStation = z.tuple([int, z.number(), z.number(), int, int, z.string()]);
export type MapStation = z.infer<typeof mapStation>;

/** `GET /sp/monitoring/map`. */
export const mapAnswer = z.object({
  /** The state names the rows' state index refers to ({@link MAP_STATES}). */
  states: z.array(z.enum(MAP_STATES)),
  stations: z.array(mapStation),
  /** Stations of the scope without coordinates (not on the map). */
  unplaced: int,
  /** Stations per map state, placed or not. */
  counts: z.object({ faulty: int, charging: int, occupied: int, available: int, offline: int }),
});
export type MapAnswer = z.infer<typeof mapAnswer>;

/** The session running on a connector. */
export const runningSession = z.object({
  orderNo: z.string(),
  transactionId: int,
  idTag: z.string(),
  /** Card holder's or app user's name, when known. */
  userName: z.string().nullable(),
  startTime: isoTime,
  /** Seconds since the start (server clock). */
  durationSeconds: int,
  /** kWh so far: latest energy register − meterStart (3 decimals). */
  energyKwh: decimal,
  /** Latest Power.Active.Import sample in kW (3 decimals), null before the first. */
  powerKw: decimal.nullable(),
});

export const monitoredConnector = z.object({
  connectorId: int,
  status: z.string(),
  errorCode: z.string(),
  statusAt: isoTime,
  session: runningSession.nullable(),
});

export const monitoredCharger = z.object({
  id: int,
  serialNum: z.string(),
  online: z.boolean(),
  dashboardState: z.enum(DASHBOARD_SPLIT),
  runStatus: z.string().nullable(),
  ratedPowerKw: decimal.nullable(),
  /** Last message time from the charger. */
  lastSeenAt: isoTime.nullable(),
  connectors: z.array(monitoredConnector),
});
export type MonitoredCharger = z.infer<typeof monitoredCharger>;

/** `GET /sp/monitoring/station/:id`. */
export const stationMonitorAnswer = z.object({
  id: int,
  name: z.string(),
  companyCode: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  state: z.enum(MAP_STATES),
  chargers: z.array(monitoredCharger),
});
export type StationMonitorAnswer = z.infer<typeof stationMonitorAnswer>;

/** One station of `GET /sp/monitoring/station` (the station monitoring picker). */
export const stationListItem = z.object({ id: int, name: z.string(), companyCode: z.string(), state: z.enum(MAP_STATES), chargers: int });
export type StationListItem = z.infer<typeof stationListItem>;
