/**
 * What a simulator handler sees of its charge point (../charge-point.ts builds it): the state it
 * reads and changes, and the few actions it starts. A handler answers a Central System call
 * (OCPP 1.6J); work that must follow the answer goes through `later`.
 */
import type { ChargingProfile } from '../../domain/smart-charging.js';
import type { ProfileStore } from '../charging-profiles.js';
import type { Conf, ConfEntry, ConnectorState, Reservation } from '../state.js';

/** The charge point as its handlers see it. */
export interface SimContext {
  readonly identity: string;
  /** chargePointVendor, the vendorId DataTransfer answers to. */
  readonly vendor: string;
  /** Rated power per connector (W). */
  readonly ratedPowerW: number;
  /** Phases the charger draws on (three above 7.4 kW). */
  readonly phases: number;
  /** The status last reported for connector 0 (the whole charger). */
  readonly chargerStatus: string;
  readonly connectors: Map<number, ConnectorState>;
  /** Reservations by connector. */
  readonly reservations: Map<number, Reservation>;
  readonly config: Map<string, ConfEntry>;
  /** Values changed that apply at the next boot (RebootRequired keys). */
  readonly pendingConfig: Map<string, string>;
  /** The local authorisation list: its version and idTag → status. */
  readonly localList: { version: number; entries: Map<string, string> };
  /** The authorisation cache (idTags accepted before). */
  readonly authCache: Set<string>;
  /** TxProfiles of remote starts, installed when the connector's transaction starts. */
  readonly startProfiles: Map<number, ChargingProfile>;
  /** Charging profiles in force. */
  readonly profiles: ProfileStore;
  /** A firmware update or a diagnostics upload in progress (one of each at a time). */
  readonly busy: { updating: boolean; uploading: boolean };
  /** Calls the Central System. */
  call(action: string, params: Conf): Promise<unknown>;
  /** Runs `fn` `ms` after the current answer has been sent (default 20 ms), logging its failure. */
  later(fn: () => Promise<unknown>, ms?: number): void;
  sendStatus(connectorId: number, status: string): Promise<void>;
  boot(): Promise<void>;
  reset(reason: 'HardReset' | 'SoftReset'): Promise<void>;
  runSession(connectorId: number, idTag: string, durationMs: number, authorize?: boolean, targetWh?: number): Promise<unknown>;
  /** Connectors without a session that are available. */
  freeConnectors(): number[];
  /** Ends the reservation of `connectorId`; the connector is Available again unless a session took it. */
  endReservation(connectorId: number, becomesAvailable: boolean): void;
  scheduleHeartbeat(): void;
  /** Download, install, reboot (../firmware.ts). */
  updateFirmware(location: string, retries: number, retryInterval: number): Promise<void>;
  /** Uploads a generated log of the window asked for (../diagnostics.ts). */
  sendDiagnostics(p: Conf, fileName: string): Promise<void>;
}

/** A handler of one Central System → charge point action: the request's payload in, the answer out. */
export type SimHandler = (cp: SimContext, p: Conf) => Conf | Promise<Conf>;
