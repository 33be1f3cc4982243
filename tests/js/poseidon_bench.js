// Benchmark anchor: circomlibjs 0.1.7 poseidon (WASM kernel, buildPoseidon)
// driven by `zkprim bench`. The C side writes an iteration count per line and
// times the round trip; this process hashes that many times (each output,
// as a BigInt via F.toObject like a typical caller, feeds the next input so
// no two hashes see the same inputs) and answers "ok".
//
// usage: node poseidon_bench.js N_INPUTS
'use strict';
const { buildPoseidon } = require('circomlibjs');
const serve = require('./bench_protocol');

buildPoseidon().then((poseidon) => {
  const F = poseidon.F;
  const n = parseInt(process.argv[2], 10);
  const inputs = Array.from({ length: n }, (_, i) => BigInt(i + 1) * 0x1234567890abcdef1234567890abcdefn);
  serve((i) => { inputs[i % n] = F.toObject(poseidon(inputs)); });
}).catch((e) => { console.error(e); process.exit(2); });
