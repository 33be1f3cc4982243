// Benchmark anchor: @openzeppelin/merkle-tree 1.0.8, StandardMerkleTree.of
// over 2^LOG2N (address, uint256) values and 1000 getProof calls, driven by
// `zkprim bench oz` (bench/bench_oz_tree.c, bench/node_anchor.c): zkprim
// writes an iteration count per line and times the round trip; each
// iteration builds a fresh tree from the values (given as the package's
// users give them: hex addresses, decimal amounts) and proves 1000 values.
//
// usage: node oz_bench.js LOG2N
'use strict';
const { StandardMerkleTree } = require('@openzeppelin/merkle-tree');

const n = 1 << parseInt(process.argv[2], 10);
let s = 0x243f6a8885a308d3n;
const next = () => { s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn; return s; };
const values = [];
for (let i = 0; i < n; i++) {
  const a = (next().toString(16) + next().toString(16) + next().toString(16)).padStart(40, '0').slice(0, 40);
  values.push(['0x' + a, ((next() << 64n) | next()).toString()]);
}
let round = 0;
require('./bench_protocol')(() => {
  values[round++ % n][1] = String(round); // a different tree each time
  const tree = StandardMerkleTree.of(values, ['address', 'uint256']);
  let sink = 0;
  for (let p = 0; p < 1000; p++) sink += tree.getProof((p * 7919) % n).length;
  if (sink < 0) console.error(sink);
});
