/**
 * The simulator as a command (works against any OCPP 1.6J central system):
 *
 *   npm run sim -- --url ws://127.0.0.1:8080/ocpp --ids SN1,SN2 --idtags TAG1,TAG2 \
 *                  [--chargers N] [--connectors 2] [--password P] [--per-day N] [--duration S]
 *                  [--idle 20-60] [--session 14400-21600] [--meter 10] [--power 11000]
 *
 * --ids        chargeBoxIds (registered on the server first); without it, --chargers N ids
 *              SIM0000000000001… are used (default N = 1)
 * --idtags     idTags presented at the chargers (cards of the chargers' company)
 * --per-day    mean session starts per charger and day (random arrivals); without it, --idle
 * --power      rated power per connector (W); energy = ∫ power over real time
 * --duration   stop after S seconds (default: run until Ctrl-C); sessions end with StopTransaction
 * --idle/--session  ranges in seconds; --meter  seconds between MeterValues
 */
import { parseArgs } from 'node:util';
import { startNetwork } from './network.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'ws://127.0.0.1:8080/ocpp' },
    chargers: { type: 'string' },
    ids: { type: 'string' },
    idtags: { type: 'string', default: '' },
    connectors: { type: 'string', default: '2' },
    password: { type: 'string' },
    'per-day': { type: 'string' },
    power: { type: 'string', default: '11000' },
    duration: { type: 'string' },
    idle: { type: 'string', default: '20-60' },
    session: { type: 'string', default: '14400-21600' },
    meter: { type: 'string', default: '10' },
  },
});

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const range = (v: string): [number, number] => {
  const [a, b] = v.split('-').map(Number);
  return [a * 1000, (b ?? a) * 1000];
};

let ids = list(values.ids);
const n = values.chargers ? Number(values.chargers) : ids.length || 1;
if (!ids.length) ids = Array.from({ length: n }, (_, i) => `SIM${String(i + 1).padStart(13, '0')}`);
ids = ids.slice(0, n);

const log = {
  info: (...a: unknown[]) => console.log(new Date().toISOString(), ...a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))),
  warn: (...a: unknown[]) => console.warn(new Date().toISOString(), ...a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))),
};

const network = await startNetwork({
  url: values.url!,
  idTags: list(values.idtags),
  meterIntervalMs: Number(values.meter) * 1000,
  idleMs: range(values.idle!),
  sessionMs: range(values.session!),
  faultyIdentity: ids[0],
  log,
  chargers: ids.map((identity) => ({
    identity,
    connectors: Number(values.connectors),
    password: values.password,
    ratedPowerW: Number(values.power),
    ...(values['per-day'] ? { sessionsPerDay: Number(values['per-day']) } : {}),
  })),
});
log.info(`simulating ${ids.length} charger(s) against ${values.url}${values.idtags ? '' : ' (no --idtags: no sessions)'}`);

let stopping = false;
async function stop(why: string) {
  if (stopping) return;
  stopping = true;
  log.info(`stopping (${why})`);
  await network.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
if (values.duration) setTimeout(() => void stop('duration reached'), Number(values.duration) * 1000);
