/**
 * The table of OCPP 1.6J actions the simulated charge point answers (Central System → charge
 * point), one small handler each, as server/ocpp/handlers/ does for the other direction. An action
 * missing here is answered NotImplemented by ocpp-rpc.
 */
import type { SimHandler } from './context.js';
import { changeConfiguration, getConfiguration } from './configuration.js';
import { changeAvailability, clearCache, dataTransfer, reset } from './core.js';
import { getDiagnostics, updateFirmware } from './firmware.js';
import { getLocalListVersion, sendLocalList } from './local-list.js';
import { cancelReservation, reserveNow } from './reservation.js';
import { clearChargingProfile, getCompositeSchedule, setChargingProfile } from './smart-charging.js';
import { remoteStartTransaction, remoteStopTransaction, unlockConnector } from './transactions.js';
import { triggerMessage } from './trigger-message.js';

export type { SimContext, SimHandler } from './context.js';

/** Action name → handler. */
export const simHandlers: Record<string, SimHandler> = {
  RemoteStartTransaction: remoteStartTransaction,
  RemoteStopTransaction: remoteStopTransaction,
  Reset: reset,
  UnlockConnector: unlockConnector,
  ChangeAvailability: changeAvailability,
  TriggerMessage: triggerMessage,
  GetConfiguration: getConfiguration,
  ChangeConfiguration: changeConfiguration,
  ClearCache: clearCache,
  SendLocalList: sendLocalList,
  GetLocalListVersion: getLocalListVersion,
  ReserveNow: reserveNow,
  CancelReservation: cancelReservation,
  UpdateFirmware: updateFirmware,
  GetDiagnostics: getDiagnostics,
  DataTransfer: dataTransfer,
  SetChargingProfile: setChargingProfile,
  ClearChargingProfile: clearChargingProfile,
  GetCompositeSchedule: getCompositeSchedule,
};
