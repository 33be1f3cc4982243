// zkprim/merkle-tree: @openzeppelin/merkle-tree 1.0.8's StandardMerkleTree
// and SimpleMerkleTree on the C trees of include/zkprim/oz_tree.h (ABI
// encoding and leaf hashes, the sorted build, proofs, multiproofs, their
// checks, load()'s tree check). JS converts: ABI values to their 32-byte
// words (or raw bytes), hex to bytes and back, and keeps the package's
// object shapes, dumps and error classes.

const NODE = 32;

export class InvalidArgumentError extends Error {
  constructor(message) {
    super(message);
    this.name = 'InvalidArgumentError';
  }
}
export class InvariantError extends Error {
  constructor(message) {
    super(message);
    this.name = 'InvariantError';
  }
}
function validateArgument(cond, message) {
  if (!cond) throw new InvalidArgumentError(message);
}
function invariant(cond, message) {
  if (!cond) throw new InvariantError(message);
}

function hexToBytes(s) {
  const h = s.startsWith('0x') ? s.slice(2) : s;
  if (h.length % 2 || /[^0-9a-fA-F]/.test(h)) throw new Error(`hex string expected, got ${s}`);
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.substr(2 * i, 2), 16);
  return out;
}
const toHex = (b) => '0x' + bytesToHex(b);
function nodeBytes(x) {
  const b = typeof x === 'string' ? hexToBytes(x) : x instanceof Uint8Array ? x : new Uint8Array(x);
  if (b.length !== NODE) throw new Error('Merkle tree nodes must be Uint8Array of length 32');
  return b;
}

// ---- ABI values -> the C's input (zkp_oz_abi_value: a 32-byte word for
// the static types, raw bytes for bytes and string) --------------------------

const KIND = { ADDRESS: 1, UINT: 2, INT: 3, BOOL: 4, FIXED: 5, BYTES: 6, STRING: 7 };
const typeCache = new Map();

function parseType(name) {
  let t = typeCache.get(name);
  if (t) return t;
  if (typeof name !== 'string') throw new InvalidArgumentError(`Invalid type: ${name}`);
  const b = new TextEncoder().encode(name);
  const p = scratch(b.length + 4);
  heap().set(b, p + 4);
  const s = wasmExports.zkp_oz_abi_type_parse(p + 4, b.length, p);
  if (s) throw new TypeError(`Invalid type: ${name}`);
  const v = new DataView(heap().buffer, p, 4);
  t = { kind: v.getUint16(0, true), size: v.getUint16(2, true) };
  typeCache.set(name, t);
  return t;
}

function bigOf(v, name) {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new TypeError(`Invalid ${name} value: ${v}`);
    return BigInt(v);
  }
  if (typeof v === 'string' && /^(-?\d+|0x[0-9a-fA-F]+)$/.test(v)) return BigInt(v);
  throw new TypeError(`Invalid ${name} value: ${String(v)}`);
}

function wordOf(t, name, v) {
  const w = new Uint8Array(32);
  switch (t.kind) {
  case KIND.ADDRESS: {
    const b = typeof v === 'string' ? hexToBytes(v) : v;
    if (!(b instanceof Uint8Array) || b.length !== 20) throw new TypeError(`Invalid address value: ${String(v)}`);
    w.set(b, 12);
    return w;
  }
  case KIND.UINT:
  case KIND.INT: {
    let x = bigOf(v, name);
    const bits = BigInt(t.size);
    const lo = t.kind === KIND.INT ? -(1n << (bits - 1n)) : 0n;
    const hi = t.kind === KIND.INT ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
    if (x < lo || x > hi) throw new RangeError(`Number "${x}" is out of range for type "${name}".`);
    x = BigInt.asUintN(256, x);
    for (let i = 31; i >= 0; i--, x >>= 8n) w[i] = Number(x & 0xffn);
    return w;
  }
  case KIND.BOOL:
    if (typeof v !== 'boolean') throw new TypeError(`Invalid boolean value: ${String(v)}`);
    w[31] = v ? 1 : 0;
    return w;
  case KIND.FIXED: {
    const b = typeof v === 'string' ? hexToBytes(v) : v;
    if (!(b instanceof Uint8Array) || b.length > t.size) throw new TypeError(`Invalid ${name} value: ${String(v)}`);
    w.set(b, 0);
    return w;
  }
  case KIND.BYTES: {
    const b = typeof v === 'string' ? hexToBytes(v) : v;
    if (!(b instanceof Uint8Array)) throw new TypeError(`Invalid bytes value: ${String(v)}`);
    return b;
  }
  case KIND.STRING:
    if (typeof v !== 'string') throw new TypeError(`Invalid string value: ${String(v)}`);
    return new TextEncoder().encode(v);
  default:
    throw new TypeError(`Invalid type: ${name}`);
  }
}

// Leaf hashes of many values (each a tuple of `types`) in one call:
// zkp_oz_leaf_hash_values. Returns their 32n bytes.
function standardLeaves(types, values) {
  wasm();
  validateArgument(Array.isArray(types), 'Expected leaf encoding');
  const ts = types.map(parseType);
  const k = ts.length;
  const items = [];
  let total = 0;
  for (const value of values) {
    if (!Array.isArray(value) || value.length !== k) throw new TypeError(`Invalid value: expected ${k} values, got ${Array.isArray(value) ? value.length : typeof value}`);
    for (let j = 0; j < k; j++) {
      const b = wordOf(ts[j], types[j], value[j]);
      items.push(b);
      total += b.length;
    }
  }
  const n = values.length;
  // types (4 bytes each), value records (pointer, length), leaf hashes, bad index, then the value bytes
  const head = 4 * k + 8 * items.length + NODE * n + 8;
  const p = scratch(head + total);
  const h = heap();
  const dv = new DataView(h.buffer);
  for (let j = 0; j < k; j++) {
    dv.setUint16(p + 4 * j, ts[j].kind, true);
    dv.setUint16(p + 4 * j + 2, ts[j].size, true);
  }
  const recs = p + 4 * k;
  const out = recs + 8 * items.length;
  const bad = out + NODE * n;
  let d = bad + 8;
  for (let i = 0; i < items.length; i++) {
    dv.setUint32(recs + 8 * i, d, true);
    dv.setUint32(recs + 8 * i + 4, items[i].length, true);
    h.set(items[i], d);
    d += items[i].length;
  }
  const s = wasmExports.zkp_oz_leaf_hash_values(p, k, recs, n, out, bad);
  if (s === 3) throw new RangeError(`Value out of range for type "${types[new DataView(heap().buffer).getUint32(bad, true) % k]}"`);
  check(s, 'leaf hash');
  return heap().slice(out, out + NODE * n);
}

function simpleLeaf(v) {
  return nodeBytes(typeof v === 'string' || v instanceof Uint8Array ? v : new Uint8Array(v));
}

// ---- the tree: nodes resident in WebAssembly memory --------------------------

// A tree's nodes are kept in JS (`bytes`); the C calls read them from one
// block of WebAssembly memory that holds the nodes of the tree used last
// (copied in again when another tree is used). So WebAssembly memory stays
// bounded by the largest tree however many trees are made and dropped: a
// block per tree, freed by a FinalizationRegistry, grew by each tree made
// in a synchronous loop (finalizers run only between tasks, and GC does not
// count WebAssembly memory).
let residentNodes = null;
let residentPtr = 0;
let residentCap = 0;

class Nodes {
  constructor(bytes) {
    this.n = bytes.length / NODE;
    this.bytes = bytes;
    this.hexCache = null;
  }
  // The nodes' address in WebAssembly memory, copying them in unless they are there.
  get ptr() {
    if (residentNodes !== this) {
      const len = this.bytes.length;
      if (len > residentCap) {
        const x = wasm();
        if (residentPtr) x.free(residentPtr);
        residentNodes = null;
        residentCap = 0;
        residentPtr = x.malloc(len);
        if (!residentPtr) throw new RangeError('zkprim: out of WebAssembly memory for the tree');
        residentCap = len;
      }
      heap().set(this.bytes, residentPtr);
      residentNodes = this;
    }
    return residentPtr;
  }
  // After C wrote the nodes in WebAssembly memory: back into JS.
  pull() {
    const p = this.ptr;
    this.bytes.set(heap().subarray(p, p + this.bytes.length));
  }
  hex() {
    if (!this.hexCache) {
      this.hexCache = new Array(this.n);
      for (let i = 0; i < this.n; i++) this.hexCache[i] = toHex(this.bytes.subarray(NODE * i, NODE * (i + 1)));
    }
    return this.hexCache;
  }
  node(i) {
    return this.bytes.slice(NODE * i, NODE * (i + 1));
  }
}

// The build: nodes + each input leaf's tree index. Sorted (the package's
// default): zkp_oz_tree_build. sortLeaves: false: input leaf i at tree
// index 2n - 2 - i, as the package places them, and the inner nodes hashed
// here, since the C build always sorts.
function build(leafBytes, options) {
  const n = leafBytes.length / NODE;
  validateArgument(n !== 0, 'Expected non-zero number of leaves');
  const sortLeaves = options.sortLeaves ?? true;
  const nodes = new Nodes(new Uint8Array(NODE * (2 * n - 1)));
  if (!sortLeaves) {
    for (let i = 0; i < n; i++) nodes.bytes.set(leafBytes.subarray(NODE * i, NODE * (i + 1)), NODE * (2 * n - 2 - i));
    hashInnerNodes(nodes, n);
    nodes.pull();
    return { nodes, treeIndex: Array.from({ length: n }, (_, i) => 2 * n - 2 - i) };
  }
  const at = nodes.ptr;
  const p = scratch(NODE * n + 8 * n);
  heap().set(leafBytes, p);
  check(wasmExports.zkp_oz_tree_build(p, n, at, p + NODE * n), 'tree build');
  nodes.pull();
  const idx = new BigUint64Array(heap().buffer, p + NODE * n, n);
  const treeIndex = Array.from(idx, Number);
  return { nodes, treeIndex };
}

// Inner nodes n - 2 ... 0 of a tree whose n leaves are in place, node k =
// keccak256 of its children 2k + 1 and 2k + 2, the smaller first (the
// package's standardNodeHash). The children of nodes lo..hi are the
// contiguous nodes 2lo + 1 .. 2hi + 2, so each run of nodes whose children
// are all done (lo = ceil(hi / 2)) is one zkp_keccak_hash_batch call over
// its children's pairs, copied in sorted order.
function hashInnerNodes(nodes, n) {
  for (let hi = n - 2; hi >= 0;) {
    const lo = (hi + 1) >> 1;
    const count = hi - lo + 1;
    const p = scratch(2 * NODE * count);
    const h = heap();
    for (let k = 0; k < count; k++) {
      const a = nodes.ptr + NODE * (2 * (lo + k) + 1);
      const b = a + NODE;
      let j = 0;
      while (j < NODE && h[a + j] === h[b + j]) j++;
      const [x, y] = j < NODE && h[a + j] > h[b + j] ? [b, a] : [a, b];
      h.copyWithin(p + 2 * NODE * k, x, x + NODE);
      h.copyWithin(p + 2 * NODE * k + NODE, y, y + NODE);
    }
    check(wasmExports.zkp_keccak_hash_batch(1, p, 2 * NODE, 2 * NODE, count, nodes.ptr + NODE * lo, NODE), 'node hash');
    hi = lo - 1;
  }
}

function proofOf(nodes, treeIndex) {
  const cap = 64;
  const p = scratch(NODE * cap + 8);
  const s = wasmExports.zkp_oz_tree_proof(nodes.ptr, nodes.n, BigInt(treeIndex), p + 8, cap, p);
  if (s === 3) throw new Error('Index is not a leaf');
  check(s, 'getProof');
  const depth = new DataView(heap().buffer).getUint32(p, true);
  const out = [];
  for (let i = 0; i < depth; i++) out.push(toHex(heap().subarray(p + 8 + NODE * i, p + 8 + NODE * (i + 1))));
  return out;
}

function processProofOk(root, leaf, proof) {
  const pr = proof.map(nodeBytes);
  const lf = nodeBytes(leaf);
  const p = scratch(NODE * (2 + pr.length));
  const h = heap();
  h.set(root, p);
  h.set(lf, p + NODE);
  pr.forEach((b, i) => h.set(b, p + NODE * (2 + i)));
  const s = wasmExports.zkp_oz_tree_verify(p, p + NODE, p + 2 * NODE, pr.length);
  if (s === 10) return false;
  check(s, 'verify');
  return true;
}

function multiProofOf(nodes, indices) {
  const k = indices.length;
  const cap = nodes.n;
  const p = scratch(8 * k + 8 * k + NODE * cap + cap + 16);
  const dv = new DataView(heap().buffer);
  indices.forEach((ix, i) => dv.setBigUint64(p + 8 * i, BigInt(ix), true));
  const li = p + 8 * k;
  const pr = li + 8 * k;
  const fl = pr + NODE * cap;
  const cnt = fl + cap + ((8 - ((fl + cap) % 8)) % 8);
  const s = wasmExports.zkp_oz_tree_multi_proof(nodes.ptr, nodes.n, p, k, li, pr, cap, cnt, fl, cap, cnt + 4);
  if (s === 3) throw new Error('Index is not a leaf');
  if (s === 6) throw new InvalidArgumentError('Cannot prove duplicated index');
  check(s, 'getMultiProof');
  const h = heap();
  const v = new DataView(h.buffer);
  const np = v.getUint32(cnt, true);
  const nf = v.getUint32(cnt + 4, true);
  const leafIdx = [];
  for (let i = 0; i < k; i++) leafIdx.push(Number(v.getBigUint64(li + 8 * i, true)));
  const proof = [];
  for (let i = 0; i < np; i++) proof.push(toHex(h.subarray(pr + NODE * i, pr + NODE * (i + 1))));
  const proofFlags = Array.from(h.subarray(fl, fl + nf), (f) => f !== 0);
  return { leafIdx, proof, proofFlags };
}

function processMultiProofOk(root, leaves, proof, proofFlags) {
  const ls = leaves.map(nodeBytes);
  const ps = proof.map(nodeBytes);
  validateArgument(ps.length >= proofFlags.filter((b) => !b).length, 'Invalid multiproof format');
  validateArgument(ls.length + ps.length === proofFlags.length + 1, 'Provided leaves and multiproof are not compatible');
  const p = scratch(NODE * (1 + ls.length + ps.length) + proofFlags.length);
  const h = heap();
  h.set(root, p);
  ls.forEach((b, i) => h.set(b, p + NODE * (1 + i)));
  const pp = p + NODE * (1 + ls.length);
  ps.forEach((b, i) => h.set(b, pp + NODE * i));
  const fp = pp + NODE * ps.length;
  proofFlags.forEach((f, i) => { h[fp + i] = f ? 1 : 0; });
  const s = wasmExports.zkp_oz_tree_multi_verify(p, p + NODE, ls.length, pp, ps.length, fp, proofFlags.length);
  if (s === 10) return false;
  invariant(s !== 11, undefined);
  check(s, 'verifyMultiProof');
  return true;
}

function renderTree(tree) {
  validateArgument(tree.length !== 0, 'Expected non-zero number of nodes');
  const stack = [[0, []]];
  const lines = [];
  while (stack.length > 0) {
    const [i, path] = stack.pop();
    lines.push(path.slice(0, -1).map((q) => ['   ', '│  '][q]).join('') +
      path.slice(-1).map((q) => ['└─ ', '├─ '][q]).join('') + i + ') ' + tree[i]);
    if (2 * i + 2 < tree.length) {
      stack.push([2 * i + 2, path.concat(0)]);
      stack.push([2 * i + 1, path.concat(1)]);
    }
  }
  return lines.join('\n');
}

// The package's MerkleTreeImpl over resident nodes; leafHashes(values)
// gives the 32-byte leaf hashes of many values at once.
class TreeBase {
  constructor(nodes, values, leafHashes) {
    validateArgument(values.every(({ value }) => typeof value != 'number'), 'Leaf values cannot be numbers');
    this.nodes = nodes;
    this.values = values;
    this.leafHashes = leafHashes;
    this.lookup = null;
  }
  get tree() {
    return this.nodes.hex();
  }
  get root() {
    return toHex(this.nodes.node(0));
  }
  get length() {
    return this.values.length;
  }
  at(index) {
    return this.values.at(index)?.value;
  }
  render() {
    return renderTree(this.tree);
  }
  *entries() {
    for (const [i, { value }] of this.values.entries()) yield [i, value];
  }
  leafHash(leaf) {
    return toHex(this.leafHashes([leaf]));
  }
  validate() {
    this.values.forEach((_, i) => this.validateValueAt(i));
    const p = scratch(8);
    invariant(wasmExports.zkp_oz_tree_check(this.nodes.ptr, this.nodes.n, p) === 0, 'Merkle tree is invalid');
  }
  leafLookup(leaf) {
    if (!this.lookup) {
      const t = this.tree;
      this.lookup = new Map(this.values.map(({ treeIndex }, i) => [t[treeIndex], i]));
    }
    const i = this.lookup.get(this.leafHash(leaf));
    validateArgument(i !== undefined, 'Leaf is not in tree');
    return i;
  }
  validateValueAt(index) {
    const value = this.values[index];
    validateArgument(value !== undefined, 'Index out of bounds');
    invariant(toHex(this.nodes.node(value.treeIndex)) === this.leafHash(value.value), 'Merkle tree does not contain the expected value');
  }
  getProof(leaf) {
    const valueIndex = typeof leaf === 'number' ? leaf : this.leafLookup(leaf);
    this.validateValueAt(valueIndex);
    const { treeIndex } = this.values[valueIndex];
    const proof = proofOf(this.nodes, treeIndex);
    invariant(processProofOk(this.nodes.node(0), this.nodes.node(treeIndex), proof), 'Unable to prove value');
    return proof;
  }
  getMultiProof(leaves) {
    const valueIndices = leaves.map((leaf) => (typeof leaf === 'number' ? leaf : this.leafLookup(leaf)));
    for (const i of valueIndices) this.validateValueAt(i);
    const byTreeIndex = new Map(this.values.map(({ treeIndex }, i) => [treeIndex, i]));
    const { leafIdx, proof, proofFlags } = multiProofOf(this.nodes, valueIndices.map((i) => this.values[i].treeIndex));
    const leafNodes = leafIdx.map((ti) => this.nodes.node(ti));
    invariant(processMultiProofOk(this.nodes.node(0), leafNodes, proof, proofFlags), 'Unable to prove values');
    return { leaves: leafIdx.map((ti) => this.values[byTreeIndex.get(ti)].value), proof, proofFlags };
  }
  leafHashOf(leaf) {
    if (typeof leaf === 'number') {
      const v = this.values[leaf];
      validateArgument(v !== undefined, 'Index out of bounds');
      leaf = v.value;
    }
    return this.leafHashes([leaf]);
  }
  verify(leaf, proof) {
    return processProofOk(this.nodes.node(0), this.leafHashOf(leaf), proof);
  }
  verifyMultiProof(multiproof) {
    const leaves = multiproof.leaves.map((l) => this.leafHashOf(l));
    return processMultiProofOk(this.nodes.node(0), leaves, multiproof.proof, multiproof.proofFlags);
  }
}

function prepare(values, options, leafHashes) {
  const leafBytes = values.length ? leafHashes(values) : new Uint8Array(0);
  const { nodes, treeIndex } = build(leafBytes, options || {});
  return [nodes, values.map((value, i) => ({ value, treeIndex: treeIndex[i] }))];
}

function loadNodes(tree) {
  validateArgument(Array.isArray(tree) && tree.length > 0, 'Merkle tree is invalid');
  const bytes = new Uint8Array(NODE * tree.length);
  tree.forEach((x, i) => {
    const b = typeof x === 'string' ? hexToBytes(x) : x;
    invariant(b.length === NODE, 'Merkle tree is invalid');
    bytes.set(b, NODE * i);
  });
  const nodes = new Nodes(bytes);
  nodes.hexCache = tree; // dump() of a loaded tree gives back its nodes as written
  return nodes;
}

export class StandardMerkleTree extends TreeBase {
  constructor(nodes, values, leafEncoding) {
    super(nodes, values, (vs) => standardLeaves(leafEncoding, vs));
    this.leafEncoding = leafEncoding;
  }
  static of(values, leafEncoding, options = {}) {
    const [nodes, indexed] = prepare(values, options, (vs) => standardLeaves(leafEncoding, vs));
    return new StandardMerkleTree(nodes, indexed, leafEncoding);
  }
  static load(data) {
    validateArgument(data.format === 'standard-v1', `Unknown format '${data.format}'`);
    validateArgument(data.leafEncoding !== undefined, 'Expected leaf encoding');
    const t = new StandardMerkleTree(loadNodes(data.tree), data.values, data.leafEncoding);
    t.validate();
    return t;
  }
  static verify(root, leafEncoding, leaf, proof) {
    return processProofOk(nodeBytes(root), standardLeaves(leafEncoding, [leaf]), proof);
  }
  static verifyMultiProof(root, leafEncoding, multiproof) {
    const leaves = multiproof.leaves.map((l) => standardLeaves(leafEncoding, [l]));
    return processMultiProofOk(nodeBytes(root), leaves, multiproof.proof, multiproof.proofFlags);
  }
  dump() {
    return { format: 'standard-v1', leafEncoding: this.leafEncoding, tree: this.tree, values: this.values };
  }
}

function simpleLeaves(vs) {
  wasm();
  const out = new Uint8Array(NODE * vs.length);
  vs.forEach((v, i) => out.set(simpleLeaf(v), NODE * i));
  return out;
}

function noCustomHash(nodeHash) {
  if (nodeHash !== undefined) throw new InvalidArgumentError('zkprim/merkle-tree: a custom nodeHash is not supported (the C tree hashes sorted pairs with Keccak-256)');
}

export class SimpleMerkleTree extends TreeBase {
  constructor(nodes, values) {
    super(nodes, values, simpleLeaves);
  }
  static of(values, options = {}) {
    noCustomHash(options.nodeHash);
    const [nodes, indexed] = prepare(values, options, simpleLeaves);
    return new SimpleMerkleTree(nodes, indexed);
  }
  static load(data, nodeHash) {
    validateArgument(data.format === 'simple-v1', `Unknown format '${data.format}'`);
    validateArgument((nodeHash == undefined) !== (data.hash == 'custom'), nodeHash ? 'Data does not expect a custom node hashing function' : 'Data expects a custom node hashing function');
    noCustomHash(nodeHash);
    const t = new SimpleMerkleTree(loadNodes(data.tree), data.values);
    t.validate();
    return t;
  }
  static verify(root, leaf, proof, nodeHash) {
    noCustomHash(nodeHash);
    return processProofOk(nodeBytes(root), simpleLeaves([leaf]), proof);
  }
  static verifyMultiProof(root, multiproof, nodeHash) {
    noCustomHash(nodeHash);
    return processMultiProofOk(nodeBytes(root), multiproof.leaves.map((l) => simpleLeaves([l])), multiproof.proof, multiproof.proofFlags);
  }
  dump() {
    // the package's toHex: a string keeps its case and gains 0x
    const hexOf = (v) => (typeof v === 'string' ? (simpleLeaf(v), v.replace(/^(0x)?/, '0x')) : toHex(simpleLeaf(v)));
    return { format: 'simple-v1', tree: this.tree, values: this.values.map(({ value, treeIndex }) => ({ value: hexOf(value), treeIndex })) };
  }
}
