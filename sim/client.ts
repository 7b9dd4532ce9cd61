/**
 * The OCPP 1.6J client every simulated charge point, gateway, test and benchmark uses: ocpp-rpc in
 * strict mode (each answer of the central system is validated against the official OCPP 1.6
 * schemas), subprotocol `ocpp1.6`, HTTP Basic password when given (security profile 1).
 */
import { RPCClient, type RpcClient } from '../server/ocpp/rpc.js';

export interface OcppClientOptions {
  /** ws://host:port/ocpp (the identity is appended by ocpp-rpc). */
  url: string;
  /** The chargeBoxId (or gateway SN). */
  identity: string;
  /** Basic-auth password of the identity. */
  password?: string;
  /** Subprotocols offered (default `['ocpp1.6']`). */
  protocols?: string[];
  /** Reconnect for ever after a drop (default false). */
  reconnect?: boolean;
  /** How long a CALL waits for its answer, ms (ocpp-rpc's default when absent). */
  callTimeoutMs?: number;
  /** WebSocket ping interval, ms (ocpp-rpc's default when absent). */
  pingIntervalMs?: number;
  /** Local address to connect from (default: the system's choice). */
  localAddress?: string;
}

/** A strict-mode ocpp-rpc client for `o.identity`, not connected yet. */
export function ocppClient(o: OcppClientOptions): RpcClient {
  return new RPCClient({
    endpoint: o.url,
    identity: o.identity,
    protocols: o.protocols ?? ['ocpp1.6'],
    strictMode: true,
    reconnect: o.reconnect ?? false,
    ...(o.reconnect ? { maxReconnects: Infinity } : {}),
    ...(o.callTimeoutMs !== undefined ? { callTimeoutMs: o.callTimeoutMs } : {}),
    ...(o.pingIntervalMs !== undefined ? { pingIntervalMs: o.pingIntervalMs } : {}),
    ...(o.password !== undefined ? { password: o.password } : {}),
    ...(o.localAddress ? { wsOpts: { localAddress: o.localAddress } } : {}),
    // ocpp-rpc's typings mark every option required; the library fills in defaults for the rest.
  } as Partial<ConstructorParameters<typeof RPCClient>[0]> as ConstructorParameters<typeof RPCClient>[0]);
}
