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
