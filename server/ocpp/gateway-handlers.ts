/**
 * The OCPP 1.6J actions a gateway (local controller) may call on its own connection
 * (requirements §12: "A gateway connects with its own identity like a charger; its chargers keep
 * theirs"). The gateway's socket gives its online state; its messages give:
 * - BootNotification → `gateway.vendor`, `model`, `firmware_version`, `last_seen_at`; Accepted with
 *   the heartbeat interval;
 * - Heartbeat → `last_seen_at`; StatusNotification → `last_seen_at`, an error is logged and opens an event
 *   of the gateway (NoError recovers it);
 * - DataTransfer → answered and stored under the gateway's SN as a charger's (./handlers/data-transfer.ts); Firmware- / DiagnosticsStatusNotification → logged.
 * Charging sessions belong to the chargers' own connections: Authorize and StartTransaction from a
 * gateway identity are answered Invalid, StopTransaction and MeterValues are acknowledged and
 * dropped (each logged), so a confused controller is answered and never left retrying.
 * An action missing here is answered NotImplemented by ocpp-rpc.
 */
import { recordBoot, recordSeen } from '../modules/charger-state/service.js';
import { emitGateway, type ActionTable, type GatewayContext, type GatewayHandler } from './context.js';
import { bootAccepted } from './handlers/boot-notification.js';
import { recordDataTransfer } from './handlers/data-transfer.js';
import { statusEvents } from '../modules/event/raise.js';
import { diagnosticsStatusNotification } from './handlers/diagnostics-status-notification.js';
import { firmwareStatusNotification } from './handlers/firmware-status-notification.js';
import type {
  AuthorizeConf,
  AuthorizeReq,
  BootNotificationConf,
  BootNotificationReq,
  DataTransferConf,
  DataTransferReq,
  EmptyConf,
  HeartbeatConf,
  HeartbeatReq,
  StartTransactionConf,
  StartTransactionReq,
  StatusNotificationReq,
  StopTransactionConf,
} from './messages.js';

/** Notes that the gateway is alive. */
async function touch(ctx: GatewayContext, now = new Date()): Promise<void> {
  await recordSeen(ctx.app.db, { kind: 'gateway', id: ctx.gateway.id }, now);
}

const bootNotification: GatewayHandler<BootNotificationReq, BootNotificationConf> = async (ctx, p) => {
  const now = new Date();
  await recordBoot(ctx.app.db, { kind: 'gateway', id: ctx.gateway.id }, p, now);
  emitGateway(ctx);
  return bootAccepted(ctx.app, now);
};

const heartbeat: GatewayHandler<HeartbeatReq, HeartbeatConf> = async (ctx) => {
  const now = new Date();
  await touch(ctx, now);
  return { currentTime: now.toISOString() };
};

const statusNotification: GatewayHandler<StatusNotificationReq, EmptyConf> = async (ctx, p) => {
  await touch(ctx);
  if (p.errorCode !== 'NoError') {
    ctx.log.warn({ connectorId: p.connectorId, errorCode: p.errorCode, vendorErrorCode: p.vendorErrorCode, info: p.info }, 'gateway reports an error');
  }
  // Its own errors are events of the gateway, like a charger's (requirements R13.3).
  await statusEvents(ctx.app.db, ctx.app.bus, { ...ctx.gateway, kind: 'gateway' }, p, new Date(), ctx.app.config.eventReopenS * 1000);
  return {};
};

const dataTransfer: GatewayHandler<DataTransferReq, DataTransferConf> = (ctx, p) => recordDataTransfer(ctx.app, ctx.gateway, p);

/** A transaction message on a gateway's own connection: logged, never billed. */
function misdirected(ctx: GatewayContext, action: string): void {
  ctx.log.warn({ action }, 'transaction message on a gateway connection ignored: its chargers connect with their own identity');
}

const authorize: GatewayHandler<AuthorizeReq, AuthorizeConf> = async (ctx) => {
  misdirected(ctx, 'Authorize');
  return { idTagInfo: { status: 'Invalid' } };
};

const startTransaction: GatewayHandler<StartTransactionReq, StartTransactionConf> = async (ctx) => {
  misdirected(ctx, 'StartTransaction');
  return { idTagInfo: { status: 'Invalid' }, transactionId: 0 };
};

const stopTransaction: GatewayHandler<unknown, StopTransactionConf> = async (ctx) => {
  misdirected(ctx, 'StopTransaction');
  return {};
};

const meterValues: GatewayHandler<unknown, EmptyConf> = async (ctx) => {
  misdirected(ctx, 'MeterValues');
  return {};
};

/** The gateway connection's action table. */
export const gatewayHandlers: ActionTable<GatewayContext> = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  DataTransfer: dataTransfer,
  FirmwareStatusNotification: firmwareStatusNotification,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
  Authorize: authorize,
  StartTransaction: startTransaction,
  StopTransaction: stopTransaction,
  MeterValues: meterValues,
};
