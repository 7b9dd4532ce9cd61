/**
 * Where a CPU profile's time goes (`npm run bench:profile-top -- <file.cpuprofile> [--from s]
 * [--seconds s] [--out file.md]`): a profile written by `npm run bench:load -- --profile`
 * (node --cpu-prof on the ChargeDesk server) summed over a window (default: the busiest
 * `--seconds`, 10, of the run), as the share of the window's time spent in each function (self)
 * and below it (inclusive), and by package or source folder. Prints a Markdown report and writes
 * it to `--out` when given. Shows the measured reason behind the hot path's figures (README
 * "Benchmarks", requirements R12.32).
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** `--name value` of the command line, or undefined. */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A short place name: the package (node_modules/x) or the source path below the project. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return url;
  const m = /\/(server|domain|bench|sim)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : url.replace(/^file:\/\//, '');
}

/** The folder a place belongs to (the package, node's internals, or a source folder). */
function groupOf(place: string): string {
  if (place.startsWith('npm:') || place.startsWith('(')) return place;
  if (place.startsWith('node:')) return 'node (internals)';
  return place.split('/').slice(0, 3).join('/');
}

const file = process.argv[2];
if (!file || file.startsWith('--')) {
  console.error('usage: npm run bench:profile-top -- <file.cpuprofile> [--from s] [--seconds s] [--out file.md]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
const windowUs = Number(option('seconds') ?? 10) * 1e6;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const idle = new Set(profile.nodes.filter((n) => ['(idle)', '(program)'].includes(n.callFrame.functionName) && !n.callFrame.url).map((n) => n.id));

// Sample times (µs since the profile's start).
const times: number[] = [];
let t = 0;
for (const d of profile.timeDeltas) times.push((t += d));

// The window: from --from, or the busiest stretch of --seconds.
let first = 0;
const from = option('from');
if (from !== undefined) {
  first = Math.max(
    0,
    times.findIndex((x) => x >= Number(from) * 1e6),
  );
} else {
  let busy = 0;
  let best = -1;
  for (let i = 0, j = 0; i < times.length; i++) {
    if (!idle.has(profile.samples[i])) busy += profile.timeDeltas[i];
    while (times[i] - times[j] > windowUs) {
      if (!idle.has(profile.samples[j])) busy -= profile.timeDeltas[j];
      j++;
    }
    if (busy > best) {
      best = busy;
      first = j;
    }
  }
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const groups = new Map<string, number>();
let total = 0;
let busyTotal = 0;
for (let i = first; i < times.length && times[i] <= times[first] + windowUs; i++) {
  const dt = profile.timeDeltas[i];
  total += dt;
  if (idle.has(profile.samples[i])) continue;
  busyTotal += dt;
  const leaf = byId.get(profile.samples[i])!;
  const leafPlace = placeOf(leaf.callFrame.url);
  const leafName = `${leaf.callFrame.functionName || '(anonymous)'} ${leafPlace}`;
  self.set(leafName, (self.get(leafName) ?? 0) + dt);
  // Native work by its own name (socket writes, garbage collection, …).
  const group = leafPlace === '(native)' ? `(native) ${leaf.callFrame.functionName}` : groupOf(leafPlace);
  groups.set(group, (groups.get(group) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const n = byId.get(id)!;
    const name = `${n.callFrame.functionName || '(anonymous)'} ${placeOf(n.callFrame.url)}`;
    if (seen.has(name) || name.startsWith('(root)')) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
  }
}

const pct = (v: number) => `${((v / total) * 100).toFixed(1)} %`;
const rows = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `| ${pct(v)} | \`${k.replaceAll('|', '\\|')}\` |`);
const report = [
  `# CPU profile: ${file.split('/').pop()}`,
  '',
  `Window: ${(times[first] / 1e6).toFixed(1)} s to ${((times[first] + windowUs) / 1e6).toFixed(1)} s of the run; busy ${pct(busyTotal)} of it (the rest idle).`,
  'Shares are of the whole window.',
  '',
  '## By package or source folder (self time)',
  '',
  '| share | where |',
  '| --- | --- |',
  ...rows(groups, 20),
  '',
  '## Functions, self time',
  '',
  '| share | function |',
  '| --- | --- |',
  ...rows(self, 30),
  '',
  '## Functions, inclusive time',
  '',
  '| share | function |',
  '| --- | --- |',
  ...rows(inclusive, 40),
  '',
].join('\n');
console.log(report);
const out = option('out');
if (out) fs.writeFileSync(out, report);
