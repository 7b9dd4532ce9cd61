/**
 * A load-generating child process of bench/ocpp-load.ts: plain `ws` sockets (no client-side
 * validation, so the client costs the same whatever the server) speaking OCPP 1.6J frames from
 * its own source addresses (127.x.y.z: LOAD_ADDRESSES, comma-separated, or LOAD_ADDRESS; the
 * chargers take them in turn, so that one address never needs more ephemeral ports than the
 * kernel's range holds). The parent sends one command at a time over IPC and gets
 * `{ id, result }` back. Every loop is bounded by a count or a deadline.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

interface Charger {
  id: string;
  idTag: string;
  /** The source address of this charger's sockets. */
  address: string;
  ws?: WebSocket;
  pending: Map<string, (ok: boolean, payload: unknown) => void>;
  seq: number;
  meter: number;
  transactionId?: number;
}

const addresses = (process.env.LOAD_ADDRESSES ?? process.env.LOAD_ADDRESS ?? '127.0.0.1')
  .split(',')
  .map((a) => a.trim())
  .filter(Boolean);
let url = '';
let chargers: Charger[] = [];

const iso = (ms: number) => new Date(ms).toISOString();
/** Milliseconds between one charger's MeterValues in the sessions mode (a real charger's pace is far slower). */
const CALL_PACE_MS = 55;

function open(c: Charger, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/${c.id}`, ['ocpp1.6'], { localAddress: c.address, handshakeTimeout: timeoutMs, perMessageDeflate: false });
    const fail = (err: Error) => {
      ws.removeAllListeners('open');
      reject(err);
    };
    ws.once('error', fail);
    ws.once('unexpected-response', (_req, res) => {
      fail(new Error(`HTTP ${res.statusCode}`));
      ws.terminate();
    });
    ws.once('open', () => {
      ws.off('error', fail);
      ws.on('error', () => undefined);
      c.ws = ws;
      ws.on('message', (data) => {
        let frame: unknown[];
        try {
          frame = JSON.parse(String(data)) as unknown[];
        } catch {
          return;
        }
        if (frame[0] === 2) {
          // A command from the server: answer it plainly (bounded: one answer per command).
          ws.send(JSON.stringify([3, frame[1], {}]));
          return;
        }
        const done = c.pending.get(String(frame[1]));
        if (!done) return;
        c.pending.delete(String(frame[1]));
        done(frame[0] === 3, frame[2]);
      });
      ws.once('close', () => {
        for (const done of c.pending.values()) done(false, 'closed');
        c.pending.clear();
        if (c.ws === ws) c.ws = undefined;
      });
      resolve();
    });
  });
}

/** One CALL; resolves with its round trip (ms), whether it was a CALLRESULT, and its payload. */
function call(c: Charger, action: string, payload: unknown, timeoutMs = 60_000): Promise<{ ms: number; ok: boolean; res: unknown }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    if (!c.ws || c.ws.readyState !== WebSocket.OPEN) return resolve({ ms: 0, ok: false, res: 'not connected' });
    const id = String(++c.seq);
    const timer = setTimeout(() => {
      c.pending.delete(id);
      resolve({ ms: performance.now() - t0, ok: false, res: 'timeout' });
    }, timeoutMs);
    c.pending.set(id, (ok, res) => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - t0, ok, res });
    });
    c.ws.send(JSON.stringify([2, id, action, payload]));
  });
}

/** Ten sampled values (energy register + nine others), as a busy AC charger sends them. */
function tenSamples(wh: number) {
  const ph = (measurand: string, phase: string, value: string, unit: string) => ({
    value,
    measurand,
    phase,
    unit,
    context: 'Sample.Periodic',
    location: 'Outlet',
  });
  return [
    { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic', location: 'Outlet' },
    { value: '11040', measurand: 'Power.Active.Import', unit: 'W', context: 'Sample.Periodic', location: 'Outlet' },
    ph('Current.Import', 'L1', '16.0', 'A'),
    ph('Current.Import', 'L2', '16.0', 'A'),
    ph('Current.Import', 'L3', '16.0', 'A'),
    ph('Voltage', 'L1-N', '230.1', 'V'),
    ph('Voltage', 'L2-N', '229.8', 'V'),
    ph('Voltage', 'L3-N', '230.4', 'V'),
    { value: '54', measurand: 'SoC', unit: 'Percent', context: 'Sample.Periodic', location: 'EV' },
    { value: '31.5', measurand: 'Temperature', unit: 'Celsius', context: 'Sample.Periodic', location: 'Body' },
  ];
}

async function start(c: Charger, at: number): Promise<number> {
  const r = await call(c, 'StartTransaction', { connectorId: 1, idTag: c.idTag, meterStart: c.meter, timestamp: iso(at) });
  const tx = (r.res as { transactionId?: number } | undefined)?.transactionId;
  c.transactionId = typeof tx === 'number' ? tx : 1;
  return r.ms;
}

function meterValues(c: Charger, at: number) {
  c.meter += 250;
  return call(c, 'MeterValues', { connectorId: 1, transactionId: c.transactionId, meterValue: [{ timestamp: iso(at), sampledValue: tenSamples(c.meter) }] });
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function each<T>(items: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Commands. `count` (connect, close, storm) means the first `count` chargers of this process's
 * list, all of them when absent.
 */
type Cmd =
  | { cmd: 'init'; url: string; ids: string[] }
  | { cmd: 'connect'; boot: boolean; concurrency: number; count?: number }
  | { cmd: 'meter'; seconds: number }
  | { cmd: 'paced'; seconds: number; intervalMs: number }
  | { cmd: 'sessions'; meterValues: number }
  | { cmd: 'heartbeat'; seconds: number }
  | { cmd: 'close'; count?: number }
  | { cmd: 'storm'; deadlineS: number; count?: number; startAt?: number }
  | { cmd: 'soak'; seconds: number; meterEveryS: number; sessionS: number };

async function run(m: Cmd): Promise<unknown> {
  switch (m.cmd) {
    case 'init':
      url = m.url;
      chargers = m.ids.map((id, k) => ({ id, idTag: `C${id}`, address: addresses[k % addresses.length], pending: new Map(), seq: 0, meter: 100_000 }));
      return { chargers: chargers.length };
    case 'connect': {
      let failed = 0;
      const boot: number[] = [];
      const errors: Record<string, number> = {};
      await each(chargers.slice(0, m.count ?? chargers.length), m.concurrency, async (c) => {
        try {
          await open(c, 30_000);
          if (m.boot) {
            const r = await call(c, 'BootNotification', { chargePointVendor: 'LoadVendor', chargePointModel: 'LX-10' });
            if (r.ok) boot.push(r.ms);
            else failed++;
          }
        } catch (err) {
          failed++;
          const k = (err as Error).message.slice(0, 60);
          errors[k] = (errors[k] ?? 0) + 1;
        }
      });
      return { connected: chargers.filter((c) => c.ws).length, failed, errors, boot };
    }
    case 'meter': {
      const lat: number[] = [];
      let errors = 0;
      const startMs: number[] = [];
      await Promise.all(
        chargers
          .filter((c) => c.ws)
          .map(async (c) => {
            const t0 = performance.now();
            await start(c, Date.now());
            startMs.push(performance.now() - t0);
          }),
      );
      // The window is timed from here: the rate counts MeterValues only, not the sessions' Starts.
      const from = performance.now();
      const until = from + m.seconds * 1000;
      await Promise.all(
        chargers
          .filter((c) => c.ws)
          .map(async (c) => {
            while (performance.now() < until) {
              const r = await meterValues(c, Date.now());
              if (r.ok) lat.push(r.ms);
              else errors++;
              if (!c.ws) break;
            }
          }),
      );
      return { lat, errors, startMs, windowMs: performance.now() - from };
    }
    case 'paced': {
      // Each connected charger sends a MeterValues every `intervalMs` from a random offset in the
      // first interval until `seconds` have passed (one CALL outstanding per charger, as OCPP
      // wants: after a late answer the next goes out at once, missed slots are not caught up).
      const lat: number[] = [];
      let errors = 0;
      let sent = 0;
      const live = chargers.filter((c) => c.ws);
      await Promise.all(live.filter((c) => c.transactionId === undefined).map((c) => start(c, Date.now())));
      const t0 = performance.now();
      const until = t0 + m.seconds * 1000;
      const maxEach = Math.ceil((m.seconds * 1000) / m.intervalMs) + 1;
      await Promise.all(
        live.map(async (c) => {
          let next = t0 + Math.random() * m.intervalMs;
          for (let i = 0; i < maxEach && c.ws && next < until; i++) {
            await sleep(next - performance.now());
            sent++;
            const r = await meterValues(c, Date.now());
            if (r.ok) lat.push(r.ms);
            else errors++;
            next = Math.max(next + m.intervalMs, performance.now() + CALL_PACE_MS);
          }
        }),
      );
      return { lat, errors, sent, lastAnswerMs: performance.now() - t0 };
    }
    case 'sessions': {
      // Each session: Start 9 h ago, `meterValues` readings a minute apart, Stop.
      const mv: number[] = [];
      const stop: number[] = [];
      let errors = 0;
      await Promise.all(
        chargers
          .filter((c) => c.ws)
          .map(async (c) => {
            const t0 = Date.now() - 9 * 3_600_000;
            await start(c, t0);
            for (let i = 1; i <= m.meterValues && c.ws; i++) {
              const sent = performance.now();
              const r = await meterValues(c, t0 + i * 60_000);
              if (r.ok) mv.push(r.ms);
              else errors++;
              // A charger's pace: at most one MeterValues per CALL_PACE_MS, under the server's inbound
              // limit of 20 CALLs a second per connection (otherwise the answers are "rate limited").
              await new Promise((res) => setTimeout(res, Math.max(0, CALL_PACE_MS - (performance.now() - sent))));
            }
            c.meter += 100;
            const r = await call(c, 'StopTransaction', {
              transactionId: c.transactionId,
              idTag: c.idTag,
              meterStop: c.meter,
              timestamp: iso(t0 + (m.meterValues + 1) * 60_000),
              reason: 'Local',
            });
            if (r.ok) stop.push(r.ms);
            else errors++;
          }),
      );
      return { mv, stop, errors };
    }
    case 'heartbeat': {
      // Each connected charger sends one Heartbeat at a random moment of the window.
      const lat: number[] = [];
      let errors = 0;
      await Promise.all(
        chargers
          .filter((c) => c.ws)
          .map(async (c) => {
            await new Promise((r) => setTimeout(r, Math.random() * m.seconds * 1000));
            const r = await call(c, 'Heartbeat', {});
            if (r.ok) lat.push(r.ms);
            else errors++;
          }),
      );
      return { lat, errors };
    }
    case 'close':
      await Promise.all(
        chargers.slice(0, m.count ?? chargers.length).map(
          (c) =>
            new Promise<void>((resolve) => {
              if (!c.ws) return resolve();
              const t = setTimeout(() => {
                c.ws?.terminate();
                resolve();
              }, 10_000);
              c.ws.once('close', () => {
                clearTimeout(t);
                resolve();
              });
              c.ws.close(1000);
            }),
        ),
      );
      return { open: chargers.filter((c) => c.ws).length };
    case 'soak': {
      // Sessions back to back until the deadline: Start, a MeterValues every meterEveryS, Stop
      // after sessionS; a Heartbeat a minute. Counts answers and failures.
      const until = performance.now() + m.seconds * 1000;
      const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, until - performance.now()))));
      let sessions = 0;
      let messages = 0;
      let errors = 0;
      const count = (r: { ok: boolean }) => {
        if (r.ok) messages++;
        else errors++;
      };
      await Promise.all(
        chargers
          .filter((c) => c.ws)
          .map(async (c) => {
            await sleepUntil(Math.random() * m.meterEveryS * 1000);
            let lastHeartbeat = performance.now();
            while (performance.now() < until && c.ws) {
              const t0 = performance.now();
              await start(c, Date.now());
              messages++;
              while (performance.now() - t0 < m.sessionS * 1000 && performance.now() < until && c.ws) {
                await sleepUntil(m.meterEveryS * 1000);
                count(await meterValues(c, Date.now()));
                if (performance.now() - lastHeartbeat > 60_000) {
                  lastHeartbeat = performance.now();
                  count(await call(c, 'Heartbeat', {}));
                }
              }
              c.meter += 10;
              count(
                await call(c, 'StopTransaction', {
                  transactionId: c.transactionId,
                  idTag: c.idTag,
                  meterStop: c.meter,
                  timestamp: iso(Date.now()),
                  reason: 'Local',
                }),
              );
              sessions++;
            }
          }),
      );
      return { sessions, messages, errors };
    }
    case 'storm': {
      // Everyone (of the first `count`) at once, at `startAt` (epoch ms, so that every process
      // starts together); a refused or failed attempt retries after 1–3 s until the deadline.
      if (m.startAt) await sleep(Math.min(5000, m.startAt - Date.now()));
      const t0 = performance.now();
      const deadline = t0 + m.deadlineS * 1000;
      const boot: number[] = [];
      /** When each answered Boot was sent (ms after the storm's start), in `boot`'s order. */
      const bootSentMs: number[] = [];
      let failures = 0;
      /** Attempts ended by a reset (ECONNRESET: "read ECONNRESET", "socket hang up"), and those of them that were a charger's first. */
      let resets = 0;
      let firstAttemptResets = 0;
      let firstAttemptFailures = 0;
      let lastAcceptMs = 0;
      const errors: Record<string, number> = {};
      await Promise.all(
        chargers.slice(0, m.count ?? chargers.length).map(async (c) => {
          for (let attempt = 0; performance.now() < deadline; attempt++) {
            if (attempt > 0) await new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000));
            try {
              await open(c, Math.max(1000, deadline - performance.now()));
              const r = await call(
                c,
                'BootNotification',
                { chargePointVendor: 'LoadVendor', chargePointModel: 'LX-10' },
                Math.max(1000, deadline - performance.now()),
              );
              if (r.ok) {
                boot.push(r.ms);
                bootSentMs.push(Math.round(performance.now() - t0 - r.ms));
                lastAcceptMs = Math.max(lastAcceptMs, performance.now() - t0);
                return;
              }
              failures++;
              if (attempt === 0) firstAttemptFailures++;
              errors[`Boot ${String(r.res)}`] = (errors[`Boot ${String(r.res)}`] ?? 0) + 1;
            } catch (err) {
              failures++;
              if (attempt === 0) firstAttemptFailures++;
              if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') {
                resets++;
                if (attempt === 0) firstAttemptResets++;
              }
              const k = (err as Error).message.slice(0, 60);
              errors[k] = (errors[k] ?? 0) + 1;
            }
          }
        }),
      );
      return { accepted: boot.length, failures, resets, firstAttemptResets, firstAttemptFailures, errors, lastAcceptMs, boot, bootSentMs };
    }
  }
}

process.on('message', (msg: { id: number; m: Cmd }) => {
  run(msg.m).then(
    (result) => process.send?.({ id: msg.id, result }),
    (err: unknown) => process.send?.({ id: msg.id, error: String(err instanceof Error ? err.stack : err) }),
  );
});
process.on('disconnect', () => process.exit(0));
