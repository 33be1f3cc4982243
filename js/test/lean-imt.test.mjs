// zkprim/lean-imt against @zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0's
// poseidon2 (both pinned in js/package-lock.json): seeded trees of 1..40,
// 2^k - 1, 2^k, 2^k + 1 leaves built by insert, insertMany and both
// mixed; roots, depths, every proof, update / updateMany, verifyProof of
// the package's proofs (and of altered ones), export() and import() both
// ways, and the package's errors; the JS tree a caller's own hash function
// runs (Keccak, a toy string hash) against the package with that function.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LeanIMT as Ref } from '@zk-kit/lean-imt';
import { poseidon2 as lite2 } from 'poseidon-lite';
import { LeanIMT, poseidon2 } from '../dist/lean-imt.mjs';
import { keccak_256 } from '@noble/hashes/sha3';
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
  a.remove(2);
  b.update(2, 0n);
  same(a, b, 'remove');
  assert.throws(() => a.remove(a.size), RangeError);
  assert.equal(a.indexOf(vs[1]), b.indexOf(vs[1]));
  assert.equal(a.has(vs[2]), true);
  assert.equal(a.has(P + 5n), false);
  assert.deepEqual(a.leaves, b.leaves);
});

test('export() and import() in the package\'s format, both ways', () => {
  for (const n of [0, 1, 2, 3, 5, 8, 21, 33]) {
    const leaves = Array.from({ length: n }, el);
    const a = new LeanIMT(poseidon2, leaves);
    const b = new Ref(refHash, leaves);
    assert.equal(a.export(), b.export(), `n ${n}`);
    const a2 = LeanIMT.import(poseidon2, b.export());
    same(a2, b, `import n ${n}`);
    assert.equal(a2.export(), b.export());
    const b2 = Ref.import(refHash, a.export());
    same(b2, a, `package import n ${n}`);
    if (n > 0) assert.equal(js(b2.generateProof(n - 1)), js(a.generateProof(n - 1)));
  }
  const b = new Ref(refHash, Array.from({ length: 21 }, el));
  const withMap = LeanIMT.import(poseidon2, b.export(), (v) => BigInt(v));
  same(withMap, b, 'map');
  for (const [l, i] of [[2, 1], [5, 0], [0, 4]]) { // an inner node, the root, a leaf
    const tampered = JSON.parse(b.export());
    tampered[l][i] = String((BigInt(tampered[l][i]) + 1n) % P);
    assert.throws(() => LeanIMT.import(poseidon2, JSON.stringify(tampered)), /not the tree of their leaves/);
  }
  assert.throws(() => LeanIMT.import(poseidon2, '{"a": 1}'), TypeError);
});

// The JS tree (any hash function) against the package with the same
// function: a Keccak of the two 32-byte words (bigints) and a toy hash on
// strings whose result spells the tree's shape, so a node hashed in the
// wrong order or carried where it should be hashed changes the root.
const be32 = (x) => Uint8Array.from({ length: 32 }, (_, i) => Number((x >> BigInt(8 * (31 - i))) & 0xffn));
const keccakPair = (a, b) => BigInt('0x' + Buffer.from(keccak_256(new Uint8Array([...be32(a), ...be32(b)]))).toString('hex'));
const toyPair = (a, b) => `(${a} ${b})`;

for (const [name, hash, leaf] of [['keccak', keccakPair, () => r.big(256)], ['toy', toyPair, () => `x${r.int(1000)}`]]) {
  test(`any hash function (${name}): a JS tree equal to the package's`, () => {
    let calls = 0;
    const counted = (x, y) => { calls++; return hash(x, y); };
    const sizes = name === 'toy' ? [...Array.from({ length: 34 }, (_, i) => i), 63, 64, 65, 127, 128, 129] : [0, 1, 2, 3, 5, 8, 13, 16, 17, 33];
    for (const n of sizes) {
      const leaves = Array.from({ length: n }, leaf);
      const a = new LeanIMT(counted, leaves);
      const b = new Ref(hash, leaves);
      same(a, b, `${name} n ${n}`);
      assert.equal(a.export(), b.export(), `${name} n ${n} export`);
      for (const i of n <= 33 ? [...Array(n).keys()] : [0, 1, n >> 1, n - 2, n - 1]) {
        const pb = b.generateProof(i);
        assert.equal(js(a.generateProof(i)), js(pb), `${name} n ${n} proof ${i}`);
        assert.ok(a.verifyProof(pb) && LeanIMT.verifyProof(pb, hash));
        if (pb.siblings.length) {
          pb.siblings[pb.siblings.length - 1] = leaf();
          assert.equal(LeanIMT.verifyProof(pb, hash), Ref.verifyProof(pb, hash));
          assert.equal(a.verifyProof(pb), false);
        }
      }
    }
    assert.ok(calls > 0, 'the caller\'s function hashed the nodes');
    const a = new LeanIMT(hash);
    const b = new Ref(hash);
    for (let step = 0; step < 25; step++) {
      if (r.int(2)) { const l = leaf(); a.insert(l); b.insert(l); } else {
        const ls = Array.from({ length: 1 + r.int(9) }, leaf); a.insertMany(ls); b.insertMany(ls);
      }
      const i = r.int(a.size);
      const v = leaf();
      a.update(i, v);
      b.update(i, v);
      const ids = [...new Set([r.int(a.size), r.int(a.size), a.size - 1])];
      const vs = ids.map(leaf);
      a.updateMany(ids, vs);
      b.updateMany(ids, vs);
      if (name === 'keccak' && step % 5 === 0) {
        a.remove(step % a.size);
        b.update(step % a.size, 0n);
      }
      assert.equal(a.export(), b.export(), `${name} step ${step}`);
    }
    assert.deepEqual(a.leaves, b.leaves);
    assert.equal(a.indexOf(b.leaves[3]), b.indexOf(b.leaves[3]));
    const parse = name === 'toy' ? (v) => v : undefined;
    const a2 = LeanIMT.import(hash, b.export(), parse);
    assert.equal(a2.export(), b.export());
    a2.insert(leaf());
    const b2 = Ref.import(hash, a.export(), parse);
    b2.insert(a2.leaves[a2.size - 1]);
    assert.equal(a2.root, b2.root);
  });
}

test('errors as the package', () => {
  const a = new LeanIMT(poseidon2, [1n, 2n]);
  const b = new Ref(refHash, [1n, 2n]);
  const msg = (f) => { try { f(); } catch (e) { return e.message; } return 'no error'; };
  for (const f of [(t) => t.insertMany([]), (t) => t.generateProof(5), (t) => t.updateMany([0], []), (t) => t.updateMany([0, 0], [1n, 2n]), (t) => t.updateMany([7], [1n])])
    assert.equal(msg(() => f(a)), msg(() => f(b)));
  assert.throws(() => new LeanIMT(5), TypeError);
  assert.throws(() => new LeanIMT(poseidon2, 5), TypeError);
  assert.equal(a.root, b.root);
});
