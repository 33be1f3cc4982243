// Writes tests/vectors/lean-imt/lean-imt-poseidon.json: known-answer roots,
// proofs and updates of @zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0's
// poseidon2 as the node hash (the Semaphore group tree), for test_lean_imt.
// Deterministic (no randomness); run once, the output is checked in:
//
//   node tests/js/lean_imt_vectors.js > tests/vectors/lean-imt/lean-imt-poseidon.json
'use strict';
const { LeanIMT } = require('@zk-kit/lean-imt');
const { poseidon2 } = require('poseidon-lite');

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const hash = (a, b) => poseidon2([a, b]);
const hex = (x) => '0x' + x.toString(16).padStart(64, '0');

// 1000 leaves: edge values first (0, 1, p - 1, 2^253), then a fixed
// multiplicative sequence mod p.
const leaves = [0n, 1n, P - 1n, 1n << 253n];
let x = 0x243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89n % P;
while (leaves.length < 1000) {
  x = (x * 0x9e3779b97f4a7c15f39cc0605cedc8341082276bf3a27251f86c6a11d0c18e95n + 7n) % P;
  leaves.push(x);
}

// Roots of the prefixes (insertMany of the first `size` leaves).
const sizes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257, 500, 511, 512, 513, 999, 1000];
const roots = sizes.map((size) => {
  const t = new LeanIMT(hash, leaves.slice(0, size));
  return { size, depth: t.depth, root: hex(t.root) };
});

// Proofs at every index of a 13-leaf tree and at a few of the 1000-leaf tree.
const proofs = [];
for (const [size, indices] of [[13, [...Array(13).keys()]], [1, [0]], [1000, [0, 1, 511, 512, 767, 998, 999]]]) {
  const t = new LeanIMT(hash, leaves.slice(0, size));
  for (const i of indices) {
    const p = t.generateProof(i);
    proofs.push({ size, leaf_index: i, root: hex(p.root), leaf: hex(p.leaf), index: p.index, siblings: p.siblings.map(hex) });
  }
}

// Updates of a 21-leaf tree, one after another; the root after each.
const t = new LeanIMT(hash, leaves.slice(0, 21));
const updates = [[3, 0n], [20, 0n], [0, P - 1n], [16, leaves[500]], [3, 5n], [19, 0n]].map(([index, leaf]) => {
  t.update(index, leaf);
  return { index, leaf: hex(leaf), root: hex(t.root) };
});

const out = {
  source: '@zk-kit/lean-imt 2.2.5 (new LeanIMT((a, b) => poseidon2([a, b]), leaves)) with poseidon-lite 0.3.0, made by tests/js/lean_imt_vectors.js',
  leaves: leaves.map(hex),
  roots,
  proofs,
  updates_of_first_21: updates,
};
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
