/**
 * TriggerMessage: Accepted, then the message asked for is sent (BootNotification, Heartbeat,
 * StatusNotification, MeterValues with the energy register, DiagnosticsStatusNotification and
 * FirmwareStatusNotification Idle); NotImplemented for any other.
 */
import type { SimContext, SimHandler } from './context.js';

/** MeterValues (context Trigger) with the energy register of each connector asked for (undefined = all). */
async function sendRegisters(cp: SimContext, connectorId: number | undefined): Promise<void> {
  for (const [id, c] of cp.connectors) {
    if (connectorId !== undefined && connectorId !== id) continue;
    const s = c.session;
    await cp.call('MeterValues', {
      connectorId: id,
      ...(s ? { transactionId: s.transactionId } : {}),
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [{ value: String(Math.floor(c.registerWh)), context: 'Trigger', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
  }
}

/** StatusNotification of connector 0 and each connector asked for (undefined = all). */
async function sendStatuses(cp: SimContext, connectorId: number | undefined): Promise<void> {
  if (connectorId === undefined || connectorId === 0) await cp.sendStatus(0, cp.chargerStatus);
  for (const [id, c] of cp.connectors) if (connectorId === undefined || connectorId === id) await cp.sendStatus(id, c.status);
}

/** TriggerMessage (see the module). */
export const triggerMessage: SimHandler = (cp, p) => {
  const connectorId = typeof p.connectorId === 'number' ? p.connectorId : undefined;
  switch (p.requestedMessage) {
    case 'BootNotification':
      cp.later(() => cp.boot());
      break;
    case 'Heartbeat':
      cp.later(() => cp.call('Heartbeat', {}));
      break;
    case 'StatusNotification':
      cp.later(() => sendStatuses(cp, connectorId));
      break;
    case 'MeterValues':
      cp.later(() => sendRegisters(cp, connectorId));
      break;
    case 'DiagnosticsStatusNotification':
      cp.later(() => cp.call('DiagnosticsStatusNotification', { status: 'Idle' }));
      break;
    case 'FirmwareStatusNotification':
      cp.later(() => cp.call('FirmwareStatusNotification', { status: 'Idle' }));
      break;
    default:
      return { status: 'NotImplemented' };
  }
  return { status: 'Accepted' };
};
