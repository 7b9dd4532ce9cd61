/**
 * A simulated network: a set of ChargePoints that run sessions continually with accelerated
 * energy, so that an operator sees a live network within a minute. Used by `sim/attach.ts` (the
 * demo at server start) and `sim/cli.ts` (against any central system).
 *
 * Per charger: wait `idleMs` (random in range), then start a session on a free connector with a
 * random idTag, lasting `sessionMs` (random in range); sessions on several connectors overlap.
 * The charger named `faultyIdentity` reports a connector Faulted now and then (for `faultMs`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ChargePoint, type ChargePointOptions, type SimLogger } from './charge-point.js';

export interface NetworkOptions {
  url: string;
  chargers: (Omit<ChargePointOptions, 'url' | 'log' | 'speed' | 'meterIntervalMs'>)[];
  idTags: string[];
  /** Energy acceleration (default 60: one real minute delivers an hour of energy). */
  speed?: number;
  meterIntervalMs?: number;
  /** Idle time between session starts per charger, [min, max] ms. */
  idleMs?: [number, number];
  /** Session length, [min, max] ms. */
  sessionMs?: [number, number];
  faultyIdentity?: string;
  faultMs?: number;
  log?: SimLogger;
}

export interface Network {
  chargePoints: ChargePoint[];
  stop(): Promise<void>;
}

const between = ([a, b]: [number, number]) => a + Math.random() * (b - a);
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

/** Starts the network; resolves once every charger had its first connection attempt. */
export async function startNetwork(o: NetworkOptions): Promise<Network> {
  const log = o.log ?? { info: () => undefined };
  const ac = new AbortController();
  const idle = o.idleMs ?? [20_000, 60_000];
  const session = o.sessionMs ?? [30_000, 120_000];
  const work = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const t = p.catch((err: unknown) => {
      if (!ac.signal.aborted) (log.warn ?? log.info)({ err: String(err) }, 'simulation: step failed');
    });
    work.add(t);
    void t.finally(() => work.delete(t));
  };

  const cps = o.chargers.map((c) => new ChargePoint({ ...c, url: o.url, log, speed: o.speed ?? 60, meterIntervalMs: o.meterIntervalMs ?? 10_000 }));

  async function run(cp: ChargePoint): Promise<void> {
    // First connection: retried until it works or the simulation stops.
    for (let attempt = 0; !ac.signal.aborted; attempt++) {
      try {
        await cp.start();
        break;
      } catch (err) {
        if (attempt === 0) (log.warn ?? log.info)({ chargeBoxId: cp.identity, err: String(err) }, 'simulated charger could not connect; retrying');
        await sleep(Math.min(60_000, 2_000 * 2 ** attempt), undefined, { signal: ac.signal }).catch(() => undefined);
      }
    }
    // Stagger the first sessions.
    await sleep(between([1_000, Math.max(1_000, idle[0])]), undefined, { signal: ac.signal }).catch(() => undefined);
    while (!ac.signal.aborted) {
      const free = cp.freeConnectors();
      if (cp.connected && free.length) {
        const connectorId = pick(free);
        if (cp.identity === o.faultyIdentity && Math.random() < 0.25) {
          track(cp.fault(connectorId, o.faultMs ?? 30_000));
        } else if (o.idTags.length) {
          track(cp.runSession(connectorId, pick(o.idTags), between(session)));
        }
      }
      await sleep(between(idle), undefined, { signal: ac.signal }).catch(() => undefined);
    }
  }

  const loops = cps.map((cp) => run(cp));
  return {
    chargePoints: cps,
    async stop() {
      ac.abort();
      await Promise.allSettled(loops);
      await Promise.allSettled(cps.map((cp) => cp.stop()));
      await Promise.allSettled([...work]);
    },
  };
}
