/**
 * The ChargeDesk server the load benchmarks fork (bench/load/harness.ts `spawnServer`): the
 * serving node of ./chargedesk-node.ts, run as `npm start` runs it — behind the accepting parent
 * (server/process/acceptor.ts: it owns the listening socket, accepts and hands each connection
 * to the serving child, and relays the harness's IPC messages both ways) unless BENCH_ACCEPT=0,
 * then alone in this process. The serving process's `{ ready }` message names its pid, so the
 * harness samples both processes.
 */
import { isAcceptor, runAcceptor } from '../../server/process/acceptor.js';

if (isAcceptor(process.env.BENCH_ACCEPT !== '0')) runAcceptor();
else await import('./chargedesk-node.js');
