// node js/bench.mjs [--quick] [--cli PATH] [--cpu] [--poseidon] [--simd]: the speed table of docs/js.md,
// every row beside its anchors (the npm packages it replaces, or the
// native CLI) in the same run, at the sizes issue 27 names (LeanIMT and
// StandardMerkleTree at 2^16 leaves; --quick: 2^12, for a smoke run).
// Each row runs its contenders interleaved (zkprim, anchor, zkprim, ...)
// for a number of rounds and prints the median time per operation with
// the spread [min .. max] over the rounds; the ratio column is median
// anchor time / median zkprim time, and [lo .. hi] the ratio's range
// over the rounds (each round's anchor time / the same round's zkprim
// time: the pairing cancels most of a shared machine's load swings).
// --cpu: the process's CPU time (user + system) instead of the wall clock,
// for a loaded machine, where the wall clock of a round counts the time
// other processes had the core (the native Hemera anchor, a child process,
// stays wall clock). --poseidon: only the Poseidon and LeanIMT rows.
// --simd: only the SIMD128 entries against their nosimd twins (below).
// Needs `npm ci --prefix js` and a built js/dist (make js).
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak_256 as nobleKeccak } from '@noble/hashes/sha3';
import { createKeccak } from 'hash-wasm';
import { poseidon2 as lite2 } from 'poseidon-lite';
import { buildPoseidon as circomBuild } from 'circomlibjs';
import { StandardMerkleTree as OzTree } from '@openzeppelin/merkle-tree';
import { LeanIMT as RefImt } from '@zk-kit/lean-imt';
import * as k from './dist/keccak.mjs';
import * as p from './dist/poseidon.mjs';
import * as h from './dist/hemera.mjs';
import * as m from './dist/merkle-tree.mjs';
import * as l from './dist/lean-imt.mjs';
import * as p2 from './dist/poseidon2.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const cliArg = args.indexOf('--cli');
const cli = cliArg >= 0 ? args[cliArg + 1] : null;
const cpu = args.includes('--cpu');
const onlyPoseidon = args.includes('--poseidon');
// ms now: wall clock, or with --cpu this process's CPU time
const now = cpu ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();
const ROUNDS = quick ? 3 : 7;
const BIG_ROUNDS = quick ? 3 : 5; // the 2^16-leaf trees: the npm anchors take 10-60 s a round
const here = dirname(fileURLToPath(import.meta.url));

// ns per op of fn (called `reps` times) in each of `rounds` interleaved
// rounds: one array of times per contender
function rows(contenders, reps, rounds = ROUNDS) {
  const times = contenders.map(() => []);
  for (const [, fn] of contenders) for (let j = 0; j < reps; j++) fn(); // warm-up: one round's calls (tier-up)
  for (let r = 0; r < rounds; r++)
    contenders.forEach(([, fn], i) => {
      const t = now();
      for (let j = 0; j < reps; j++) fn();
      times[i].push(((now() - t) * 1e6) / reps);
    });
  return times;
}
const median = (ts) => [...ts].sort((a, b) => a - b)[ts.length >> 1];
const fmt = (ns) => (ns >= 1e9 ? `${(ns / 1e9).toFixed(2)} s` : ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const spread = (ts) => `${fmt(median(ts))} [${fmt(Math.min(...ts))} .. ${fmt(Math.max(...ts))}]`;
// the anchor / zkprim ratio: of the medians, and its range over the paired rounds
function ratio(a, z) {
  const per = a.map((x, i) => x / z[i]);
  return `${(median(a) / median(z)).toFixed(2)}× [${Math.min(...per).toFixed(2)} .. ${Math.max(...per).toFixed(2)}]`;
}
const out = ['| operation | zkprim median [min .. max] | anchor | anchor median [min .. max] | anchor / zkprim [range] |', '|---|---|---|---|---|'];
function table(op, contenders, reps, rounds = ROUNDS) {
  const [z, ...anchors] = rows(contenders, reps, rounds);
  anchors.forEach((a, i) => out.push(`| ${op} | ${spread(z)} | ${contenders[i + 1][0]} | ${spread(a)} | ${ratio(a, z)} |`));
  console.error(out.slice(-anchors.length).join('\n'));
}

// --simd: each entry with a SIMD128 module (js/exports.sh) against its
// zkprim/NAME/nosimd twin, interleaved; the ratio is nosimd / SIMD128 (the
// speed-up), the calls that SIMD128 changes (the batches and the tree
// levels) and the single calls it should not.
if (args.includes('--simd')) {
  const kn = await import('./dist/keccak-nosimd.mjs');
  // (a build whose ZKJS_SIMD_MODULES leaves merkle-tree out has no twin)
  const mtTwin = existsSync(join(here, 'dist', 'merkle-tree-nosimd.mjs'));
  const mn = mtTwin ? await import('./dist/merkle-tree-nosimd.mjs') : null;
  out[0] = out[0].replace('zkprim median', 'zkprim (SIMD128) median').replace('| anchor |', '| against |').replace('anchor / zkprim', 'nosimd / SIMD128');
  const msgs = Array.from({ length: 2000 }, (_, i) => new Uint8Array(64).fill(i & 255));
  table('keccak_256.many, 2000 x 64 B', [['zkprim/keccak', () => k.keccak_256.many(msgs)], ['zkprim/keccak/nosimd', () => kn.keccak_256.many(msgs)]], 20);
  const mixed = Array.from({ length: 2000 }, (_, i) => new Uint8Array(i % 300).fill(i & 255));
  table('keccak_256.many, 2000 x 0..299 B', [['zkprim/keccak', () => k.keccak_256.many(mixed)], ['zkprim/keccak/nosimd', () => kn.keccak_256.many(mixed)]], 20);
  if (mtTwin) {
    const leaves = Array.from({ length: 1 << 16 }, (_, i) => Uint8Array.from({ length: 32 }, (_, j) => (i >> (8 * (j & 1))) & 255));
    table('SimpleMerkleTree.of 2^16 bytes32 leaves (Uint8Array)', [['zkprim/merkle-tree', () => m.SimpleMerkleTree.of(leaves)],
      ['zkprim/merkle-tree/nosimd', () => mn.SimpleMerkleTree.of(leaves)]], 1, 11);
  }
  const msg64 = new Uint8Array(64).fill(1);
  table('keccak_256, 64 B (single: no SIMD path)', [['zkprim/keccak', () => k.keccak_256(msg64)], ['zkprim/keccak/nosimd', () => kn.keccak_256(msg64)]], 20000);
  const mib = new Uint8Array(1 << 20).fill(3);
  table('keccak_256, 1 MiB (single: no SIMD path)', [['zkprim/keccak', () => k.keccak_256(mib)], ['zkprim/keccak/nosimd', () => kn.keccak_256(mib)]], 5);
  const hexN = (i, w) => '0x' + i.toString(16).padStart(w, '0');
  for (const lg of !mtTwin ? [] : quick ? [12] : [12, 14, 16]) {
    const n = 1 << lg;
    const values = Array.from({ length: n }, (_, i) => [hexN(i * 7919 + 1, 40), (BigInt(i) * 10n ** 18n).toString()]);
    const run = (T, opts) => () => {
      const t = T.of(values, ['address', 'uint256'], opts);
      for (let i = 0; i < 1000; i++) t.getProof((i * 37) % n);
    };
    table(`StandardMerkleTree.of 2^${lg} [address, uint256] + 1000 proofs`, [['zkprim/merkle-tree', run(m.StandardMerkleTree)],
      ['zkprim/merkle-tree/nosimd', run(mn.StandardMerkleTree)]], 1, lg >= 16 ? 9 : 11);
    if (lg === 14)
      table(`StandardMerkleTree.of 2^${lg}, sortLeaves: false, + 1000 proofs`, [['zkprim/merkle-tree', run(m.StandardMerkleTree, { sortLeaves: false })],
        ['zkprim/merkle-tree/nosimd', run(mn.StandardMerkleTree, { sortLeaves: false })]], 1, 11);
  }
  console.log(out.join('\n'));
  process.exit(0);
}

// Poseidon, 2 inputs
const circom = await circomBuild();
let ctr = 1n;
table('poseidon2([a, b])', [['zkprim', () => p.poseidon2([ctr++, 7n])], ['poseidon-lite 0.3.0', () => lite2([ctr++, 7n])],
  ['circomlibjs 0.1.7', () => circom.F.toObject(circom([ctr++, 7n]))]], quick ? 20 : 100);
table('poseidon2([a, b]), zkprim/poseidon2 (one-arity module)', [['zkprim', () => p2.poseidon2([ctr++, 7n])], ['poseidon-lite 0.3.0', () => lite2([ctr++, 7n])],
  ['circomlibjs 0.1.7', () => circom.F.toObject(circom([ctr++, 7n]))]], quick ? 20 : 100);

// LeanIMT insertMany
const nImt = quick ? 1 << 12 : 1 << 16;
const imtLeaves = Array.from({ length: nImt }, (_, i) => BigInt(i + 1));
table(`LeanIMT insertMany of 2^${Math.log2(nImt)} leaves`, [['zkprim', () => new l.LeanIMT(l.poseidon2).insertMany(imtLeaves)],
  ['@zk-kit/lean-imt 2.2.5 + poseidon-lite', () => new RefImt((a, b) => lite2([a, b])).insertMany(imtLeaves)]], 1, BIG_ROUNDS);

if (onlyPoseidon) {
  console.log(out.join('\n'));
  process.exit(0);
}

// StandardMerkleTree.of + 1000 proofs
const nOz = quick ? 1 << 12 : 1 << 16;
const hexN = (i, w) => '0x' + i.toString(16).padStart(w, '0');
const ozValues = Array.from({ length: nOz }, (_, i) => [hexN(i * 7919 + 1, 40), (BigInt(i) * 10n ** 18n).toString()]);
const proofs = (T) => () => {
  const t = T.of(ozValues, ['address', 'uint256']);
  for (let i = 0; i < 1000; i++) t.getProof((i * 37) % nOz);
};
table(`StandardMerkleTree.of 2^${Math.log2(nOz)} [address, uint256] + 1000 proofs`, [['zkprim', proofs(m.StandardMerkleTree)],
  ['@openzeppelin/merkle-tree 1.0.8', proofs(OzTree)]], 1, BIG_ROUNDS);

// Keccak-256
const hw = await createKeccak(256);
const msg64 = new Uint8Array(64).fill(1);
const hwHash = (b) => { hw.init(); hw.update(b); return hw.digest('binary'); };
table('keccak_256, 64 B', [['zkprim', () => k.keccak_256(msg64)], ['hash-wasm 4.13.0', () => hwHash(msg64)],
  ['@noble/hashes 1.8.0', () => nobleKeccak(msg64)]], quick ? 2000 : 20000);
const mib = new Uint8Array(1 << 20).fill(3);
table('keccak_256, 1 MiB', [['zkprim', () => k.keccak_256(mib)], ['hash-wasm 4.13.0', () => hwHash(mib)]], quick ? 2 : 5);

// Hemera root of 1 MiB (zkp_hemera_tree_root_fixed, one thread) against
// the native portable C: each round times 8 roots here, then runs the
// native CLI's own case `ZKPRIM_CPU=portable zkprim bench
// hemera/root_fixed/1MiB` (the same call on the same 1 MiB) and takes its
// median; the two alternate, so both see the same machine load.
if (cli) {
  const env = { ...process.env, ZKPRIM_CPU: 'portable' };
  const nativeRun = () => {
    const tsv = execFileSync(cli, ['bench', 'hemera/root_fixed/1MiB$', '--runs', '3', '--tsv'], { env, encoding: 'utf8' });
    const f = tsv.trim().split('\n').pop().split('\t');
    if (f[5] !== 'ok') throw new Error(`native hemera/root_fixed/1MiB: ${tsv}`);
    return Number(f[2]);
  };
  const z1 = [];
  const native = [];
  h.root(mib);
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    for (let i = 0; i < 8; i++) h.root(mib);
    z1.push(((performance.now() - t) * 1e6) / 8);
    native.push(nativeRun());
  }
  out.push(`| Hemera root, 1 MiB | ${spread(z1)} | native portable C (\`zkprim bench hemera/root_fixed/1MiB\`, ZKPRIM_CPU=portable) | ${spread(native)} | ${ratio(native, z1)} |`);
  console.error(out[out.length - 1]);
} else {
  out.push('| Hemera root, 1 MiB | (run with --cli build-native/zkprim for the native anchor) | | | |');
}

// Bundle sizes (gzip -9 of what an import pulls in)
const gz = (f) => gzipSync(readFileSync(f), { level: 9 }).length;
const nm = join(here, 'node_modules');
out.push('', '| bundle | zkprim .mjs gzip | .wasm gzip | anchor | anchor gzip |', '|---|---|---|---|---|');
const sizes = [
  ['keccak', '@noble/hashes sha3.js + _u64.js + utils.js', ['sha3.js', '_u64.js', 'utils.js'].map((f) => join(nm, '@noble/hashes', f))],
  ['hemera', '', null],
  ['poseidon', 'poseidon-lite index.js + poseidon/index.js + every constants/N.js (all arities)', [join(nm, 'poseidon-lite', 'index.js'), join(nm, 'poseidon-lite', 'poseidon', 'index.js'), ...Array.from({ length: 16 }, (_, i) => join(nm, 'poseidon-lite', 'constants', `${i + 1}.js`))]],
  // one arity: poseidon-lite's poseidonN.js + constants/N.js + poseidon/index.js
  ...[1, 2, 3, 4, 8, 16].map((n) => [`poseidon${n}`, `poseidon-lite poseidon${n}.js + constants/${n}.js + poseidon/index.js`, [join(nm, 'poseidon-lite', `poseidon${n}.js`), join(nm, 'poseidon-lite', 'constants', `${n}.js`), join(nm, 'poseidon-lite', 'poseidon', 'index.js')]]),
  ['merkle-tree', '', null],
  ['lean-imt', '', null],
];
sizes.splice(1, 0, ['keccak-nosimd', '', null]);
// the module a bundle embeds: NAME-simd.wasm where it has one (with
// NAME.wasm too for an entry that embeds both), NAME.wasm for a nosimd twin
const wasmOf = (name) => (name.endsWith('-nosimd') ? name.slice(0, -7) : existsSync(join(here, 'dist', `${name}-simd.wasm`)) ? `${name}-simd` : name);
for (const [name, an, af] of sizes) {
  const anchor = af ? [af].flat().reduce((s, f) => s + gz(f), 0) : null;
  out.push(`| zkprim/${name.replace('-nosimd', '/nosimd')} | ${gz(join(here, 'dist', `${name}.mjs`))} | ${gz(join(here, 'dist', `${wasmOf(name)}.wasm`))} | ${an} | ${anchor ?? ''} |`);
}
console.log(out.join('\n'));
