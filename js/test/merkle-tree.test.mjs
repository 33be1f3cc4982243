// zkprim/merkle-tree against @openzeppelin/merkle-tree 1.0.8 (pinned in
// js/package-lock.json): seeded random trees of 1, 2, 3, 2^k - 1, 2^k,
// 2^k + 1 leaves over every ABI type the package takes, sorted and (sortLeaves:
// false) in input order; roots, dumps
// (byte-exact JSON, and each package loading the other's), render(),
// proofs and multiproofs by index and by value, the instance and static
// verifiers, and the errors for bad values, unknown leaves and indices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as oz from '@openzeppelin/merkle-tree';
import * as z from '../dist/merkle-tree.mjs';
import { rng } from './_util.mjs';

const r = rng(47n);
const hexOf = (b) => '0x' + Buffer.from(b).toString('hex');
const GEN = {
  address: () => hexOf(r.bytes(20)),
  uint256: () => (r.int(4) === 0 ? [0n, 1n, (1n << 256n) - 1n][r.int(3)] : r.big(256)).toString(),
  uint8: () => r.int(256),
  uint64: () => r.big(64),
  int256: () => (r.int(3) === 0 ? -(1n << 255n) : r.big(255) - (1n << 254n)),
  int32: () => Number(r.big(32) - (1n << 31n)),
  bool: () => r.int(2) === 1,
  bytes32: () => hexOf(r.bytes(32)),
  bytes4: () => hexOf(r.bytes(4)),
  bytes: () => hexOf(r.bytes(r.int(70))),
  string: () => 'v' + r.big(40).toString(36) + (r.int(2) ? 'é✓' : ''),
};
const json = (x) => JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? v.toString() : v));

function check(types, n, options) {
  const values = Array.from({ length: n }, () => types.map((t) => GEN[t]()));
  const a = z.StandardMerkleTree.of(values, types, options);
  const b = oz.StandardMerkleTree.of(values, types, options);
  const what = `${types} n=${n} ${json(options)}`;
  assert.equal(a.root, b.root, what);
  assert.equal(json(a.dump()), json(b.dump()), `dump ${what}`);
  assert.equal(a.render(), b.render());
  for (const i of [0, n - 1, r.int(n)]) {
    assert.deepEqual(a.getProof(i), b.getProof(i), `proof ${i} ${what}`);
    assert.deepEqual(a.getProof(values[i]), b.getProof(values[i]));
    assert.ok(a.verify(i, b.getProof(i)));
    assert.ok(z.StandardMerkleTree.verify(b.root, types, values[i], b.getProof(i)));
  }
  const pick = [...new Set(Array.from({ length: Math.min(n, 1 + r.int(5)) }, () => r.int(n)))];
  const ma = a.getMultiProof(pick);
  assert.equal(json(ma), json(b.getMultiProof(pick)), `multiproof ${pick} ${what}`);
  assert.ok(a.verifyMultiProof(ma));
  assert.ok(z.StandardMerkleTree.verifyMultiProof(b.root, types, b.getMultiProof(pick)));
  const back = z.StandardMerkleTree.load(JSON.parse(json(b.dump())));
  assert.equal(back.root, b.root);
  assert.equal(json(back.dump()), json(b.dump()));
  assert.equal(oz.StandardMerkleTree.load(JSON.parse(json(a.dump()))).root, a.root);
  if (n > 1) {
    const p = b.getProof(0);
    p[0] = p[0].slice(0, -1) + (p[0].endsWith('0') ? '1' : '0');
    assert.equal(a.verify(0, p), false);
  }
}

test('StandardMerkleTree = the package on every type and tree size', () => {
  const typeSets = [['address', 'uint256'], ['uint8', 'int256', 'bool'], ['bytes32'], ['bytes4', 'uint64', 'int32'], ['string', 'bytes'], ['address', 'string', 'uint256', 'bytes']];
  for (const types of typeSets)
    for (const n of [1, 2, 3, 7, 8, 9, 31, 33]) check(types, n);
});

test('sortLeaves: false = the package (leaves in input order)', () => {
  for (const types of [['address', 'uint256'], ['string', 'bytes'], ['uint8', 'int256', 'bool']])
    for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33]) check(types, n, { sortLeaves: false });
  check(['bytes32'], 8, { sortLeaves: true });
});

test('SimpleMerkleTree = the package (roots, dumps, proofs, load)', () => {
  for (const [n, options] of [1, 2, 5, 16, 17].flatMap((n) => [[n, undefined], [n, { sortLeaves: false }]])) {
    const values = Array.from({ length: n }, (_, i) => (i % 2 ? hexOf(r.bytes(32)) : r.bytes(32)));
    const a = z.SimpleMerkleTree.of(values, options);
    const b = oz.SimpleMerkleTree.of(values, options);
    assert.equal(a.root, b.root);
    assert.equal(json(a.dump()), json(b.dump()));
    assert.deepEqual(a.getProof(n - 1), b.getProof(n - 1));
    assert.ok(z.SimpleMerkleTree.verify(b.root, values[0], b.getProof(0)));
    assert.equal(json(z.SimpleMerkleTree.load(b.dump()).dump()), json(b.dump()));
    const mp = b.getMultiProof([0, n - 1].slice(0, n));
    assert.equal(json(a.getMultiProof([0, n - 1].slice(0, n))), json(mp));
    assert.ok(z.SimpleMerkleTree.verifyMultiProof(b.root, mp));
    assert.equal(oz.SimpleMerkleTree.load(JSON.parse(json(a.dump()))).root, b.root);
  }
});

test('trees used in turn, and WebAssembly memory bounded across 1000 trees', () => {
  const types = ['address', 'uint256'];
  const vs = [5, 17].map((n) => Array.from({ length: n }, () => types.map((t) => GEN[t]())));
  const za = vs.map((v) => z.StandardMerkleTree.of(v, types));
  const oa = vs.map((v) => oz.StandardMerkleTree.of(v, types));
  for (let k = 0; k < 8; k++) { // alternate: each call finds the other tree's nodes in WebAssembly memory
    const t = k % 2;
    const i = r.int(vs[t].length);
    assert.deepEqual(za[t].getProof(i), oa[t].getProof(i));
    assert.equal(json(za[t].getMultiProof([0, i].filter((x, j, a) => a.indexOf(x) === j))), json(oa[t].getMultiProof([0, i].filter((x, j, a) => a.indexOf(x) === j))));
  }
  const m = z.memoryBytes();
  for (let i = 0; i < 1000; i++) z.StandardMerkleTree.of(vs[1], types).getProof(1);
  assert.equal(z.memoryBytes(), m);
});

test('errors: the package\'s classes and messages', () => {
  const t = z.StandardMerkleTree.of([['0x1111111111111111111111111111111111111111', 1n]], ['address', 'uint256']);
  assert.throws(() => z.StandardMerkleTree.of([], ['uint256']), { name: 'InvalidArgumentError', message: 'Expected non-zero number of leaves' });
  assert.throws(() => t.getProof(5), { name: 'InvalidArgumentError', message: 'Index out of bounds' });
  assert.throws(() => t.getProof(['0x2222222222222222222222222222222222222222', 1n]), { name: 'InvalidArgumentError', message: 'Leaf is not in tree' });
  assert.throws(() => z.StandardMerkleTree.of([[1n]], ['uint8']).getMultiProof([0, 0]), { message: 'Cannot prove duplicated index' });
  assert.throws(() => z.StandardMerkleTree.of([[256]], ['uint8']), RangeError);
  assert.throws(() => z.StandardMerkleTree.of([[-1]], ['uint256']), RangeError);
  assert.throws(() => z.StandardMerkleTree.of([['0x12']], ['address']), TypeError);
  assert.throws(() => z.StandardMerkleTree.of([[1]], ['uint7']), TypeError);
  assert.throws(() => z.StandardMerkleTree.of([[1]], ['bool']), TypeError);
  assert.throws(() => z.StandardMerkleTree.load({ format: 'nope' }), { message: "Unknown format 'nope'" });
  const d = JSON.parse(JSON.stringify(t.dump(), (_, v) => (typeof v === 'bigint' ? v.toString() : v)));
  d.values[0].value[1] = '2';
  assert.throws(() => z.StandardMerkleTree.load(d), { name: 'InvariantError', message: 'Merkle tree does not contain the expected value' });
  const two = JSON.parse(json(z.StandardMerkleTree.of([[1n], [2n]], ['uint256']).dump()));
  two.tree[0] = two.tree[1];
  assert.throws(() => z.StandardMerkleTree.load(two), { name: 'InvariantError', message: 'Merkle tree is invalid' });
  assert.equal(t.root, oz.StandardMerkleTree.of([['0x1111111111111111111111111111111111111111', 1n]], ['address', 'uint256']).root);
});
