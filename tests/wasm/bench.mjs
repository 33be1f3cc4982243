// node tests/wasm/bench.mjs "NATIVE_CHECKSUMS" ROUNDS a.wasm b.wasm ...
// (run.sh): every module must return the native build's checksums; then
// each export is timed ROUNDS times, the modules interleaved round by
// round, and the median per operation printed as a Markdown table.
import fs from 'node:fs';
import path from 'node:path';

const [want, roundsArg, ...files] = process.argv.slice(2);
const rounds = Number(roundsArg);
const mods = files.map((f) => {
  const inst = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(f)), {});
  return { name: path.basename(f, '.wasm'), x: inst.exports, size: fs.statSync(f).size, t: {} };
});
// name, export, n per timed call, n of the checksum run (bench.c's main)
// (in the order of bench.c's main)
const ops = [
  ['Poseidon t3 hash (BN254)', 'bench_poseidon_t3', 4000, 1000],
  ['Montgomery product (BN254)', 'bench_fr_mul', 400000, 4000],
  ['Hemera permutation', 'bench_hemera_permute', 40000, 1000],
  ['Goldilocks product', 'bench_gl_mul', 4000000, 8000],
];
let bad = 0;
for (const m of mods) {
  const got = ops.map(([, e, , nc]) => m.x[e](nc).toString()).join(' ');
  // BigInt results: compare as unsigned 64-bit
  const gotU = got.split(' ').map((v) => BigInt.asUintN(64, BigInt(v)).toString()).join(' ');
  if (gotU !== want.trim()) {
    console.error(`${m.name}: checksums ${gotU} != native ${want.trim()}`);
    bad = 1;
  }
}
if (bad) process.exit(1);
console.log(`checksums equal the native build's (${mods.map((m) => m.name).join(', ')})`);
for (const m of mods) for (const [, e, n] of ops) m.x[e](n / 10); // warm up (tier-up)
for (let r = 0; r < rounds; r++)
  for (const [, e, n] of ops)
    for (const m of mods) {
      const t0 = process.hrtime.bigint();
      m.x[e](n);
      const ns = Number(process.hrtime.bigint() - t0) / n;
      (m.t[e] ??= []).push(ns);
    }
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`\n| ns per operation (median of ${rounds}) | ${mods.map((m) => m.name).join(' | ')} |`);
console.log(`|---|${mods.map(() => '---:').join('|')}|`);
for (const [label, e] of ops) console.log(`| ${label} | ${mods.map((m) => med(m.t[e]).toFixed(1)).join(' | ')} |`);
console.log(`| module size (bytes, whole bench) | ${mods.map((m) => m.size).join(' | ')} |`);
