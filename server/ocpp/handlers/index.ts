/**
 * The table of OCPP 1.6J actions a charger may call. An action missing here is answered
 * NotImplemented by ocpp-rpc.
 */
import type { ActionTable, OcppContext } from '../context.js';
import { authorize } from './authorize.js';
import { bootNotification } from './boot-notification.js';
import { dataTransferHandler } from './data-transfer.js';
import { chargerDiagnosticsStatus } from './diagnostics-status-notification.js';
import { chargerFirmwareStatus } from './firmware-status-notification.js';
import { heartbeat } from './heartbeat.js';
import { signCertificate } from './sign-certificate.js';
import { meterValues } from './meter-values.js';
import { startTransactionHandler } from './start-transaction.js';
import { statusNotification } from './status-notification.js';
import { stopTransactionHandler } from './stop-transaction.js';

export const handlers: ActionTable<OcppContext> = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  Authorize: authorize,
  StartTransaction: startTransactionHandler,
  MeterValues: meterValues,
  StopTransaction: stopTransactionHandler,
  DataTransfer: dataTransferHandler,
  FirmwareStatusNotification: chargerFirmwareStatus,
  DiagnosticsStatusNotification: chargerDiagnosticsStatus,
  SignCertificate: signCertificate,
};
