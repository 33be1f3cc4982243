// node tests/wasm_simd/bench_root.mjs A_DIST B_DIST NATIVE_DRIVER [ROUNDS]:
// Hemera root of 1 MiB by CPU time, interleaved: zkprim/hemera from two
// builds (js/dist and a ZKJS_SIMD=1 one; process.cpuUsage around two calls)
// and a native driver run between them, which prints the minimum thread CPU
// time (CLOCK_THREAD_CPUTIME_ID) in ms of zkp_hemera_tree_root_fixed on the
// same 1 MiB with one thread, then the root in hex (run it with
// ZKPRIM_CPU=portable for the portable C). All three roots must agree.
// Prints the medians, minima and paired per-round ratios (docs/js.md).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dirA, dirB, native, roundsArg] = process.argv.slice(2);
const ROUNDS = Number(roundsArg || 9);
const mods = [];
for (const d of [dirA, dirB]) mods.push(await import(pathToFileURL(resolve(d, 'hemera.mjs')).href));
const mib = new Uint8Array(1 << 20);
for (let i = 0; i < mib.length; i++) mib[i] = (i * 2654435761) >>> 24;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const hex = (b) => Buffer.from(b).toString('hex');
const nat = () => execFileSync(native, ['3'], { encoding: 'utf8' }).trim().split(' ');
const roots = [hex(mods[0].root(mib)), hex(mods[1].root(mib)), nat()[1]];
if (new Set(roots).size !== 1) throw new Error(`roots disagree: ${roots.join(' ')}`);
for (const m of mods) for (let i = 0; i < 3; i++) m.root(mib); // V8's tiers
const t = [[], [], []];
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < 2; i++) {
    const a = cpu();
    mods[i].root(mib);
    mods[i].root(mib);
    t[i].push((cpu() - a) / 2);
  }
  t[2].push(Number(nat()[0]));
}
const med = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const row = (v) => `${med(v).toFixed(1)} ms [${Math.min(...v).toFixed(1)} .. ${Math.max(...v).toFixed(1)}]`;
const ratio = (x, y) => { const p = x.map((a, r) => a / y[r]); return `${med(p).toFixed(2)}x [${Math.min(...p).toFixed(2)} .. ${Math.max(...p).toFixed(2)}]`; };
console.log('| build | root of 1 MiB, CPU ms median [min .. max] | / native (paired rounds) |');
console.log('|---|---|---|');
console.log(`| ${dirA} | ${row(t[0])} | ${ratio(t[0], t[2])} |`);
console.log(`| ${dirB} | ${row(t[1])} | ${ratio(t[1], t[2])} |`);
console.log(`| native | ${row(t[2])} | 1 |`);
console.log(`A / B paired: ${ratio(t[0], t[1])}`);
