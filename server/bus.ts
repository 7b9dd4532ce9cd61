/**
 * The event bus for live updates (charger and gateway status, orders) between the OCPP side and the console's
 * event stream. In-process; DESIGN.md §1 puts Redis pub/sub behind the same interface for several
 * nodes.
 */
import { EventEmitter } from 'node:events';

export interface BusEvents {
  /** A charger's online state, run status or a connector status changed. */
  charger: { chargerId: number; serialNum: string; companyCode: string };
  /** An order was created or changed. */
  order: { orderId: number; companyCode: string };
  /** A gateway's online state, firmware version or vendor / model changed. */
  gateway: { gatewayId: number; serialNum: string; companyCode: string };
  /**
   * A charger or gateway was deactivated (or renamed away) in the console: the central system
   * closes the socket of that OCPP identity (spec §4).
   */
  identityDeactivated: { serialNum: string };
}

export class Bus {
  private readonly ee = new EventEmitter();
  constructor() {
    this.ee.setMaxListeners(1000);
  }
  emit<K extends keyof BusEvents>(topic: K, payload: BusEvents[K]): void {
    this.ee.emit(topic, payload);
  }
  on<K extends keyof BusEvents>(topic: K, fn: (p: BusEvents[K]) => void): () => void {
    this.ee.on(topic, fn);
    return () => this.ee.off(topic, fn);
  }
}
