// zkprim/poseidon2-family: the references' vectors (tests/vectors/poseidon2/
// vectors.txt: Plonky3's default permutations, Noir's permutation of zeros
// and hash of 1..4), the sponge and compression against their definitions
// over the permutation, tree roots against a naive recursive tree over hash
// / compress (BN254: over Noir's hash), proofs (a changed row, leaf or
// sibling fails), errors; multiproofs against the definitional format and
// the C CLI; and that zkprim/poseidon's poseidon2 is still circom's Poseidon
// (a different function).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bn254, babybear, koalabear, memoryBytes } from '../dist/poseidon2-family.mjs';
import { poseidon2 as circomPoseidon2 } from '../dist/poseidon.mjs';
import { rng } from './_util.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const F31 = { babybear, koalabear };

test('the references\' vectors', () => {
  const text = readFileSync(join(root, 'tests', 'vectors', 'poseidon2', 'vectors.txt'), 'utf8');
  let seen = 0;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [head, want] = line.split('->');
    const [name, op, ...args] = head.trim().split(/\s+/);
    const w = want.trim().split(/\s+/);
    if (name === 'bn254') {
      const got = op === 'permute' ? bn254.permute(args.map(BigInt)) : [bn254.hash(args.map(BigInt))];
      assert.deepEqual(got, w.map((x) => BigInt('0x' + x.replace(/^0x/, ''))), `${name} ${op}`);
    } else {
      const f = F31[name.slice(0, -2)];
      // Plonky3's test input reduces mod p (new_array); one value is above BabyBear's p
      assert.deepEqual(f.permute(args.map((a) => Number(BigInt(a) % BigInt(f.P)))), w.map(Number), `${name} ${op}`);
    }
    seen++;
  }
  assert.ok(seen >= 6);
});

function naiveRoot(f, rows) {
  if (rows.length === 1) return f.hash(rows[0]);
  const h = rows.length / 2;
  return f.compress(naiveRoot(f, rows.slice(0, h)), naiveRoot(f, rows.slice(h)));
}

test('31-bit: sponge, compression, trees and proofs against their definitions', () => {
  const r = rng(29n);
  for (const [name, f] of Object.entries(F31)) {
    for (const n of [0, 1, 7, 8, 9, 17]) {
      const xs = Array.from({ length: n }, () => r.int(f.P));
      let s = new Array(16).fill(0);
      for (let i = 0; i < n; i += 8) {
        const blk = xs.slice(i, i + 8);
        s.splice(0, blk.length, ...blk);
        s = f.permute(s);
      }
      assert.deepEqual(f.hash(xs), s.slice(0, 8), `${name} hash ${n}`);
    }
    const a = Array.from({ length: 8 }, () => r.int(f.P)), b = new Array(8).fill(f.P - 1);
    assert.deepEqual(f.compress(a, b), f.permute([...a, ...b]).slice(0, 8));
    for (const [n, w] of [[1, 3], [4, 8], [16, 9]]) {
      const rows = Array.from({ length: n }, () => Array.from({ length: w }, () => r.int(f.P)));
      const rt = f.treeRoot(rows);
      assert.deepEqual(rt, naiveRoot(f, rows), `${name} root ${n}x${w}`);
      for (let i = 0; i < n; i++) {
        const pf = f.treeProof(rows, i);
        assert.ok(f.treeVerify(rt, rows[i], i, pf));
        const bad = [...rows[i]];
        bad[0] = (bad[0] + 1) % f.P;
        assert.equal(f.treeVerify(rt, bad, i, pf), false);
        if (pf.length) {
          pf[0][0] = (pf[0][0] + 1) % f.P;
          assert.equal(f.treeVerify(rt, rows[i], i, pf), false);
        }
      }
    }
    assert.throws(() => f.permute(new Array(15).fill(0)), RangeError);
    assert.throws(() => f.hash([f.P]), RangeError);
    assert.throws(() => f.hash([-1]), RangeError);
    assert.throws(() => f.treeRoot([[0], [0], [0]]), RangeError);
    assert.throws(() => f.treeRoot([[0], [0, 1]]), RangeError);
  }
});

test('bn254: trees over Noir\'s hash, proofs, errors', () => {
  const r = rng(254n);
  for (const n of [1, 2, 8]) {
    const leaves = Array.from({ length: n }, () => r.big(250));
    let level = leaves;
    while (level.length > 1) level = Array.from({ length: level.length / 2 }, (_, i) => bn254.hash(level.slice(2 * i, 2 * i + 2)));
    const rt = bn254.treeRoot(leaves);
    assert.equal(rt, level[0]);
    for (let i = 0; i < n; i++) {
      const pf = bn254.treeProof(leaves, i);
      assert.ok(bn254.treeVerify(rt, leaves[i], i, pf));
      assert.equal(bn254.treeVerify(rt, leaves[i] ^ 1n, i, pf), false);
    }
  }
  // the batch against single permutations; an element >= p or a short state throws
  for (const n of [0, 1, 3, 9]) {
    const states = Array.from({ length: n }, () => Array.from({ length: 4 }, () => r.big(250)));
    if (n) states[n - 1][3] = bn254.P - 1n;
    assert.deepEqual(bn254.permuteBatch(states), states.map((s) => bn254.permute(s)));
  }
  assert.throws(() => bn254.permuteBatch([[0n, 0n, 0n, 0n], [0n, 0n, 0n, bn254.P]]), RangeError);
  assert.throws(() => bn254.permuteBatch([[0n, 0n, 0n]]), RangeError);
  assert.throws(() => bn254.treeRoot([0n, 1n, 2n]), RangeError);
  assert.throws(() => bn254.hash([bn254.P]), RangeError);
  assert.throws(() => bn254.permute([0n, 0n, 0n]), RangeError);
  // zkprim/poseidon's poseidon2 is circom's Poseidon of two inputs, another function
  assert.notEqual(circomPoseidon2([1n, 2n]), bn254.hash([1n, 2n]));
});

// ---- multiproofs ----------------------------------------------------------
// The format of docs/poseidon2.md written out from a tree's levels: at each
// level, for the known nodes in index order, the sibling that is not itself
// known; and the inverse, the root recomputed from the opened leaves and the
// stream, one pair at a time with the public hash / compress (so neither
// side goes through the C multiproof engine).
const FIELDS = {
  babybear: { f: babybear, leaf: (r) => babybear.hash(r), node: (a, b) => babybear.compress(a, b) },
  koalabear: { f: koalabear, leaf: (r) => koalabear.hash(r), node: (a, b) => koalabear.compress(a, b) },
  bn254: { f: bn254, leaf: (x) => x, node: (a, b) => bn254.hash([a, b]) },
};

function levelsOf(fam, rows) {
  const lv = [rows.map(fam.leaf)];
  while (lv[lv.length - 1].length > 1) {
    const l = lv[lv.length - 1];
    lv.push(Array.from({ length: l.length / 2 }, (_, j) => fam.node(l[2 * j], l[2 * j + 1])));
  }
  return lv;
}

function oracleProof(lv, indices) {
  let known = indices;
  const out = [];
  for (let l = 0; l + 1 < lv.length; l++) {
    const set = new Set(known);
    for (const i of known) if (!set.has(i ^ 1)) out.push(lv[l][i ^ 1]);
    known = [...new Set(known.map((i) => i >> 1))];
  }
  return out;
}

function oracleRoot(fam, opened, indices, proof, depth) {
  let cur = new Map(indices.map((i, j) => [i, fam.leaf(opened[j])]));
  let pos = 0;
  for (let l = 0; l < depth; l++) {
    const next = new Map();
    for (const [i, v] of cur) {
      if (next.has(i >> 1)) continue;
      const s = cur.has(i ^ 1) ? cur.get(i ^ 1) : proof[pos++];
      next.set(i >> 1, i & 1 ? fam.node(s, v) : fam.node(v, s));
    }
    cur = next;
  }
  return pos === proof.length ? cur.get(0) : undefined;
}

// index sets of a tree of n leaves: each leaf alone (small trees), the last,
// first and last, every leaf, sibling pairs, random ones (sorted, distinct)
function indexSets(n, r) {
  const sets = [[n - 1], [0, n - 1], Array.from({ length: n }, (_, i) => i)];
  if (n <= 8) for (let i = 0; i < n; i++) sets.push([i]);
  if (n >= 4) sets.push([0, 1, n - 2, n - 1]);
  for (let t = 0; t < 4; t++) {
    const s = new Set(Array.from({ length: 1 + r.int(Math.min(n, 6)) }, () => r.int(n)));
    sets.push([...s].sort((a, b) => a - b));
  }
  return sets.map((s) => [...new Set(s)]);
}

const elem = (name, r) => (name === 'bn254' ? r.big(253) % bn254.P : r.int(FIELDS[name].f.P));
const rowsOf = (name, r, n, w) =>
  Array.from({ length: n }, () => (name === 'bn254' ? elem(name, r) : Array.from({ length: w }, () => elem(name, r))));
// one element of a node or row changed (31-bit: element 0 + 1 mod p; BN254: x ^ 1 below p)
const bump = (name, x) => (name === 'bn254' ? (x ^ 1n) % bn254.P : [(x[0] + 1) % FIELDS[name].f.P, ...x.slice(1)]);

test('multiproofs: the nodes and the root against the definitional format', () => {
  const r = rng(2929n);
  for (const [name, fam] of Object.entries(FIELDS)) {
    const f = fam.f;
    for (const n of name === 'bn254' ? [1, 2, 4, 8, 16] : [1, 2, 4, 8, 16, 32]) {
      const d = Math.log2(n);
      const rows = rowsOf(name, r, n, 1 + r.int(9));
      const lv = levelsOf(fam, rows);
      const root = f.treeRoot(rows);
      assert.deepEqual(lv[d][0], root, `${name} ${n}: the levels' root`);
      for (const ix of indexSets(n, r)) {
        const at = `${name} n=${n} [${ix}]`;
        const opened = ix.map((i) => rows[i]);
        const pf = f.treeMultiProof(rows, ix);
        assert.deepEqual(pf, oracleProof(lv, ix), `${at}: nodes`);
        assert.deepEqual(oracleRoot(fam, opened, ix, pf, d), root, `${at}: oracle root`);
        assert.equal(f.treeMultiVerify(root, opened, ix, pf, d), true, at);
        // bigint indices are the same indices
        assert.deepEqual(f.treeMultiProof(rows, ix.map(BigInt)), pf);
        // a changed node, row or root does not verify
        if (pf.length) {
          const j = r.int(pf.length), bad = [...pf];
          bad[j] = bump(name, pf[j]);
          assert.equal(f.treeMultiVerify(root, opened, ix, bad, d), false, `${at}: node ${j}`);
        }
        const j = r.int(ix.length), badRows = [...opened];
        badRows[j] = bump(name, opened[j]);
        assert.equal(f.treeMultiVerify(root, badRows, ix, pf, d), false, `${at}: row ${j}`);
        assert.equal(f.treeMultiVerify(bump(name, root), opened, ix, pf, d), false, `${at}: root`);
      }
    }
  }
});

test('multiproofs: bad indices, lengths and elements throw; the module stays usable', () => {
  const r = rng(2930n);
  for (const [name, fam] of Object.entries(FIELDS)) {
    const f = fam.f, n = 16, d = 4;
    const rows = rowsOf(name, r, n, 3);
    const root = f.treeRoot(rows), ix = [2, 5, 11], opened = ix.map((i) => rows[i]);
    const pf = f.treeMultiProof(rows, ix);
    const ok = () => assert.equal(f.treeMultiVerify(root, opened, ix, pf, d), true, `${name}: still usable`);
    const zero = name === 'bn254' ? 0n : new Array(8).fill(0);
    const cases = [
      // C: indices strictly increasing (ZKP_ERR_PROOF_SHAPE), below 2^depth (ZKP_ERR_RANGE), k > 0 (ZKP_ERR_COUNT)
      [Error, () => f.treeMultiProof(rows, [5, 2])],
      [Error, () => f.treeMultiProof(rows, [2, 2, 5])],
      [RangeError, () => f.treeMultiProof(rows, [2, n])],
      [RangeError, () => f.treeMultiProof(rows, [])],
      [RangeError, () => f.treeMultiProof(rows, [-1])],
      [TypeError, () => f.treeMultiProof(rows, 3)],
      // 2^k +- 1 leaves are not a tree (ZKP_ERR_COUNT)
      [RangeError, () => f.treeMultiProof(rows.slice(0, 15), [0])],
      [RangeError, () => f.treeMultiProof([...rows, rows[0]], [0])],
      [Error, () => f.treeMultiVerify(root, [opened[1], opened[0], opened[2]], [5, 2, 11], pf, d)],
      [Error, () => f.treeMultiVerify(root, [opened[0], opened[0], opened[1]], [2, 2, 5], pf, d)],
      [RangeError, () => f.treeMultiVerify(root, opened, [2, 5, 16], pf, d)],
      [RangeError, () => f.treeMultiVerify(root, [], [], pf, d)],
      [RangeError, () => f.treeMultiVerify(root, opened, [2, 5], pf, d)],
      // a multiproof one node short or long (ZKP_ERR_PROOF_SHAPE), a depth above 64 or not a count
      [Error, () => f.treeMultiVerify(root, opened, ix, pf.slice(1), d)],
      [Error, () => f.treeMultiVerify(root, opened, ix, [...pf, zero], d)],
      [Error, () => f.treeMultiVerify(root, opened, ix, pf, 65)],
      [RangeError, () => f.treeMultiVerify(root, opened, ix, pf, -1)],
      [RangeError, () => f.treeMultiVerify(root, opened, ix, pf, 1.5)],
      // an element >= p anywhere (ZKP_ERR_RANGE), never reduced
      [RangeError, () => f.treeMultiVerify(root, opened, ix, [name === 'bn254' ? bn254.P : [f.P, 0, 0, 0, 0, 0, 0, 0], ...pf.slice(1)], d)],
      [RangeError, () => f.treeMultiVerify(name === 'bn254' ? bn254.P : [0, 0, 0, 0, 0, 0, 0, f.P], opened, ix, pf, d)],
    ];
    if (name !== 'bn254') {
      cases.push([RangeError, () => f.treeMultiVerify(root, opened, ix, [pf[0].slice(1), ...pf.slice(1)], d)]);
      cases.push([RangeError, () => f.treeMultiVerify(root.slice(1), opened, ix, pf, d)]);
      cases.push([RangeError, () => f.treeMultiVerify(root, [opened[0], opened[1].slice(1), opened[2]], ix, pf, d)]);
    }
    cases.forEach(([type, fn], i) => {
      assert.throws(fn, (e) => e.constructor === type, `${name} case ${i}: ${type.name}`);
      ok();
    });
  }
});

test('multiproofs: memory stays bounded', () => {
  const r = rng(2931n);
  const rows = rowsOf('babybear', r, 64, 8), root = babybear.treeRoot(rows);
  const run = () => {
    const ix = [...new Set([r.int(64), r.int(64), r.int(64)])].sort((a, b) => a - b);
    assert.ok(babybear.treeMultiVerify(root, ix.map((i) => rows[i]), ix, babybear.treeMultiProof(rows, ix), 6));
  };
  for (let i = 0; i < 20; i++) run();
  const before = memoryBytes();
  for (let i = 0; i < 100; i++) run();
  assert.equal(memoryBytes(), before);
});

// The C CLI (ZKPRIM_CLI, js/stage.sh passes build-native's): the same
// multiproof nodes from `zkprim tree -a poseidon2-* prove --multi`, and its
// `verify --multi` of the JS multiproof agrees with treeMultiVerify.
test('multiproofs: the C CLI agrees', { skip: !process.env.ZKPRIM_CLI && 'ZKPRIM_CLI not set' }, () => {
  const cli = process.env.ZKPRIM_CLI;
  const dir = mkdtempSync(join(tmpdir(), 'zkprim-p2multi-'));
  const r = rng(2932n);
  try {
    for (const [name, fam] of Object.entries(FIELDS)) {
      const f = fam.f, is31 = name !== 'bn254', algo = `poseidon2-${name}`, w = 3;
      for (const n of [1, 32]) {
        const rows = rowsOf(name, r, n, w), root = f.treeRoot(rows), d = Math.log2(n);
        const file = join(dir, 'leaves.txt');
        writeFileSync(file, rows.flat().join('\n') + '\n');
        const wArgs = is31 ? ['--width', String(w)] : [];
        for (const ix of indexSets(n, r).slice(0, 4)) {
          const at = `${name} n=${n} [${ix}]`;
          // the CLI sorts its list: give it reversed
          const text = execFileSync(cli, ['tree', '-a', algo, 'prove', '--multi', [...ix].reverse().join(','), ...wArgs, file], { encoding: 'utf8' });
          const sibs = text.split('\n').filter((l) => /^[0-9a-f]{64}$/.test(l));
          const pf = f.treeMultiProof(rows, ix);
          const asText = (x) => (is31 ? x.map((e) => e.toString(16).padStart(8, '0')).join('') : x.toString(16).padStart(64, '0'));
          assert.deepEqual(sibs, pf.map(asText), `${at}: CLI nodes`);
          // the JS multiproof and opened rows, verified by the CLI, then one changed node
          const opened = join(dir, 'opened.txt'), mp = join(dir, 'mp.txt');
          writeFileSync(opened, ix.map((i) => rows[i]).flat().join('\n') + '\n');
          const rootArg = is31 ? root.join(',') : root.toString();
          const verify = (nodes) => {
            writeFileSync(mp, `zkprim-multiproof 1\nalgorithm ${algo}\nleaves ${n}\nindices ${ix.join(',')}\n` + nodes.map((x) => asText(x) + '\n').join(''));
            try {
              execFileSync(cli, ['tree', '-a', algo, 'verify', '--multi', ...wArgs, rootArg, opened, mp], { stdio: 'pipe' });
              return true;
            } catch (e) {
              if (e.status !== 1) throw e;
              return false;
            }
          };
          assert.equal(verify(pf), true, `${at}: CLI verify`);
          assert.equal(f.treeMultiVerify(root, ix.map((i) => rows[i]), ix, pf, d), true);
          if (pf.length) {
            const bad = [...pf];
            bad[pf.length - 1] = bump(name, bad[pf.length - 1]);
            assert.equal(verify(bad), false, `${at}: CLI verify of a changed node`);
            assert.equal(f.treeMultiVerify(root, ix.map((i) => rows[i]), ix, bad, d), false);
          }
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
