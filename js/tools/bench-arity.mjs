// node js/tools/bench-arity.mjs [--cpu] [N ...]: zkprim/poseidonN (the one-arity
// module, js/src/small/) against poseidon-lite's poseidonN and zkprim/poseidon's
// poseidonN (the library's kernel, every width), interleaved: 9 rounds, the
// median time per hash of each; and the one-arity module's first call
// (compile, instantiate, generate the constants). docs/js.md's arity table.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const js = join(dirname(fileURLToPath(import.meta.url)), '..');
const url = (p) => pathToFileURL(join(js, p)).href;
const lite = await import(url('node_modules/poseidon-lite/index.js'));
const all = await import(url('dist/poseidon.mjs'));
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
// --cpu: the process's CPU time instead of the wall clock (a loaded machine)
const cpu = process.argv.includes('--cpu');
const now = cpu ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();
const argN = process.argv.slice(2).filter((a) => a !== '--cpu');
const fmt = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
console.log('| hash | first call | zkprim/poseidonN | poseidon-lite 0.3.0 | zkprim/poseidon (library kernel) | lite / poseidonN | lite / library |');
console.log('|---|---|---|---|---|---|---|');
for (const n of (argN.length ? argN : ['1', '2', '3', '4', '8', '16']).map(Number)) {
  const name = `poseidon${n}`;
  const small = await import(url(`dist/${name}.mjs`));
  const ins = Array.from({ length: n }, (_, i) => 0x1234567890abcdefn * BigInt(i + 3));
  const t0 = performance.now();
  const want = small[name](ins);
  const first = (performance.now() - t0) * 1000;
  const fns = [small[name], lite[name], all[name]];
  for (const f of fns) if (f(ins) !== want) throw new Error(`${name}: results differ`);
  const iters = Math.max(10, Math.round(600 / n));
  const times = fns.map(() => []);
  for (let r = 0; r < 9; r++)
    fns.forEach((f, k) => {
      const s = now();
      for (let i = 0; i < iters; i++) f(ins);
      times[k].push(((now() - s) * 1000) / iters);
    });
  const [ts, tl, ta] = times.map(med);
  console.log(`| ${name} | ${fmt(first)} | ${fmt(ts)} | ${fmt(tl)} | ${fmt(ta)} | ${(tl / ts).toFixed(2)}× | ${(tl / ta).toFixed(2)}× |`);
}
