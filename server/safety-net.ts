/**
 * The process-level safety net (docs/ocpp.md "Refusals and limits"): an error that escapes every
 * handler — a rejected promise nobody awaits, a throw in a timer or an event listener — is logged
 * and the process keeps serving the API and the chargers. One bad request never ends the process.
 * Installed once by server/serve.ts; idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';

let installed = false;

/** Logs unhandled rejections and uncaught exceptions instead of ending the process. */
export function installSafetyNet(log: FastifyBaseLogger): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection (kept serving)');
  });
  process.on('uncaughtException', (err, origin) => {
    log.error({ err, origin }, 'uncaught exception (kept serving)');
  });
}
