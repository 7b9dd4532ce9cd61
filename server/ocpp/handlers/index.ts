/**
 * The table of OCPP 1.6J actions a charger may call. An action missing here is answered
 * NotImplemented by ocpp-rpc.
 */
import type { OcppHandler } from '../context.js';
import { authorize } from './authorize.js';
import { bootNotification } from './boot-notification.js';
import { dataTransferHandler } from './data-transfer.js';
import { diagnosticsStatusNotification } from './diagnostics-status-notification.js';
import { firmwareStatusNotification } from './firmware-status-notification.js';
import { heartbeat } from './heartbeat.js';
import { meterValues } from './meter-values.js';
import { startTransactionHandler } from './start-transaction.js';
import { statusNotification } from './status-notification.js';
import { stopTransactionHandler } from './stop-transaction.js';

// Each handler has its own request type; the table erases them (ocpp-rpc validated the payload).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payload types differ per action
type AnyHandler = OcppHandler<any, unknown>;

export const handlers: Record<string, AnyHandler> = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  Authorize: authorize,
  StartTransaction: startTransactionHandler,
  MeterValues: meterValues,
  StopTransaction: stopTransactionHandler,
  DataTransfer: dataTransferHandler,
  FirmwareStatusNotification: firmwareStatusNotification,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
};
