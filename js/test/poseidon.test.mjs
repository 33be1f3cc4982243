// zkprim/poseidon against poseidon-lite 0.3.0 and circomlibjs 0.1.7 (pinned
// in js/package-lock.json): every arity 1..16 on seeded random inputs and
// edge values (0, 1, p - 1, p, p + 1, 2^256 - 1, negatives), nOuts, input
// forms (bigint, number, decimal and hex strings), circomlibjs' field
// element bytes, initState and nOut, and the errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lite from 'poseidon-lite';
import { buildPoseidon as refBuild } from 'circomlibjs';
import * as z from '../dist/poseidon.mjs';
import { readFileSync } from 'node:fs';
import { rng, SEED } from './_util.mjs';

const SEED_ARITY = SEED + 27n;

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const EDGE = [0n, 1n, 2n, P - 1n, P - 2n, (1n << 253n) - 1n];

test('poseidon1..16 = poseidon-lite on random and edge inputs', () => {
  const r = rng(23n);
  for (let n = 1; n <= 16; n++) {
    const name = `poseidon${n}`;
    for (let k = 0; k < 12; k++) {
      const ins = Array.from({ length: n }, () => (k < 6 ? EDGE[r.int(EDGE.length)] : r.big(256) % P));
      assert.equal(z[name](ins), lite[name](ins), `${name} ${ins}`);
    }
  }
});

test('nOuts: every lane count as poseidon-lite', () => {
  const r = rng(29n);
  for (const n of [1, 2, 5, 16]) {
    const ins = Array.from({ length: n }, () => r.big(254) % P);
    for (let o = 1; o <= n + 1; o++) assert.deepEqual(z[`poseidon${n}`](ins, o), lite[`poseidon${n}`](ins, o), `n ${n} nOuts ${o}`);
    assert.deepEqual(z[`poseidon${n}`](ins, 0), []);
  }
});

test('input forms and values >= p hash as the references do (reduced mod p)', () => {
  const forms = [[1, 2], ['1', '2'], ['0x1', '0x2'], [1n, '2']];
  for (const f of forms) assert.equal(z.poseidon2(f), lite.poseidon2(f));
  for (const big of [P, P + 1n, 2n * P + 5n, (1n << 256n) - 1n]) assert.equal(z.poseidon2([big, 3n]), lite.poseidon2([big, 3n]), `${big}`);
});

test('errors as poseidon-lite', () => {
  const msg = (f) => { try { f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } return 'no error'; };
  const cases = [
    (m) => m.poseidon2([]), (m) => m.poseidon2([1]), (m) => m.poseidon2([1, 2, 3]),
    (m) => m.poseidon16(new Array(17).fill(1)), (m) => m.poseidon2([1, 2], '2'), (m) => m.poseidon2([1, 2], 4),
    (m) => m.poseidon2([1.5, 2]), (m) => m.poseidon2(['abc', 2]),
  ];
  for (const c of cases) assert.equal(msg(() => c(z)), msg(() => c(lite)));
  assert.equal(z.poseidon2([1, 2]), lite.poseidon2([1, 2]));
});

test('buildPoseidon = circomlibjs: element bytes, F, initState, nOut, buffers', async () => {
  const ref = await refBuild();
  const zp = await z.buildPoseidon();
  const r = rng(31n);
  const hex = (b) => Buffer.from(b).toString('hex');
  for (let n = 1; n <= 16; n++) {
    const ins = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? EDGE[r.int(EDGE.length)] : r.big(254) % P));
    const a = zp(ins);
    const b = ref(ins);
    assert.equal(hex(a), hex(b), `n ${n}`);
    assert.equal(zp.F.toObject(a), ref.F.toObject(b));
    assert.equal(zp.F.toString(a), ref.F.toString(b));
    assert.equal(zp.F.toString(a, 16), ref.F.toString(b, 16));
    const st = r.big(254) % P;
    assert.deepEqual(zp(ins, st, n + 1).map(hex), ref(ins, st, n + 1).map(hex), `n ${n} initState nOut`);
  }
  for (const v of [0n, 1n, P - 1n, P, P + 7n, -1n, -P - 3n, 12345, '999', '0xff'])
    assert.equal(hex(zp.F.e(v)), hex(ref.F.e(v)), `F.e(${v})`);
  assert.equal(hex(zp.F.e('ff', 16)), hex(ref.F.e('ff', 16)));
  const buf = new Uint8Array(64);
  buf.set(ref.F.e(5n), 0);
  buf.set(ref.F.e(7n), 32);
  assert.equal(hex(zp(buf)), hex(ref(buf)));
  assert.equal(hex(zp([ref.F.e(5n), 7])), hex(ref([ref.F.e(5n), 7])));
  assert.throws(() => zp([]), /Invalid poseidon size/);
  assert.throws(() => zp(new Array(17).fill(1)), /Invalid poseidon size/);
  assert.throws(() => zp(new Uint8Array(33)), /Invalid iput buff size/);
});

test('memory stays bounded across 2*10^4 hashes', () => {
  z.poseidon2([1n, 2n]);
  const before = z.memoryBytes();
  for (let i = 0; i < 2e4; i++) z.poseidon2([BigInt(i), 2n]);
  assert.equal(z.memoryBytes(), before);
});

// zkprim/poseidon1 ... poseidon16: one arity each, built with only its
// width's constants (ZKP_POSEIDON_ONLY_T). Each = poseidon-lite on seeded
// random and edge inputs, exports only its own poseidonN, and its C refuses
// every other width with ZKP_ERR_COUNT (4) rather than hashing with missing
// tables.
test('poseidon1..16 entry points: one arity each, = poseidon-lite, other widths refused', async () => {
  const r = rng(SEED_ARITY);
  for (let n = 1; n <= 16; n++) {
    const m = await import(`../dist/poseidon${n}.mjs`);
    const name = `poseidon${n}`;
    assert.deepEqual(Object.keys(m).filter((k) => k.startsWith('poseidon')), [name]);
    for (let k = 0; k < 6; k++) {
      const ins = Array.from({ length: n }, (_, i) => (k === 0 ? EDGE[i % EDGE.length] : r.big(256) % P));
      assert.equal(m[name](ins), lite[name](ins), `${name} case ${k}`);
    }
    const ins = Array.from({ length: n }, () => r.big(254) % P);
    assert.deepEqual(m[name](ins, n + 1), lite[name](ins, n + 1), `${name} nOuts`);
    let liteMsg;
    try { lite[name](new Array(n + 1).fill(1n)); } catch (e) { liteMsg = e.message; }
    assert.throws(() => m[name](new Array(n + 1).fill(1n)), { message: liteMsg });
    const wasm = readFileSync(new URL(`../dist/poseidon${n}.wasm`, import.meta.url));
    const { instance: { exports: x } } = await WebAssembly.instantiate(wasm, {});
    const buf = x.malloc(32 * 18);
    new Uint8Array(x.memory.buffer, buf, 32 * 18).fill(0);
    for (let w = 1; w <= 16; w++) {
      assert.equal(x.zkp_poseidon_hash(buf, w, buf + 32 * 17), w === n ? 0 : 4, `${name}: hash of ${w} inputs`);
      assert.equal(x.zkp_poseidon_permute(buf, w + 1), w === n ? 0 : 4, `${name}: permute width ${w + 1}`);
      assert.equal(x.zkp_poseidon_hash_batch(buf, w, 1, buf + 32 * 17), w === n ? 0 : 4, `${name}: batch of ${w}`);
    }
  }
});
