/**
 * The accepting process (requirements R12.43, docs/deployment.md "Process model"): with
 * ACCEPT_PROCESS on (the default), the process started by `npm start` does nothing but accept
 * connections and runs the server in one child (node:cluster, round-robin scheduling). The child
 * listens as usual; node:cluster makes the parent own the listening socket, accept every
 * connection the moment the kernel completes it and hand it to the child. The parent's event loop
 * does no other work, so the kernel's accept queue is drained even while the server is busy
 * answering a reconnect storm's BootNotifications: a connection waits, accepted, in the parent
 * instead of overflowing the queue (the kernel then drops or resets the charger's handshake).
 *
 * The parent relays: SIGTERM and SIGINT to the child (which shuts down gracefully, ../serve.ts), SIGHUP
 * (the child reloads its TLS certificate),
 * IPC messages between its own parent (if any: a benchmark's harness) and the child both ways, and
 * the child's exit code as its own. A child that ends on its own (a crash) ends the parent with
 * its code, so the service manager restarts both; the parent never serves alone.
 */
import cluster, { type Worker } from 'node:cluster';

/** Whether this process should be the accepting parent: the option is on and it is not the child already. */
export function isAcceptor(acceptProcess: boolean): boolean {
  return acceptProcess && cluster.isPrimary;
}

/** What {@link runAcceptor} reports on stderr (no logger: the parent loads nothing of the server). */
const say = (msg: string) => process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, module: 'acceptor', msg })}\n`);

/**
 * Forks the serving child (this same script) and stays its accepting parent until it exits.
 * Answers the child (tests, the benchmark's server pid list).
 */
export function runAcceptor(opts: { env?: NodeJS.ProcessEnv } = {}): Worker {
  // Round-robin: the parent accepts and hands over; the default on Linux, named so NODE_CLUSTER_SCHED_POLICY cannot turn it off.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  const child = cluster.fork(opts.env ?? {});
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    child.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // SIGHUP reloads the TLS certificate in the child (../http/tls.ts); it must not end the parent.
  process.on('SIGHUP', () => {
    if (!stopping) child.process.kill('SIGHUP');
  });
  // A harness above us (process.send): its messages go to the child and back.
  if (process.send) {
    process.on('message', (m) => {
      if (child.isConnected()) child.send(m as never);
    });
    child.on('message', (m) => process.send?.(m));
    process.on('disconnect', () => stop('SIGTERM'));
  }
  child.on('exit', (code, signal) => {
    if (!stopping && code !== 0) say(`the serving process ended (code ${code}, signal ${signal}): ending too, with its code`);
    process.exit(code ?? 1);
  });
  return child;
}
