/**
 * A test node whose DataTransfer handler misbehaves in every way a handler can: it throws, leaves
 * a rejected promise nobody awaits, and throws from a timer. Run as its own process (`node
 * --import tsx tests/support/fragile-node.ts`) with the product's safety net, so that a test can
 * show the process keeps serving; prints `{ baseUrl, ocppUrl, serialNum }` as one JSON line.
 */
import { build } from './app.js';
import { aNetwork } from './builders.js';
import { installSafetyNet } from '../../server/safety-net.js';
import { handlers } from '../../server/ocpp/handlers/index.js';

handlers.DataTransfer = async () => {
  setImmediate(() => {
    throw new Error('thrown from a timer started by a handler');
  });
  void Promise.reject(new Error('rejected inside a handler, never awaited'));
  throw new Error('thrown inside a handler');
};
const s = await build('pglite');
installSafetyNet(s.app.log);
const net = await aNetwork(s.database.db);
process.stdout.write(`${JSON.stringify({ baseUrl: s.baseUrl, ocppUrl: s.ocppUrl, serialNum: net.charger.serialNum })}\n`);
process.on('SIGTERM', () => void s.close().finally(() => process.exit(0)));
