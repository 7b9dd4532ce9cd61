/**
 * Commands to chargers (docs/ocpp.md "Commands") and the catalogue codes their failures answer:
 * 720 not sent (not connected, or the socket closed before the frame left), 795 sent but the socket
 * closed before the answer (the charger may have acted: not to be repeated blindly), 718 no answer
 * in time, 719 refused (a CALLERROR or a refusing status; data: the answer or `{ rpcErrorCode }`).
 */
import type { ErrorCode } from '../../domain/errors.js';
import { NoAnswer, type ClusterNodes } from '../cluster/nodes.js';
import { AppError } from '../../domain/app-error.js';
import type { Connections } from './connections.js';
import { RPCError, TimeoutError } from './rpc.js';

/** Answers a charger may give that mean "refused" (→ 719). */
const REFUSED = new Set(['Rejected', 'NotSupported', 'NotImplemented', 'UnknownVendorId', 'UnknownMessageId', 'UnlockFailed', 'Failed']);

export interface CallOptions {
  /** Wait at most this long for the answer (ms); default `config.commandTimeoutMs`. */
  timeoutMs?: number;
}

/** A command to a socket of this node. @throws AppError 720 / 718 / 719 (see the module). */
export async function localCall<T>(conns: Connections, serialNum: string, action: string, payload: Record<string, unknown>, timeoutMs: number): Promise<T> {
  const client = conns.open(serialNum);
  if (!client) throw new AppError(720);
  let answer: unknown;
  try {
    answer = await client.call(action, payload, { callTimeoutMs: timeoutMs });
  } catch (err) {
    if (err instanceof TimeoutError) throw new AppError(718);
    if (err instanceof RPCError) throw new AppError(719, undefined, { rpcErrorCode: err.rpcErrorCode });
    // ocpp-rpc aborts the calls it had sent when the socket closes (AbortError): the charger may
    // have received it. Any other failure happened before the frame left.
    if ((err as Error | null)?.name === 'AbortError') throw new AppError(795);
    throw new AppError(client.state === 1 ? 719 : 720);
  }
  const status = (answer as { status?: unknown } | null)?.status;
  if (typeof status === 'string' && REFUSED.has(status)) throw new AppError(719, undefined, answer);
  return answer as T;
}

/**
 * A command to a socket held by another node, sent there and answered from there.
 * @throws AppError 720 when no node holds it, 718 when the node does not answer in time, else the
 *   code the holding node answered.
 */
export async function remoteCall<T>(cluster: ClusterNodes, serialNum: string, action: string, payload: Record<string, unknown>, timeoutMs: number): Promise<T> {
  const owner = await cluster.ownerOf(serialNum).catch(() => null);
  if (!owner || owner === cluster.nodeId) throw new AppError(720);
  let answer: Record<string, unknown>;
  try {
    answer = await cluster.request(owner, { kind: 'call', identity: serialNum, action, payload, timeoutMs }, timeoutMs + 5000);
  } catch (err) {
    throw new AppError(err instanceof NoAnswer ? 718 : 720);
  }
  if (answer.ok === true) return answer.answer as T;
  if (typeof answer.code === 'number') throw new AppError(answer.code as ErrorCode, undefined, answer.data ?? undefined);
  throw new AppError(720);
}
