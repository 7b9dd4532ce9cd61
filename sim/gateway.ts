/**
 * A simulated gateway (local controller) on the ocpp-rpc client, strict mode: it connects with its
 * own identity (requirements §12), boots (BootNotification with vendor, model and firmware), reports
 * connector 0 Available and heartbeats at the interval the central system answers. It answers
 * Reset (Accepted: it reboots by reconnecting), GetConfiguration, ChangeConfiguration,
 * TriggerMessage and DataTransfer. Its chargers are simulated separately, on their own identities.
 */
import type { RpcClient } from '../server/ocpp/rpc.js';
import { ocppClient } from './client.js';
import type { SimLogger } from './charge-point.js';

export interface SimGatewayOptions {
  /** Central system URL without the identity, e.g. ws://127.0.0.1:8080/ocpp. */
  url: string;
  /** The gateway SN (its OCPP identity). */
  identity: string;
  password?: string;
  firmwareVersion?: string;
  log?: SimLogger;
}

const noop = () => undefined;

export class SimGateway {
  readonly identity: string;
  private readonly client: RpcClient;
  private readonly log: SimLogger;
  private heartbeat?: NodeJS.Timeout;
  private intervalS = 60;
  private booted = false;
  private stopped = false;

  constructor(private readonly o: SimGatewayOptions) {
    this.identity = o.identity;
    this.log = o.log ?? { info: noop };
    this.client = ocppClient({ url: o.url, identity: o.identity, password: o.password, reconnect: true, callTimeoutMs: 30_000, pingIntervalMs: 30_000 });
    this.client.handle('Reset', async () => {
      setTimeout(() => {
        if (!this.stopped)
          void this.client
            .close({ code: 1012, reason: 'reset' })
            .then(() => this.client.connect())
            .catch(noop);
      }, 500).unref();
      return { status: 'Accepted' };
    });
    this.client.handle('GetConfiguration', async () => ({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: String(this.intervalS) }],
      unknownKey: [],
    }));
    this.client.handle('ChangeConfiguration', async () => ({ status: 'Accepted' }));
    this.client.handle('TriggerMessage', async ({ params }) => {
      const p = params as { requestedMessage?: string };
      if (p.requestedMessage === 'Heartbeat')
        setTimeout(() => {
          void this.client.call('Heartbeat', {}).catch(noop);
        }, 10).unref();
      return { status: p.requestedMessage === 'Heartbeat' ? 'Accepted' : 'NotImplemented' };
    });
    this.client.handle('DataTransfer', async () => ({ status: 'UnknownVendorId' }));
    this.client.on('open', () => {
      if (this.booted) void this.boot().catch(noop);
    });
    this.client.on('close', () => this.clearHeartbeat());
  }

  /** Connects and boots. */
  async start(): Promise<void> {
    await this.client.connect();
    this.booted = true;
    await this.boot();
  }

  private async boot(): Promise<void> {
    const conf = (await this.client.call('BootNotification', {
      chargePointVendor: 'ChargeDesk',
      chargePointModel: 'SIM-GW',
      firmwareVersion: this.o.firmwareVersion ?? 'sim-gw-1.0.0',
    })) as { interval: number };
    if (conf.interval > 0) this.intervalS = conf.interval;
    await this.client.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available', timestamp: new Date().toISOString() });
    this.clearHeartbeat();
    this.heartbeat = setInterval(() => {
      if (this.client.state === 1) void this.client.call('Heartbeat', {}).catch(noop);
    }, this.intervalS * 1000);
    this.heartbeat.unref();
    this.log.info({ gatewaySn: this.identity }, 'simulated gateway booted');
  }

  private clearHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** Stops heartbeats and closes the socket. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearHeartbeat();
    await this.client.close({ code: 1000, reason: 'simulation stopped' }).catch(noop);
  }
}
