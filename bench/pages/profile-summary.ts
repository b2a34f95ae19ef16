/**
 * Sums a V8 CPU profile (a `.cpuprofile` from `bench/pages/run.ts --profile=<dir>` or `node --cpu-prof`) by
 * function and by file: self time in ms and as a share of the profile, and for functions also total time (self
 * plus callees, each node counted once per call path), so the costliest work of a request stands out. Samples are
 * V8's (one per sampling interval); `(idle)`, `(program)` and `(garbage collector)` are V8's own buckets.
 *
 * Run: npx tsx bench/pages/profile-summary.ts <file.cpuprofile> [top=40]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/pages/profile-summary.ts <file.cpuprofile> [top]');
const top = Number(process.argv[3] ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Self time per node, in µs: each sample's delta is charged to the node that was on top of the stack.
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
const totalUs = (profile.endTime - profile.startTime) || 1;

const where = (n: ProfileNode) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const short = url.includes('node_modules/') ? url.slice(url.lastIndexOf('node_modules/') + 13) : path.relative(process.cwd(), url) || url;
  return short || '(native)';
};
const fnKey = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}  ${where(n)}:${n.callFrame.lineNumber + 1}`;

const fnSelf = new Map<string, number>();
const fileSelf = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  fnSelf.set(fnKey(n), (fnSelf.get(fnKey(n)) ?? 0) + us);
  const url = n.callFrame.url;
  // A package by its name (@scope/name or name), any other file by its path.
  const pkg = url.includes('node_modules/') ? /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.slice(url.lastIndexOf('node_modules/')))?.[1] : undefined;
  const f = pkg ?? where(n);
  fileSelf.set(f, (fileSelf.get(f) ?? 0) + us);
}
// Total time per function: a sample counts once for every distinct function on its stack.
const fnTotal = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) seen.add(fnKey(byId.get(cur)!));
  for (const k of seen) fnTotal.set(k, (fnTotal.get(k) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
});

const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s, ${profile.samples.length} samples`);
console.log(`\nself time by function (top ${top}):`);
for (const [k, us] of [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${k}`);
console.log(`\ntotal time by function (top ${top}):`);
for (const [k, us] of [...fnTotal].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${k}`);
console.log('\nself time by package or file (top 25):');
for (const [k, us] of [...fileSelf].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${ms(us)} ms ${pct(us)}  ${k}`);
