// The gzip budgets of the bundles (issue 27; docs/js.md's size table),
// measured on a built dist/: gzip -9 of what an import pulls in, the .mjs
// (runtime + base64 wasm + API). Used by tools/check-modules.mjs (the js
// stage fails when an enforced budget is exceeded), test/sizes.test.mjs and
// `node tools/budgets.mjs [DIST]` (prints docs/js.md's table).
//   enforced: keccak <= 16 KB; merkle-tree <= 48 KB beside keccak (its
//     hash); lean-imt <= 48 KB beside zkprim/poseidon2 (its hash); each
//     zkprim/poseidonN <= 1/6 of the every-width zkprim/poseidon (the width
//     knob kept one width); hemera <= 16 KB; zkprim/poseidonN <= poseidon-lite's
//     poseidonN.js + constants/N.js + poseidon/index.js (measured when
//     node_modules has poseidon-lite); poseidon2-family <= 3 x 16 KB (the
//     issue gives a hash with its trees and proofs, zkprim/hemera, 16 KB;
//     this module is three: BN254, BabyBear, KoalaBear, each with permute,
//     hash, trees and proofs. The one npm package doing part of it,
//     @zkpassport/poseidon2 0.6.2, BN254 permute + hash without trees, is
//     8.2 KB of gzip ESM: docs/js.md).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Rows { bundle, size, budget, what, enforced, ok } for the modules in dist. */
export function budgets(dist) {
  const size = (name) => (existsSync(join(dist, `${name}.mjs`)) ? gz(join(dist, `${name}.mjs`)) : Infinity);
  const rows = [];
  const row = (bundle, sz, budget, what, enforced) => rows.push({ bundle, size: sz, budget, what, enforced, ok: sz <= budget });
  // An entry with a SIMD128 twin (NAME-nosimd.mjs, js/exports.sh) has the
  // twin held to the same budget, beside the twin of its hash if that has one.
  const twin = (name) => (existsSync(join(dist, `${name}-nosimd.mjs`)) ? [name, `${name}-nosimd`] : [name]);
  const hashOf = (name, suffix) => (suffix && existsSync(join(dist, `${name}${suffix}.mjs`)) ? name + suffix : name);
  for (const [name, hash, budget, what] of [['keccak', null, 16384, '16 KB'], ['hemera', null, 16384, '16 KB'],
    ['merkle-tree', 'keccak', 48 * 1024, 'beside keccak: 48 KB']])
    for (const b of twin(name)) {
      const h = hash && hashOf(hash, b.slice(name.length));
      row(b, size(b) - (h ? size(h) : 0), budget, h ? what.replace('keccak', h) : what, true);
    }
  row('lean-imt', size('lean-imt') - size('poseidon2'), 48 * 1024, 'beside poseidon2: 48 KB', true);
  row('poseidon2-family', size('poseidon2-family'), 3 * 16384, '3 fields x 16 KB', true);
  const all = size('poseidon');
  const lite = join(here, '..', 'node_modules', 'poseidon-lite');
  for (let n = 1; n <= 16; n++) {
    const name = `poseidon${n}`;
    row(name, size(name), Math.floor(all / 6), '1/6 of every width', true);
    if (existsSync(join(lite, `${name}.js`)))
      row(name, size(name), gz(join(lite, `${name}.js`)) + gz(join(lite, 'constants', `${n}.js`)) + gz(join(lite, 'poseidon', 'index.js')),
        `poseidon-lite/${name}`, true);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = budgets(process.argv[2] || join(here, '..', 'dist'));
  console.log('| bundle | gzip bytes | budget | budget bytes | met | enforced |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| zkprim/${r.bundle} | ${r.size} | ${r.what} | ${r.budget} | ${r.ok ? 'yes' : 'no'} | ${r.enforced ? 'yes' : 'no'} |`);
}
