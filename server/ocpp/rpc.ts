/**
 * ocpp-rpc as ES module bindings (the package is CommonJS and its typings name exports that Node's
 * named-export detection does not see), plus the types the central system and the simulator use.
 */
import ocppRpc from 'ocpp-rpc';
import type RpcServerClientClass from 'ocpp-rpc/lib/server-client';
import type RpcClientClass from 'ocpp-rpc/lib/client';

export const { RPCServer, RPCClient, RPCError, TimeoutError, createRPCError, NOREPLY } = ocppRpc;

/** A charger's connection as seen by the server. */
export type RpcServerClient = RpcServerClientClass;
/** A client connection (the simulator's side). */
export type RpcClient = RpcClientClass;
/** A handshake as passed to the auth callback. */
export type { IHandshakeInterface as Handshake } from 'ocpp-rpc/lib/server-client';
