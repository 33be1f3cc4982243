// zkprim/lean-imt against @zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0's
// poseidon2 (both pinned in js/package-lock.json): seeded trees of 1..40,
// 2^k - 1, 2^k, 2^k + 1 leaves built by insert, insertMany and both
// mixed; roots, depths, every proof, update / updateMany, verifyProof of
// the package's proofs (and of altered ones), import of the package's
// export, and the package's errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LeanIMT as Ref } from '@zk-kit/lean-imt';
import { poseidon2 as lite2 } from 'poseidon-lite';
import { LeanIMT, poseidon2 } from '../dist/lean-imt.mjs';
import { rng } from './_util.mjs';

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const refHash = (a, b) => lite2([a, b]);
const r = rng(53n);
const el = () => (r.int(8) === 0 ? [0n, 1n, P - 1n][r.int(3)] : r.big(254) % P);
const js = (x) => JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? v.toString() : v));

function same(a, b, what) {
  assert.equal(a.size, b.size, what);
  assert.equal(a.depth, b.depth, what);
  assert.equal(a.root, b.root, what);
}

test('poseidon2 = poseidon-lite', () => {
  for (let i = 0; i < 20; i++) {
    const x = el();
    const y = el();
    assert.equal(poseidon2([x, y]), lite2([x, y]));
    assert.equal(poseidon2(x, y), lite2([x, y]));
  }
});

test('trees of every small size and 2^k +- 1: roots and every proof', () => {
  const sizes = [...Array.from({ length: 40 }, (_, i) => i + 1), 63, 64, 65, 127, 128, 129, 255, 256, 257];
  for (const n of sizes) {
    const leaves = Array.from({ length: n }, el);
    const a = new LeanIMT(poseidon2, leaves);
    const b = new Ref(refHash, leaves);
    same(a, b, `n ${n}`);
    const idx = n <= 40 ? [...Array(n).keys()] : [0, 1, n >> 1, n - 2, n - 1];
    for (const i of idx) {
      const pa = a.generateProof(i);
      assert.equal(js(pa), js(b.generateProof(i)), `n ${n} proof ${i}`);
      assert.ok(a.verifyProof(pa));
      assert.ok(LeanIMT.verifyProof(b.generateProof(i), poseidon2));
    }
    if (n > 1) {
      const bad = b.generateProof(n - 1);
      bad.siblings[0] = (bad.siblings[0] + 1n) % P;
      assert.equal(a.verifyProof(bad), false);
    }
  }
});

test('insert, insertMany mixed; update and updateMany', () => {
  const a = new LeanIMT(poseidon2);
  const b = new Ref(refHash);
  assert.equal(a.root, undefined);
  for (let step = 0; step < 30; step++) {
    if (r.int(2)) {
      const l = el();
      a.insert(l);
      b.insert(l);
    } else {
      const ls = Array.from({ length: 1 + r.int(9) }, el);
      a.insertMany(ls);
      b.insertMany(ls);
    }
    same(a, b, `step ${step}`);
    const i = r.int(a.size);
    const v = el();
    a.update(i, v);
    b.update(i, v);
    same(a, b, `update step ${step}`);
  }
  const ids = [0, 3, a.size - 1];
  const vs = ids.map(el);
  a.updateMany(ids, vs);
  b.updateMany(ids, vs);
  same(a, b, 'updateMany');
  assert.equal(a.indexOf(vs[1]), b.indexOf(vs[1]));
  assert.equal(a.has(vs[2]), true);
  assert.equal(a.has(P + 5n), false);
  assert.deepEqual(a.leaves, b.leaves);
});

test('import of the package\'s export', () => {
  const b = new Ref(refHash, Array.from({ length: 21 }, el));
  const a = LeanIMT.import(poseidon2, b.export());
  same(a, b, 'import');
  const tampered = JSON.parse(b.export());
  tampered[tampered.length - 1][0] = '5';
  assert.throws(() => LeanIMT.import(poseidon2, JSON.stringify(tampered)), /do not hash to their root/);
});

test('errors as the package', () => {
  const a = new LeanIMT(poseidon2, [1n, 2n]);
  const b = new Ref(refHash, [1n, 2n]);
  const msg = (f) => { try { f(); } catch (e) { return e.message; } return 'no error'; };
  for (const f of [(t) => t.insertMany([]), (t) => t.generateProof(5), (t) => t.updateMany([0], []), (t) => t.updateMany([0, 0], [1n, 2n]), (t) => t.updateMany([7], [1n])])
    assert.equal(msg(() => f(a)), msg(() => f(b)));
  assert.throws(() => new LeanIMT((x, y) => x + y), TypeError);
  assert.equal(a.root, b.root);
});
