// zkprim/lean-imt: @zk-kit/lean-imt 2.2.5's LeanIMT (Semaphore's group
// tree). With this module's poseidon2 as the hash the tree is the C one of
// include/zkprim/lean_imt.h and lives in WebAssembly: JS keeps the leaves as
// given (the package's `leaves`, indexOf, has) and converts bigints to the
// C's 32-byte big-endian elements and back.
//
// With any other hash function (keccak, another field's Poseidon, a test
// hash) the C tree cannot run it, so the levels are kept in JS, `_nodes`
// as the package keeps them (level 0 the leaves, level l + 1 node j the
// hash of level l's nodes 2j and 2j + 1, or node 2j itself when it has no
// right sibling) and hashed with the caller's function. This is the only
// JavaScript copy of the tree; js/test/lean-imt.test.mjs runs it against
// the package with a Keccak and a toy hash.

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const MARK = Symbol.for('zkprim.poseidon2');

function reduce(x) {
  x = BigInt(x);
  if (x >= 0n && x < P) return x;
  x %= P;
  return x < 0n ? x + P : x;
}
function writeBe(h, at, x) {
  for (let i = 31; i >= 0; i--, x >>= 8n) h[at + i] = Number(x & 0xffn);
}
function readBe(h, at) {
  let x = 0n;
  for (let i = 0; i < 32; i++) x = (x << 8n) | BigInt(h[at + i]);
  return x;
}

/** Poseidon of two elements (poseidon-lite's poseidon2): poseidon2([a, b])
 * or poseidon2(a, b), so it is also LeanIMT's hash function. */
export function poseidon2(a, b) {
  const ins = Array.isArray(a) ? a : [a, b];
  if (ins.length !== 2) throw new Error(`poseidon-lite: Incorrect M length, expected ${ins.length + 1} got 3`);
  wasm();
  const p = scratch(96);
  const h = heap();
  // zkp_poseidon_hash takes limbs: little-endian 32-byte words in wasm32 memory
  for (let i = 0; i < 2; i++) {
    let x = reduce(ins[i]);
    for (let j = 0; j < 32; j++, x >>= 8n) h[p + 32 * i + j] = Number(x & 0xffn);
  }
  check(wasmExports.zkp_poseidon_hash(p, 2, p + 64), 'poseidon2');
  let r = 0n;
  const o = heap();
  for (let j = 31; j >= 0; j--) r = (r << 8n) | BigInt(o[p + 64 + j]);
  return r;
}
poseidon2[MARK] = true;

const freeTree = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((ptr) => { wasmExports.zkp_lean_imt_free(ptr); wasmExports.free(ptr); }) : null;

function requireNumber(v, name) {
  if (typeof v !== 'number') throw new TypeError(`Parameter '${name}' is not a number, received type '${typeof v}'`);
}
function requireDefined(v, name) {
  if (v === undefined) throw new TypeError(`Parameter '${name}' is not defined`);
}

function requireArray(v, name) {
  if (!Array.isArray(v)) throw new TypeError(`Parameter '${name}' is not an Array instance`);
}
function requireFunction(v, name) {
  if (typeof v !== 'function') throw new TypeError(`Parameter '${name}' is not a function, received type '${typeof v}'`);
}
const bigintsAsStrings = (_, v) => (typeof v === 'bigint' ? v.toString() : v);

// The C tree's level l as bigints (zkpi_lean_imt_level_be).
function wasmLevel(ptr, l, count) {
  const x = wasmExports;
  const p = scratch(32 * count);
  if (x.zkpi_lean_imt_level_be(ptr, l, p, count) !== count) throw new Error(`zkprim/lean-imt: cannot read level ${l}`);
  const h = heap();
  const out = new Array(count);
  for (let i = 0; i < count; i++) out[i] = readBe(h, p + 32 * i);
  return out;
}

export class LeanIMT {
  constructor(hash, leaves = []) {
    requireDefined(hash, 'hash');
    requireFunction(hash, 'hash');
    requireArray(leaves, 'leaves');
    this._hash = hash;
    if (hash[MARK]) {
      const x = wasm();
      this._leaves = [];
      this.ptr = x.malloc(x.zkjs_sizeof(4));
      if (!this.ptr) throw new RangeError('zkprim: out of WebAssembly memory');
      x.zkp_lean_imt_init(this.ptr);
      if (freeTree) freeTree.register(this, this.ptr);
    } else {
      this.ptr = 0;
      this._nodes = [[]];
      this._leaves = this._nodes[0];
    }
    if (leaves.length > 0) this.insertMany(leaves);
  }
  get root() {
    if (this._leaves.length === 0) return undefined;
    if (!this.ptr) return this._nodes[this._nodes.length - 1][0];
    const p = scratch(32);
    check(wasmExports.zkp_lean_imt_tree_root(this.ptr, p), 'root');
    return readBe(heap(), p);
  }
  get depth() {
    return this.ptr ? wasmExports.zkp_lean_imt_depth(this.ptr) : this._nodes.length - 1;
  }
  get leaves() {
    return this._leaves.slice();
  }
  get size() {
    return this._leaves.length;
  }
  indexOf(leaf) {
    requireDefined(leaf, 'leaf');
    return this._leaves.indexOf(leaf);
  }
  has(leaf) {
    requireDefined(leaf, 'leaf');
    return this._leaves.includes(leaf);
  }
  insert(leaf) {
    requireDefined(leaf, 'leaf');
    if (!this.ptr) {
      this._leaves.push(leaf);
      this._hashFrom(this._leaves.length - 1);
      return;
    }
    const p = scratch(32);
    writeBe(heap(), p, reduce(leaf));
    check(wasmExports.zkp_lean_imt_insert(this.ptr, p), 'insert');
    this._leaves.push(leaf);
  }
  insertMany(leaves) {
    requireDefined(leaves, 'leaves');
    requireArray(leaves, 'leaves');
    if (leaves.length === 0) throw new Error('There are no leaves to add');
    if (!this.ptr) {
      const first = this._leaves.length;
      for (const l of leaves) this._leaves.push(l);
      this._hashFrom(first);
      return;
    }
    const vals = leaves.map(reduce);
    const p = scratch(32 * vals.length);
    const h = heap();
    vals.forEach((v, i) => writeBe(h, p + 32 * i, v));
    check(wasmExports.zkp_lean_imt_insert_batch(this.ptr, p, vals.length), 'insertMany');
    for (const l of leaves) this._leaves.push(l);
  }
  update(index, newLeaf) {
    requireDefined(index, 'index');
    requireDefined(newLeaf, 'newLeaf');
    requireNumber(index, 'index');
    if (!Number.isInteger(index) || index < 0 || index >= this._leaves.length) throw new RangeError(`The leaf at index '${index}' does not exist in this tree`);
    if (!this.ptr) {
      this._leaves[index] = newLeaf;
      this._rehash([index]);
      return;
    }
    const p = scratch(32);
    writeBe(heap(), p, reduce(newLeaf));
    check(wasmExports.zkp_lean_imt_update(this.ptr, BigInt(index), p), 'update');
    this._leaves[index] = newLeaf;
  }
  updateMany(indices, leaves) {
    requireDefined(leaves, 'leaves');
    requireDefined(indices, 'indices');
    requireArray(leaves, 'leaves');
    requireArray(indices, 'indices');
    if (leaves.length !== indices.length) throw new Error('There is no correspondence between indices and leaves');
    const seen = new Set();
    for (let i = 0; i < indices.length; i += 1) {
      requireNumber(indices[i], `index ${i}`);
      if (indices[i] < 0 || indices[i] >= this.size) throw new Error(`Index ${i} is out of range`);
      if (seen.has(indices[i])) throw new Error(`Leaf ${indices[i]} is repeated`);
      seen.add(indices[i]);
    }
    if (!this.ptr) {
      indices.forEach((at, i) => { this._leaves[at] = leaves[i]; });
      this._rehash(indices);
      return;
    }
    for (let i = 0; i < indices.length; i += 1) this.update(indices[i], leaves[i]);
  }
  /** The issue's `remove`: @zk-kit/lean-imt 2.2.5 has none; as Semaphore's
   * removeMember and the Solidity LeanIMT's remove, the leaf becomes 0n
   * (the tree keeps its size and the other leaves their indices). */
  remove(index) {
    this.update(index, 0n);
  }
  generateProof(index) {
    requireDefined(index, 'index');
    requireNumber(index, 'index');
    if (index < 0 || index >= this.size || !Number.isInteger(index)) throw new Error(`The leaf at index '${index}' does not exist in this tree`);
    if (!this.ptr) return this._proof(index);
    const x = wasmExports;
    const p = scratch(x.zkjs_sizeof(5));
    check(x.zkp_lean_imt_tree_proof(this.ptr, BigInt(index), p), 'generateProof');
    const h = heap();
    const dv = new DataView(h.buffer);
    const n = dv.getUint32(p + x.zkjs_sizeof(7), true);
    const sib = p + x.zkjs_sizeof(8);
    const siblings = [];
    for (let i = 0; i < n; i++) siblings.push(readBe(h, sib + 32 * i));
    return { root: readBe(h, p), leaf: this._leaves[index], index: Number(dv.getBigUint64(p + x.zkjs_sizeof(6), true)), siblings };
  }
  verifyProof(proof) {
    return LeanIMT.verifyProof(proof, this._hash);
  }
  static verifyProof(proof, hash) {
    requireDefined(proof, 'proof');
    requireDefined(proof.root, 'proof.root');
    requireDefined(proof.leaf, 'proof.leaf');
    requireDefined(proof.siblings, 'proof.siblings');
    requireDefined(proof.index, 'proof.index');
    requireArray(proof.siblings, 'proof.siblings');
    requireNumber(proof.index, 'proof.index');
    if (hash !== undefined && !hash[MARK]) {
      // The package's walk: bit i of the index says the node is a right child.
      requireFunction(hash, 'hash');
      let node = proof.leaf;
      proof.siblings.forEach((s, i) => { node = (proof.index >> i) & 1 ? hash(s, node) : hash(node, s); });
      return node === proof.root;
    }
    const x = wasm();
    const n = proof.siblings.length;
    if (n > 64 || proof.index < 0 || proof.index >= 2 ** n && n < 53) return false;
    const p = scratch(x.zkjs_sizeof(5));
    const h = heap();
    h.fill(0, p, p + x.zkjs_sizeof(5));
    writeBe(h, p, reduce(proof.root));
    writeBe(h, p + 32, reduce(proof.leaf));
    const dv = new DataView(h.buffer);
    dv.setBigUint64(p + x.zkjs_sizeof(6), BigInt(proof.index), true);
    dv.setUint32(p + x.zkjs_sizeof(7), n, true);
    proof.siblings.forEach((s, i) => writeBe(h, p + x.zkjs_sizeof(8) + 32 * i, reduce(s)));
    const s = x.zkp_lean_imt_tree_verify(p);
    if (s === 10) return false;
    check(s, 'verifyProof');
    return true;
  }
  /** The package's export: JSON of every level, bigints as decimal strings. */
  export() {
    if (!this.ptr) return JSON.stringify(this._nodes, bigintsAsStrings);
    const levels = [this._leaves];
    for (let l = 1, n = this._leaves.length; l <= this.depth; l++) levels.push(wasmLevel(this.ptr, l, Math.ceil(n / 2 ** l)));
    return JSON.stringify(levels, bigintsAsStrings);
  }
  /** The package's import of an export(): with zkprim's poseidon2 the tree
   * is rebuilt from the leaves and every level checked against the export. */
  static import(hash, nodes, map) {
    requireDefined(hash, 'hash');
    requireDefined(nodes, 'nodes');
    requireFunction(hash, 'hash');
    if (typeof nodes !== 'string') throw new TypeError(`Parameter 'nodes' is not a string, received type '${typeof nodes}'`);
    if (map !== undefined) requireFunction(map, 'map');
    const levels = JSON.parse(nodes, (_, v) => (typeof v === 'string' ? (map ? map(v) : BigInt(v)) : v));
    if (!Array.isArray(levels) || levels.length === 0 || !levels.every(Array.isArray))
      throw new TypeError('zkprim/lean-imt: the nodes are not an array of levels');
    if (!hash[MARK]) {
      const tree = new LeanIMT(hash);
      tree._nodes = levels;
      tree._leaves = levels[0];
      return tree;
    }
    const tree = new LeanIMT(hash, levels[0]);
    const ok = levels.length === tree.depth + 1 && levels.every((level, l) => l === 0 ||
      (level.length === Math.ceil(tree.size / 2 ** l) &&
        wasmLevel(tree.ptr, l, level.length).every((v, i) => v === reduce(level[i]))));
    if (!ok) throw new Error('zkprim/lean-imt: the imported nodes are not the tree of their leaves');
    return tree;
  }
  // The JS tree (a caller's hash): node j of level l + 1 from level l.
  _parent(level, j) {
    return 2 * j + 1 < level.length ? this._hash(level[2 * j], level[2 * j + 1]) : level[2 * j];
  }
  // After leaves were appended from index `first` on: every node above them,
  // adding levels until one holds a single node (the root).
  _hashFrom(first) {
    const n = this._nodes;
    for (let l = 0, lo = first >> 1; n[l].length > 1; l++, lo >>= 1) {
      if (n.length === l + 1) n.push([]);
      const hi = (n[l].length + 1) >> 1;
      for (let j = lo; j < hi; j++) n[l + 1][j] = this._parent(n[l], j);
    }
  }
  // After leaves changed in place: the nodes on their paths, each once.
  _rehash(indices) {
    const n = this._nodes;
    let changed = new Set(indices.map((i) => i >> 1));
    for (let l = 0; l + 1 < n.length; l++) {
      const up = new Set();
      for (const j of changed) {
        n[l + 1][j] = this._parent(n[l], j);
        up.add(j >> 1);
      }
      changed = up;
    }
  }
  // The package's proof: the siblings that exist, bit k of index set when
  // the k-th of them is a left sibling (the path node is a right child).
  _proof(index) {
    const siblings = [];
    let bits = 0;
    for (let l = 0, i = index; l + 1 < this._nodes.length; l++, i = Math.floor(i / 2)) {
      const sib = i ^ 1;
      if (sib >= this._nodes[l].length) continue;
      if (i & 1) bits += 2 ** siblings.length;
      siblings.push(this._nodes[l][sib]);
    }
    return { root: this.root, leaf: this._leaves[index], index: bits, siblings };
  }
}
