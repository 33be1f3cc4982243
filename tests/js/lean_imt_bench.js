// Benchmark anchors driven by `zkprim bench` (bench/node_anchor.c): the C
// side writes an iteration count per line and times the round trip; this
// process does that many operations and answers "ok".
//
//   node lean_imt_bench.js N    one operation = a fresh @zk-kit/lean-imt 2.2.5
//                               tree with poseidon-lite 0.3.0's poseidon2,
//                               insertMany of N members (rows lean-imt/anchor-*)
//   node lean_imt_bench.js t3   one operation = one poseidon2 hash, each output
//                               feeding the next input (poseidon/anchor-poseidon-lite/t3)
//   node lean_imt_bench.js --once N   time one insertMany of N members and print
//                               the seconds (for sizes too slow for a bench batch)
'use strict';
const { LeanIMT } = require('@zk-kit/lean-imt');
const { poseidon2 } = require('poseidon-lite');
const serve = require('./bench_protocol');

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const hash = (a, b) => poseidon2([a, b]);
const members = (n, salt) => Array.from({ length: n }, (_, i) => (BigInt(i + 1) * 0x1234567890abcdef1234567890abcdefn + salt) % P);

if (process.argv[2] === '--once') {
  const n = parseInt(process.argv[3], 10);
  const leaves = members(n, 1n);
  const t0 = process.hrtime.bigint(), c0 = process.cpuUsage();
  const t = new LeanIMT(hash);
  t.insertMany(leaves);
  const s = Number(process.hrtime.bigint() - t0) / 1e9, c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  // CPU seconds beside wall seconds: on a shared machine the wall time includes waiting
  console.log(`insertMany of ${n} members: ${s.toFixed(3)} s wall, ${cpu.toFixed(3)} s CPU ` +
    `(${(s * 1e9 / Math.max(n - 1, 1)).toFixed(0)} ns per hash wall), depth ${t.depth}, root ${t.root}`);
  process.exit(0);
}

const mode = process.argv[2];
let op;
if (mode === 't3') {
  const inputs = [0x1234567890abcdef1234567890abcdefn, 0x2468ace02468ace02468ace02468acen];
  let i = 0;
  op = () => { inputs[i++ & 1] = poseidon2(inputs); };
} else {
  const n = parseInt(mode, 10);
  let salt = 0n;
  // fresh members per operation (their making is inside the timing but is
  // a few percent of one hash per member)
  op = () => {
    const t = new LeanIMT(hash);
    t.insertMany(members(n, salt++));
    if (t.size !== n) throw new Error('size');
  };
}

serve(op);
