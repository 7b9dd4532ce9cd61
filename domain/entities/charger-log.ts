/**
 * Charger log (requirements §2 "Charger log"): the OCPP messages exchanged with chargers, and the refused
 * connection attempts (unknown identity, wrong password …) so an operator can see who tried.
 */
import { z } from 'zod';
import { int, isoTime } from './api.js';

/** One OCPP message of `GET /sp/charger-log`. */
export const chargerLogRecord = z.object({
  id: int,
  serialNum: z.string(),
  companyCode: z.string().nullable(),
  /** IN (from the charger) or OUT. */
  direction: z.string(),
  messageType: z.string().nullable(),
  action: z.string(),
  messageId: z.string().nullable(),
  /** The OCPP payload as sent. */
  payload: z.unknown(),
  createTimeStamp: isoTime,
});
export type ChargerLogRecord = z.infer<typeof chargerLogRecord>;

/**
 * Refused connection attempts of one identity from one address for one reason
 * (`GET /sp/connection-attempt`): `count` times, the first at `firstTimeStamp`, the last at
 * `createTimeStamp`.
 */
export const connectionAttemptRecord = z.object({
  id: int,
  identity: z.string(),
  companyCode: z.string().nullable(),
  remoteAddress: z.string().nullable(),
  reason: z.string(),
  count: int,
  firstTimeStamp: isoTime,
  createTimeStamp: isoTime,
});
export type ConnectionAttemptRecord = z.infer<typeof connectionAttemptRecord>;

/**
 * The other half of a frame's exchange, found by message id on the same charger: for a CALL its
 * answer (CALLRESULT or CALLERROR), for an answer the CALL it answers; null when none was logged
 * (no answer yet, a timed-out command, or a row already past the retention period).
 */
export const chargerLogPair = z.object({
  id: int,
  messageType: z.string().nullable(),
  payload: z.unknown(),
  createTimeStamp: isoTime,
});
export type ChargerLogPair = z.infer<typeof chargerLogPair>;

/** One frame of `GET /sp/charger-log/frames`: the log row with its paired call or answer. */
export const chargerLogFrame = chargerLogRecord.extend({ pair: chargerLogPair.nullable() });
export type ChargerLogFrame = z.infer<typeof chargerLogFrame>;

/**
 * A keyset page of frames (`GET /sp/charger-log/frames`): newest first; `nextCursor` asks for the
 * page after the last record (null: no more rows). No total: counting millions of rows would cost
 * more than the page itself (requirements §2 "Charger log").
 */
export const chargerLogFramePage = z.object({
  records: z.array(chargerLogFrame),
  nextCursor: z.string().nullable(),
});
export type ChargerLogFramePage = z.infer<typeof chargerLogFramePage>;

/** A keyset cursor: the last row's time in microseconds since 1970 and its id, `<µs>_<id>`. */
export const CURSOR = /^\d{1,17}_\d{1,19}$/;

/** OCPP 1.6J actions, both ways, offered by the console's action filter (any other text is allowed). */
export const OCPP_ACTIONS = [
  'Authorize',
  'BootNotification',
  'DataTransfer',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StartTransaction',
  'StatusNotification',
  'StopTransaction',
  'CancelReservation',
  'ChangeAvailability',
  'ChangeConfiguration',
  'ClearCache',
  'ClearChargingProfile',
  'GetCompositeSchedule',
  'GetConfiguration',
  'GetDiagnostics',
  'GetLocalListVersion',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'ReserveNow',
  'Reset',
  'SendLocalList',
  'SetChargingProfile',
  'TriggerMessage',
  'UnlockConnector',
  'UpdateFirmware',
  'Unknown',
] as const;

/** A charger offered by the charger pickers of the log and Diagnosis (`GET /sp/charger-log/chargers`). */
export const chargerChoice = z.object({ serialNum: z.string(), companyCode: z.string(), online: z.boolean() });
export type ChargerChoice = z.infer<typeof chargerChoice>;
