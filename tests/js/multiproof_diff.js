// Live differential test of Poseidon multiproofs (docs/poseidon.md, "Many
// openings and multiproofs"): random trees and leaf sets from
// tests/multiproof_dump.c; for each, the root of the same leaves built by
// @zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0's poseidon2 (a full tree of
// 2^depth leaves is a LeanIMT), and the root implied by the opened leaves and
// the library's multiproof, walked here as documented (level by level from
// the leaves up, siblings by node index within a level) with poseidon2. Both
// must equal the library's root; one proof element changed must not.
//
// usage: node multiproof_diff.js MULTIPROOF_DUMP [SEED] [COUNT]
'use strict';
const { execFileSync } = require('child_process');
const { LeanIMT } = require('@zk-kit/lean-imt');
const { poseidon2 } = require('poseidon-lite');

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const hash = (a, b) => poseidon2([a, b]);

function walk(depth, leaves, indices, proof) {
  let known = new Map(indices.map((i) => [i, leaves[i]]));
  let used = 0;
  for (let l = 0; l < depth; l++) {
    const up = new Map();
    for (const a of [...known.keys()].sort((x, y) => x - y)) {
      if (a % 2 === 1 && known.has(a - 1)) continue; // its parent came with the left child
      let sib;
      if (known.has(a ^ 1)) sib = known.get(a ^ 1);
      else if (used < proof.length) sib = proof[used++];
      else return null;
      up.set(a >> 1, a % 2 === 0 ? hash(known.get(a), sib) : hash(sib, known.get(a)));
    }
    known = up;
  }
  return used === proof.length ? known.get(0) : null;
}

const bin = process.argv[2];
const seed = process.argv[3] || process.env.ZKPRIM_TEST_SEED || String(Date.now() % 1000000007);
const count = parseInt(process.argv[4] || '60', 10);
console.log(`multiproof_diff: seed ${seed}, ${count} trees, lean-imt + poseidon-lite vs ${bin}`);
const lines = execFileSync(bin, [seed, String(count)]).toString().trim().split('\n');
let failures = 0;
for (const line of lines) {
  const t = JSON.parse(line);
  const big = (h) => BigInt('0x' + h);
  const leaves = t.leaves.map(big), proof = t.proof.map(big), root = big(t.root);
  const imt = new LeanIMT(hash, leaves);
  const fromWalk = walk(t.depth, leaves, t.indices, proof);
  if (imt.root !== root) { failures++; console.log(`FAIL: depth ${t.depth}: lean-imt root ${imt.root} != ${root}`); }
  if (fromWalk !== root) { failures++; console.log(`FAIL: depth ${t.depth} indices ${t.indices}: multiproof root ${fromWalk} != ${root}`); }
  if (proof.length) {
    const bad = proof.slice();
    bad[bad.length >> 1] = (bad[bad.length >> 1] + 1n) % P;
    if (walk(t.depth, leaves, t.indices, bad) === root) { failures++; console.log('FAIL: a changed multiproof still gives the root'); }
  }
}
console.log(`multiproof_diff: ${lines.length} trees, ${failures} failures`);
process.exit(failures ? 1 : 0);
