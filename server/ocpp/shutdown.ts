/**
 * Closing the central system: every socket gets a 1001 close (forced after 2 s), the OCPP server
 * stops, tracked work settles and the charger log is flushed.
 */
import type { ChargerLogWriter } from './charger-log.js';
import type { Connections } from './connections.js';
import type { RPCServer } from './rpc.js';

/** Longest wait for a socket's graceful close (ms). */
const GRACE_MS = 2000;

/** Closes every socket and the server, waits for tracked work, flushes the log. */
export async function closeAll(server: InstanceType<typeof RPCServer>, conns: Connections, writer: ChargerLogWriter): Promise<void> {
  conns.quiet = true;
  await Promise.all(
    [...conns.clients.values()].map(async (c) => {
      const graceful = c.close({ code: 1001, reason: 'server shutting down' });
      const timeout = new Promise((r) => setTimeout(r, GRACE_MS).unref());
      await Promise.race([graceful, timeout]);
      if (c.state !== 3 /* CLOSED */) await c.close({ force: true }).catch(() => undefined);
    }),
  );
  await server.close({ code: 1001, force: true }).catch(() => undefined);
  await conns.settle();
  await writer.close();
}
