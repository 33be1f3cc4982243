// node js/bench.mjs [--quick] [--cli PATH]: the speed table of docs/js.md,
// every row beside its anchors (the npm packages it replaces, or the
// native CLI) in the same run. Each row runs its contenders interleaved,
// ROUNDS rounds, and prints the median time per operation; the ratio
// column is anchor time / zkprim time. Needs `npm ci --prefix js` and a
// built js/dist (make js).
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
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

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const cliArg = args.indexOf('--cli');
const cli = cliArg >= 0 ? args[cliArg + 1] : null;
const ROUNDS = quick ? 3 : 7;
const here = dirname(fileURLToPath(import.meta.url));

// ns per op of fn (called `reps` times), median over ROUNDS interleaved rounds
function rows(contenders, reps) {
  const times = contenders.map(() => []);
  for (const [, fn] of contenders) fn(); // warm-up
  for (let r = 0; r < ROUNDS; r++)
    contenders.forEach(([, fn], i) => {
      const t = performance.now();
      for (let j = 0; j < reps; j++) fn();
      times[i].push(((performance.now() - t) * 1e6) / reps);
    });
  return times.map((ts) => ts.sort((a, b) => a - b)[ts.length >> 1]);
}
const fmt = (ns) => (ns >= 1e9 ? `${(ns / 1e9).toFixed(2)} s` : ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const out = ['| operation | zkprim | anchor | anchor time | anchor / zkprim |', '|---|---|---|---|---|'];
function table(op, contenders, reps) {
  const [z, ...anchors] = rows(contenders, reps);
  anchors.forEach((a, i) => out.push(`| ${op} | ${fmt(z)} | ${contenders[i + 1][0]} | ${fmt(a)} | ${(a / z).toFixed(2)}× |`));
  console.error(out.slice(-anchors.length).join('\n'));
}

// Poseidon, 2 inputs
const circom = await circomBuild();
let ctr = 1n;
table('poseidon2([a, b])', [['zkprim', () => p.poseidon2([ctr++, 7n])], ['poseidon-lite 0.3.0', () => lite2([ctr++, 7n])],
  ['circomlibjs 0.1.7', () => circom.F.toObject(circom([ctr++, 7n]))]], quick ? 20 : 100);

// LeanIMT insertMany
const nImt = quick ? 1 << 10 : 1 << 12;
const imtLeaves = Array.from({ length: nImt }, (_, i) => BigInt(i + 1));
table(`LeanIMT insertMany of 2^${Math.log2(nImt)} leaves`, [['zkprim', () => new l.LeanIMT(l.poseidon2).insertMany(imtLeaves)],
  ['@zk-kit/lean-imt 2.2.5 + poseidon-lite', () => new RefImt((a, b) => lite2([a, b])).insertMany(imtLeaves)]], 1);

// StandardMerkleTree.of + 1000 proofs
const nOz = quick ? 1 << 12 : 1 << 14;
const hexN = (i, w) => '0x' + i.toString(16).padStart(w, '0');
const ozValues = Array.from({ length: nOz }, (_, i) => [hexN(i * 7919 + 1, 40), (BigInt(i) * 10n ** 18n).toString()]);
const proofs = (T) => () => {
  const t = T.of(ozValues, ['address', 'uint256']);
  for (let i = 0; i < 1000; i++) t.getProof((i * 37) % nOz);
};
table(`StandardMerkleTree.of 2^${Math.log2(nOz)} [address, uint256] + 1000 proofs`, [['zkprim', proofs(m.StandardMerkleTree)],
  ['@openzeppelin/merkle-tree 1.0.8', proofs(OzTree)]], 1);

// Keccak-256
const hw = await createKeccak(256);
const msg64 = new Uint8Array(64).fill(1);
const hwHash = (b) => { hw.init(); hw.update(b); return hw.digest('binary'); };
table('keccak_256, 64 B', [['zkprim', () => k.keccak_256(msg64)], ['hash-wasm 4.13.0', () => hwHash(msg64)],
  ['@noble/hashes 1.8.0', () => nobleKeccak(msg64)]], quick ? 2000 : 20000);
const mib = new Uint8Array(1 << 20).fill(3);
table('keccak_256, 1 MiB', [['zkprim', () => k.keccak_256(mib)], ['hash-wasm 4.13.0', () => hwHash(mib)]], quick ? 2 : 5);

// Hemera root of 1 MiB against the native portable C (the CLI, started
// once per 32 roots, its start-up time on an empty file subtracted)
if (cli) {
  const dir = mkdtempSync(join(tmpdir(), 'zkprim-bench-'));
  try {
    const f = join(dir, 'mib.bin');
    const e = join(dir, 'empty.bin');
    writeFileSync(f, mib);
    writeFileSync(e, new Uint8Array(0));
    const env = { ...process.env, ZKPRIM_CPU: 'portable' };
    const files = Array(32).fill(f);
    const empties = Array(32).fill(e);
    const cliRun = (fs) => () => { for (const x of fs) execFileSync(cli, ['tree', '-a', 'hemera', x], { env }); };
    const [zk, full, start] = rows([['zkprim', () => { for (let i = 0; i < 32; i++) h.root(mib); }], ['cli', cliRun(files)], ['cli-empty', cliRun(empties)]], 1);
    const native = (full - start) / 32;
    out.push(`| Hemera root, 1 MiB | ${fmt(zk / 32)} | native portable C (CLI, start-up subtracted) | ${fmt(native)} | ${(native / (zk / 32)).toFixed(2)}× |`);
    console.error(out[out.length - 1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
for (const [name, an, af] of sizes) {
  const anchor = af ? [af].flat().reduce((s, f) => s + gz(f), 0) : null;
  out.push(`| zkprim/${name} | ${gz(join(here, 'dist', `${name}.mjs`))} | ${gz(join(here, 'dist', `${name}.wasm`))} | ${an} | ${anchor ?? ''} |`);
}
console.log(out.join('\n'));
