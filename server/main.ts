/**
 * The process started by `npm start`: loads the configuration, then either serves (./serve.ts:
 * database, HTTP + OCPP on one port, graceful shutdown on SIGTERM/SIGINT), or, with ACCEPT_PROCESS
 * on (the default), becomes the accepting parent (./process/acceptor.ts) that forks this script
 * once more as the serving child and hands it every connection.
 */
import { loadConfig } from './config.js';
import { isAcceptor, runAcceptor } from './process/acceptor.js';

const config = loadConfig();
// The parent loads nothing of the server: its event loop only accepts.
if (isAcceptor(config.acceptProcess)) runAcceptor();
else await (await import('./serve.js')).serve(config);
