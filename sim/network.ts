/**
 * A simulated network: a set of ChargePoints that run sessions continually in real time (energy =
 * ∫ power, see charge-point.ts). Used by `sim/attach.ts` (the demo at server start) and
 * `sim/cli.ts` (against any central system).
 *
 * Per charger: vehicles arrive at random — `sessionsPerDay` on average (exponential gaps: a
 * Poisson process), or after `idleMs` (random in range) when no rate is given — and start a
 * session on a free connector with a random idTag that is not charging elsewhere (an arrival
 * finding every connector, or every card, busy leaves). A session lasts until the vehicle has
 * taken its energy (`energyWh`, random in range: what one charge of an EV needs) or `sessionMs`
 * (random in range) has passed, whichever comes first. The charger named `faultyIdentity` reports
 * a connector Faulted now and then (for `faultMs`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ChargePoint, type ChargePointOptions, type SimLogger } from './charge-point.js';

export interface NetworkOptions {
  url: string;
  chargers: (Omit<ChargePointOptions, 'url' | 'log' | 'meterIntervalMs'> & {
    /** Mean session starts per day at this charger (vehicle arrivals); overrides `idleMs`. */
    sessionsPerDay?: number;
  })[];
  idTags: string[];
  meterIntervalMs?: number;
  /** Idle time between session starts per charger, [min, max] ms (chargers without `sessionsPerDay`). */
  idleMs?: [number, number];
  /** Longest session, [min, max] ms (default 4–6 h: the vehicle's energy ends it first). */
  sessionMs?: [number, number];
  /** Energy a vehicle takes in one session, [min, max] Wh (default: 5–45 kWh AC, 10–60 kWh DC ≥ 50 kW). */
  energyWh?: [number, number];
  /** Called before a session starts with the idTag presented (e.g. a user topping up a card). */
  beforeSession?: (idTag: string) => Promise<void>;
  faultyIdentity?: string;
  faultMs?: number;
  log?: SimLogger;
}

export interface Network {
  chargePoints: ChargePoint[];
  stop(): Promise<void>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const between = ([a, b]: [number, number]) => a + Math.random() * (b - a);
/** An exponential gap (ms) of a Poisson process with `perDay` events a day on average. */
export const arrivalGapMs = (perDay: number) => (-Math.log(1 - Math.random()) * DAY) / perDay;
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

/** Starts the network; resolves once every charger had its first connection attempt. */
export async function startNetwork(o: NetworkOptions): Promise<Network> {
  const log = o.log ?? { info: () => undefined };
  const ac = new AbortController();
  const idle = o.idleMs ?? [20_000, 60_000];
  const session = o.sessionMs ?? [4 * HOUR, 6 * HOUR];
  const energyOf = (ratedPowerW: number): [number, number] => o.energyWh ?? (ratedPowerW >= 50_000 ? [10_000, 60_000] : [5_000, 45_000]);
  const work = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const t = p.catch((err: unknown) => {
      if (!ac.signal.aborted) (log.warn ?? log.info)({ err: String(err) }, 'simulation: step failed');
    });
    work.add(t);
    void t.finally(() => work.delete(t));
  };

  const cps = o.chargers.map((c) => new ChargePoint({ ...c, url: o.url, log, meterIntervalMs: o.meterIntervalMs ?? 10_000 }));

  // A card charges one vehicle at a time (the central system answers ConcurrentTx otherwise):
  // an arrival whose every card is already charging somewhere is a driver who does not come.
  const charging = new Set<string>();
  async function startSession(cp: ChargePoint, connectorId: number, ratedPowerW: number): Promise<void> {
    const free = o.idTags.filter((t) => !charging.has(t));
    if (!free.length) return;
    const idTag = pick(free);
    charging.add(idTag);
    try {
      if (o.beforeSession) await o.beforeSession(idTag);
      await cp.runSession(connectorId, idTag, between(session), true, between(energyOf(ratedPowerW)));
    } finally {
      charging.delete(idTag);
    }
  }

  async function run(cp: ChargePoint, index: number): Promise<void> {
    const { sessionsPerDay, ratedPowerW = 11_000 } = o.chargers[index];
    const gap = () => (sessionsPerDay !== undefined && sessionsPerDay > 0 ? arrivalGapMs(sessionsPerDay) : between(idle));
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
    // The first arrival comes after a gap like any other (a Poisson process has no memory).
    await sleep(sessionsPerDay ? gap() : between([1_000, Math.max(1_000, idle[0])]), undefined, { signal: ac.signal }).catch(() => undefined);
    while (!ac.signal.aborted) {
      const free = cp.freeConnectors();
      if (cp.connected && free.length) {
        const connectorId = pick(free);
        if (cp.identity === o.faultyIdentity && Math.random() < 0.25) {
          track(cp.fault(connectorId, o.faultMs ?? 30_000));
        } else if (o.idTags.length) {
          track(startSession(cp, connectorId, ratedPowerW));
        }
      }
      await sleep(gap(), undefined, { signal: ac.signal }).catch(() => undefined);
    }
  }

  const loops = cps.map((cp, i) => run(cp, i));
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
