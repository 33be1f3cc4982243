// zkprim/poseidon2-family: Poseidon2 in the instances the proof systems ship,
// on the C of include/zkprim/poseidon2.h. Not to be confused with
// zkprim/poseidon's poseidon2, which is circom's Poseidon of two inputs
// (poseidon-lite's name). Three objects, one per field:
//   bn254      width 4 as barretenberg and Noir use it: permute, permuteBatch, hash (Noir's
//              Poseidon2::hash), trees with node = hash([left, right])
//   babybear   Plonky3's default width 16 / 24 instances: permute, hash
//   koalabear  (PaddingFreeSponge<16, 8, 8>), compress (TruncatedPermutation),
//              trees (MerkleTreeMmcs over one matrix: leaf = hash(row))
// Every tree has treeMultiProof(rows, indices) / treeMultiVerify(root, rows,
// indices, proof, depth): the C library's multiproofs (docs/poseidon2.md),
// indices strictly increasing as the C requires.
// Elements are bigints (BN254) or numbers (31-bit; bigints accepted); a
// value >= p is a RangeError, never reduced. JS only converts.

const P_BN254 = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const MASK64 = 0xffffffffffffffffn;

function fr(x, what) {
  const v = BigInt(x);
  if (v < 0n || v >= P_BN254) throw new RangeError(`${what}: not a field element below p`);
  return v;
}

function writeFr(h, at, x) {
  const v = new DataView(h.buffer, h.byteOffset + at, 32);
  v.setBigUint64(0, x & MASK64, true);
  v.setBigUint64(8, (x >> 64n) & MASK64, true);
  v.setBigUint64(16, (x >> 128n) & MASK64, true);
  v.setBigUint64(24, x >> 192n, true);
}

function readFr(h, at) {
  const v = new DataView(h.buffer, h.byteOffset + at, 32);
  return v.getBigUint64(0, true) | (v.getBigUint64(8, true) << 64n) |
    (v.getBigUint64(16, true) << 128n) | (v.getBigUint64(24, true) << 192n);
}

// 31-bit elements: an integer in [0, 2^32) (the C rejects those >= p).
function u32(x, what) {
  const v = typeof x === 'bigint' ? x : BigInt(x);
  if (v < 0n || v >= 1n << 32n) throw new RangeError(`${what}: not a field element below p`);
  return Number(v);
}

function writeU32s(p, xs, what) {
  const v = new DataView(heap().buffer, p, 4 * xs.length);
  for (let i = 0; i < xs.length; i++) v.setUint32(4 * i, u32(xs[i], what), true);
}

function readU32s(p, n) {
  const v = new DataView(heap().buffer, p, 4 * n);
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = v.getUint32(4 * i, true);
  return out;
}

function depthOf(n) {
  let d = 0;
  while (2 ** d < n) d++;
  return d;
}

// A multiproof's indices as bigints in [0, 2^64), checked before any size is
// computed from them (the C checks their order and range), and written as
// uint64 at p (8-aligned).
function idx64(indices, what) {
  if (!Array.isArray(indices)) throw new TypeError(`${what}: indices must be an array`);
  return indices.map((x) => {
    const b = BigInt(x);
    if (b < 0n || b > MASK64) throw new RangeError(`${what}: index ${x} out of range`);
    return b;
  });
}

function putIdx(p, ix) {
  const v = new DataView(heap().buffer, p, 8 * ix.length);
  ix.forEach((b, i) => v.setBigUint64(8 * i, b, true));
}

// Multiproof sizes: the nodes (tree_build's 2n - 1, 32 bytes each, 8-aligned
// after rows) and at most min(k * depth, 2n) siblings; `depth` of verify a
// number the C range-checks (> 64: ZKP_ERR_PROOF_SHAPE).
const align8 = (x) => (x + 7) & ~7;
function depthArg(depth, what) {
  if (!Number.isInteger(depth) || depth < 0 || depth > 0xffffffff) throw new RangeError(`${what}: depth must be an integer >= 0`);
  return depth;
}

// ---- BN254 ---------------------------------------------------------------

function bnWrite(p, xs, what) {
  const vals = xs.map((x) => fr(x, what));
  const h = heap();
  for (let i = 0; i < vals.length; i++) writeFr(h, p + 32 * i, vals[i]);
}

function bnRead(p, n) {
  const h = heap();
  return Array.from({ length: n }, (_, i) => readFr(h, p + 32 * i));
}

// n BN254 elements in, one out: export(elements, n, out), the shape of hash and
// tree_root. The export is looked up by name after scratch(), which
// instantiates the module on first use.
function bnToOne(name, xs, what) {
  const n = xs.length;
  const p = scratch(32 * (n + 1));
  bnWrite(p, xs, what);
  check(wasmExports[name](p, n, p + 32 * n), what);
  return bnRead(p + 32 * n, 1)[0];
}

export const bn254 = {
  P: P_BN254,
  permute(state) {
    if (state.length !== 4) throw new RangeError('poseidon2 bn254 permute: 4 elements');
    const p = scratch(128);
    bnWrite(p, state, 'poseidon2 bn254 permute');
    check(wasmExports.zkp_poseidon2_bn254_permute(p), 'poseidon2 bn254 permute');
    return bnRead(p, 4);
  },
  // Many 4-element states in one crossing (the C batch: eight states a pass
  // where the engine has IFMA lanes, which WebAssembly does not, so here it
  // saves the crossings); the states permuted, in order.
  permuteBatch(states) {
    const what = 'poseidon2 bn254 permuteBatch';
    for (const s of states) if (s.length !== 4) throw new RangeError(`${what}: states of 4 elements`);
    const n = states.length;
    const p = scratch(128 * n);
    bnWrite(p, states.flat(), what);
    check(wasmExports.zkp_poseidon2_bn254_permute_batch(p, n), what);
    const out = bnRead(p, 4 * n);
    return Array.from({ length: n }, (_, i) => out.slice(4 * i, 4 * i + 4));
  },
  hash(inputs) {
    return bnToOne('zkp_poseidon2_bn254_hash', inputs, 'poseidon2 bn254 hash');
  },
  treeRoot(leaves) {
    return bnToOne('zkp_poseidon2_bn254_tree_root', leaves, 'poseidon2 bn254 treeRoot');
  },
  // The siblings of leaf index, bottom first.
  treeProof(leaves, index) {
    const n = leaves.length, d = depthOf(n);
    const p = scratch(32 * (3 * n + d));
    bnWrite(p, leaves, 'poseidon2 bn254 treeProof');
    const nodes = p + 32 * n, sib = nodes + 32 * (2 * n);
    check(wasmExports.zkp_poseidon2_bn254_tree_build(p, n, nodes), 'poseidon2 bn254 treeProof');
    check(wasmExports.zkp_poseidon2_bn254_tree_proof(nodes, n, BigInt(index), sib), 'poseidon2 bn254 treeProof');
    return bnRead(sib, d);
  },
  treeVerify(root, leaf, index, proof) {
    const d = proof.length;
    const p = scratch(32 * (d + 2));
    bnWrite(p, [root, leaf, ...proof], 'poseidon2 bn254 treeVerify');
    const st = wasmExports.zkp_poseidon2_bn254_tree_verify(p, p + 32, BigInt(index), p + 64, d);
    if (st === 10) return false;
    check(st, 'poseidon2 bn254 treeVerify');
    return true;
  },
  // The siblings a verifier of leaves[indices] cannot compute, level by
  // level, by index within a level (zkp_poseidon2_bn254_tree_multi_proof).
  treeMultiProof(leaves, indices) {
    const what = 'poseidon2 bn254 treeMultiProof';
    const ix = idx64(indices, what);
    const n = leaves.length, k = ix.length, cap = Math.min(k * depthOf(n), 2 * n);
    const p = scratch(32 * (3 * n + cap) + 8 * k + 8);
    bnWrite(p, leaves, what);
    const nodes = p + 32 * n, pf = nodes + 64 * n, idx = pf + 32 * cap, got = idx + 8 * k;
    putIdx(idx, ix);
    check(wasmExports.zkp_poseidon2_bn254_tree_build(p, n, nodes), what);
    check(wasmExports.zkp_poseidon2_bn254_tree_multi_proof(nodes, n, idx, k, pf, cap, got), what);
    return bnRead(pf, new DataView(heap().buffer, got, 4).getUint32(0, true));
  },
  // leaves: the opened ones, in the order of indices (strictly increasing);
  // depth: the tree's (2^depth leaves). False when the paths do not lead to root.
  treeMultiVerify(root, leaves, indices, proof, depth) {
    const what = 'poseidon2 bn254 treeMultiVerify';
    const ix = idx64(indices, what), k = leaves.length, m = proof.length;
    if (ix.length !== k) throw new RangeError(`${what}: one leaf per index`);
    const p = scratch(32 * (1 + k + m) + 8 * k);
    bnWrite(p, [root, ...leaves, ...proof], what);
    const idx = p + 32 * (1 + k + m);
    putIdx(idx, ix);
    const st = wasmExports.zkp_poseidon2_bn254_tree_multi_verify(p, p + 32, idx, k, p + 32 * (1 + k), m,
      depthArg(depth, what), 1);
    if (st === 10) return false;
    check(st, what);
    return true;
  },
};

// ---- BabyBear / KoalaBear ------------------------------------------------

function field31(name, P) {
  const f = (op) => wasmExports[`zkp_poseidon2_${name}_${op}`];
  const what = (op) => `poseidon2 ${name} ${op}`;
  // rows (arrays of equal length) flattened into wasm memory at p
  const writeRows = (p, rows, op) => {
    const w = rows.length ? rows[0].length : 0;
    for (const r of rows) if (r.length !== w) throw new RangeError(`${what(op)}: rows of different lengths`);
    writeU32s(p, rows.flat(), what(op));
    return w;
  };
  return {
    P,
    permute(state) {
      const p = scratch(4 * state.length);
      writeU32s(p, state, what('permute'));
      check(f('permute')(p, state.length), what('permute'));
      return readU32s(p, state.length);
    },
    hash(inputs) {
      const n = inputs.length;
      const p = scratch(4 * n + 32);
      writeU32s(p, inputs, what('hash'));
      check(f('hash')(p, n, p + 4 * n), what('hash'));
      return readU32s(p + 4 * n, 8);
    },
    compress(left, right) {
      if (left.length !== 8 || right.length !== 8) throw new RangeError(`${what('compress')}: 8 elements each`);
      const p = scratch(96);
      writeU32s(p, [...left, ...right], what('compress'));
      check(f('compress')(p, p + 32, p + 64), what('compress'));
      return readU32s(p + 64, 8);
    },
    treeRoot(rows) {
      const n = rows.length;
      const p = scratch(4 * n * (rows[0] ? rows[0].length : 0) + 32);
      const w = writeRows(p, rows, 'treeRoot');
      check(f('tree_root')(p, n, w, p + 4 * n * w), what('treeRoot'));
      return readU32s(p + 4 * n * w, 8);
    },
    // The siblings of row index, bottom first (8 elements each).
    treeProof(rows, index) {
      const n = rows.length, d = depthOf(n);
      const w = rows[0] ? rows[0].length : 0;
      const p = scratch(4 * n * w + 32 * (2 * n + d));
      writeRows(p, rows, 'treeProof');
      const nodes = p + 4 * n * w, sib = nodes + 32 * 2 * n;
      check(f('tree_build')(p, n, w, nodes), what('treeProof'));
      check(f('tree_proof')(nodes, n, BigInt(index), sib), what('treeProof'));
      return Array.from({ length: d }, (_, i) => readU32s(sib + 32 * i, 8));
    },
    treeVerify(root, row, index, proof) {
      const d = proof.length;
      const p = scratch(32 + 4 * row.length + 32 * d);
      for (const s of proof) if (s.length !== 8) throw new RangeError(`${what('treeVerify')}: siblings of 8 elements`);
      if (root.length !== 8) throw new RangeError(`${what('treeVerify')}: a root of 8 elements`);
      writeU32s(p, [...root, ...row, ...proof.flat()], what('treeVerify'));
      const st = f('tree_verify')(p, p + 32, row.length, BigInt(index), p + 32 + 4 * row.length, d);
      if (st === 10) return false;
      check(st, what('treeVerify'));
      return true;
    },
    // The siblings (8 elements each) a verifier of rows[indices] cannot
    // compute, level by level, by index within a level.
    treeMultiProof(rows, indices) {
      const ix = idx64(indices, what('treeMultiProof'));
      const n = rows.length, k = ix.length, w = rows[0] ? rows[0].length : 0;
      const cap = Math.min(k * depthOf(n), 2 * n);
      const nodes = align8(4 * n * w), pf = nodes + 64 * n, idx = pf + 32 * cap, got = idx + 8 * k;
      const p = scratch(got + 8);
      writeRows(p, rows, 'treeMultiProof');
      putIdx(p + idx, ix);
      check(f('tree_build')(p, n, w, p + nodes), what('treeMultiProof'));
      check(f('tree_multi_proof')(p + nodes, n, p + idx, k, p + pf, cap, p + got), what('treeMultiProof'));
      const m = new DataView(heap().buffer, p + got, 4).getUint32(0, true);
      return Array.from({ length: m }, (_, i) => readU32s(p + pf + 32 * i, 8));
    },
    // rows: the opened ones, in the order of indices (strictly increasing);
    // depth: the tree's (2^depth rows). False when the paths do not lead to root.
    treeMultiVerify(root, rows, indices, proof, depth) {
      const op = 'treeMultiVerify', ix = idx64(indices, what(op)), k = rows.length, m = proof.length;
      const w = rows[0] ? rows[0].length : 0;
      if (ix.length !== k) throw new RangeError(`${what(op)}: one row per index`);
      if (root.length !== 8) throw new RangeError(`${what(op)}: a root of 8 elements`);
      for (const s of proof) if (s.length !== 8) throw new RangeError(`${what(op)}: siblings of 8 elements`);
      const idx = align8(32 + 4 * k * w + 32 * m);
      const p = scratch(idx + 8 * k);
      writeU32s(p, root, what(op));
      writeRows(p + 32, rows, op);
      writeU32s(p + 32 + 4 * k * w, proof.flat(), what(op));
      putIdx(p + idx, ix);
      const st = f('tree_multi_verify')(p, p + 32, w, p + idx, k, p + 32 + 4 * k * w, m, depthArg(depth, what(op)), 1);
      if (st === 10) return false;
      check(st, what(op));
      return true;
    },
  };
}

export const babybear = field31('babybear', 2013265921);
export const koalabear = field31('koalabear', 2130706433);

