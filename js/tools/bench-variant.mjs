// node js/tools/bench-variant.mjs A_DIST B_DIST [ROUNDS]: two builds of the
// package side by side (e.g. js/dist and one built from another commit),
// each case run on A then B in every round; prints per case the median and
// minimum time of each and the median of the paired per-round ratios A / B
// (> 1: B is faster). The minimum is the figure to trust on a loaded
// machine. (SIMD128 against no SIMD128 within one build: node js/bench.mjs
// --cpu --simd, docs/js.md "SIMD128".)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirB) {
  console.error('usage: node js/tools/bench-variant.mjs A_DIST B_DIST [ROUNDS]');
  process.exit(2);
}
const ROUNDS = Number(roundsArg || 11);
const load = async (d) => {
  const u = (m) => pathToFileURL(resolve(d, `${m}.mjs`)).href;
  return { k: await import(u('keccak')), h: await import(u('hemera')), p: await import(u('poseidon2')),
    m: await import(u('merkle-tree')), l: await import(u('lean-imt')) };
};
const builds = [await load(dirA), await load(dirB)];

const mib = new Uint8Array(1 << 20).fill(3);
const msgs = Array.from({ length: 2000 }, (_, i) => new Uint8Array(64).fill(i & 255));
const hexN = (i, w) => '0x' + i.toString(16).padStart(w, '0');
const oz = Array.from({ length: 4096 }, (_, i) => [hexN(i * 7919 + 1, 40), (BigInt(i) * 10n ** 18n).toString()]);
const leaves = Array.from({ length: 1024 }, (_, i) => BigInt(i + 1));
const cases = {
  'Hemera root, 1 MiB': (x) => x.h.root(mib),
  'keccak_256, 1 MiB': (x) => x.k.keccak_256(mib),
  'keccak_256.many, 2000 x 64 B': (x) => x.k.keccak_256.many(msgs),
  'poseidon2([a, b]) x 200': (x) => { for (let i = 0; i < 200; i++) x.p.poseidon2([BigInt(i), 7n]); },
  'StandardMerkleTree.of 2^12': (x) => x.m.StandardMerkleTree.of(oz, ['address', 'uint256']),
  'LeanIMT insertMany 2^10': (x) => new x.l.LeanIMT(x.l.poseidon2).insertMany(leaves),
};
const ms = (t) => `${t.toFixed(2)} ms`;
const med = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
console.log(`| case | A median | A min | B median | B min | A / B (paired median) | A / B (min) |`);
console.log('|---|---|---|---|---|---|---|');
for (const [name, f] of Object.entries(cases)) {
  // same answers from both builds (the cases return digests, roots or trees)
  const ra = f(builds[0]);
  const rb = f(builds[1]);
  const show = (r) => (r instanceof Uint8Array ? Buffer.from(r).toString('hex') : r && r.root !== undefined ? String(r.root) : JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? String(v) : v)));
  if (show(ra) !== show(rb)) throw new Error(`${name}: the two builds disagree`);
  const t = [[], []];
  for (let r = 0; r < ROUNDS; r++)
    for (let i = 0; i < 2; i++) {
      const a = performance.now();
      f(builds[i]);
      t[i].push(performance.now() - a);
    }
  const paired = t[0].map((a, r) => a / t[1][r]);
  console.log(`| ${name} | ${ms(med(t[0]))} | ${ms(Math.min(...t[0]))} | ${ms(med(t[1]))} | ${ms(Math.min(...t[1]))} | ${med(paired).toFixed(2)} | ${(Math.min(...t[0]) / Math.min(...t[1])).toFixed(2)} |`);
}
