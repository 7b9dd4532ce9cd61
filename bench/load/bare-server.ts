/**
 * The baseline of bench/ocpp-load.ts: a bare `ws` server on 127.0.0.1 that answers every OCPP CALL
 * with an empty CALLRESULT (no validation, no storage). Runs as a child process; sends
 * `{ ready: port }` over IPC and stops on `{ cmd: 'shutdown' }`.
 */
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, backlog: 4096, handleProtocols: (p) => (p.has('ocpp1.6') ? 'ocpp1.6' : false) });
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    if (Array.isArray(frame) && frame[0] === 2) ws.send(JSON.stringify([3, frame[1], {}]));
  });
  ws.on('error', () => undefined);
});
wss.on('listening', () => {
  const addr = wss.address();
  process.send?.({ ready: typeof addr === 'object' && addr ? addr.port : 0 });
});
process.on('message', (m: { cmd?: string }) => {
  if (m?.cmd === 'shutdown') {
    for (const c of wss.clients) c.terminate();
    wss.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
