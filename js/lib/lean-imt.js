// zkprim/lean-imt: @zk-kit/lean-imt 2.2.5's LeanIMT (Semaphore's group
// tree) on the C tree of include/zkprim/lean_imt.h, whose node hash is
// Poseidon(left, right): the whole tree lives in WebAssembly. JS keeps the
// leaves as given (the package's `leaves`, indexOf, has) and converts
// bigints to the C's 32-byte big-endian elements and back.
//
// The tree runs in WebAssembly only with the Poseidon node hash, so the
// constructor takes this module's poseidon2 (or anything marked as it);
// for another hash function use @zk-kit/lean-imt itself: zkprim does not
// keep a second, JavaScript copy of the tree.

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

export class LeanIMT {
  constructor(hash, leaves = []) {
    requireDefined(hash, 'hash');
    if (typeof hash !== 'function') throw new TypeError(`Parameter 'hash' is not a function, received type '${typeof hash}'`);
    if (!Array.isArray(leaves)) throw new TypeError(`Parameter 'leaves' is not an Array instance`);
    if (!hash[MARK]) throw new TypeError('zkprim/lean-imt runs the tree in WebAssembly with its own poseidon2 only: pass poseidon2 from zkprim/lean-imt (or use @zk-kit/lean-imt for another hash)');
    const x = wasm();
    this._hash = hash;
    this._leaves = [];
    this.ptr = x.malloc(x.zkjs_sizeof(4));
    if (!this.ptr) throw new RangeError('zkprim: out of WebAssembly memory');
    x.zkp_lean_imt_init(this.ptr);
    if (freeTree) freeTree.register(this, this.ptr);
    if (leaves.length > 0) this.insertMany(leaves);
  }
  get root() {
    if (this._leaves.length === 0) return undefined;
    const p = scratch(32);
    check(wasmExports.zkp_lean_imt_tree_root(this.ptr, p), 'root');
    return readBe(heap(), p);
  }
  get depth() {
    return wasmExports.zkp_lean_imt_depth(this.ptr);
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
    const p = scratch(32);
    writeBe(heap(), p, reduce(leaf));
    check(wasmExports.zkp_lean_imt_insert(this.ptr, p), 'insert');
    this._leaves.push(leaf);
  }
  insertMany(leaves) {
    requireDefined(leaves, 'leaves');
    if (!Array.isArray(leaves)) throw new TypeError(`Parameter 'leaves' is not an Array instance`);
    if (leaves.length === 0) throw new Error('There are no leaves to add');
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
    const p = scratch(32);
    writeBe(heap(), p, reduce(newLeaf));
    check(wasmExports.zkp_lean_imt_update(this.ptr, BigInt(index), p), 'update');
    this._leaves[index] = newLeaf;
  }
  updateMany(indices, leaves) {
    requireDefined(leaves, 'leaves');
    requireDefined(indices, 'indices');
    if (!Array.isArray(leaves)) throw new TypeError(`Parameter 'leaves' is not an Array instance`);
    if (!Array.isArray(indices)) throw new TypeError(`Parameter 'indices' is not an Array instance`);
    if (leaves.length !== indices.length) throw new Error('There is no correspondence between indices and leaves');
    const seen = new Set();
    for (let i = 0; i < indices.length; i += 1) {
      requireNumber(indices[i], `index ${i}`);
      if (indices[i] < 0 || indices[i] >= this.size) throw new Error(`Index ${i} is out of range`);
      if (seen.has(indices[i])) throw new Error(`Leaf ${indices[i]} is repeated`);
      seen.add(indices[i]);
    }
    for (let i = 0; i < indices.length; i += 1) this.update(indices[i], leaves[i]);
  }
  generateProof(index) {
    requireDefined(index, 'index');
    requireNumber(index, 'index');
    if (index < 0 || index >= this.size || !Number.isInteger(index)) throw new Error(`The leaf at index '${index}' does not exist in this tree`);
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
    if (!Array.isArray(proof.siblings)) throw new TypeError(`Parameter 'proof.siblings' is not an Array instance`);
    requireNumber(proof.index, 'proof.index');
    if (hash !== undefined && !hash[MARK]) throw new TypeError('zkprim/lean-imt verifies with its own poseidon2 only');
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
  static import(hash, nodes, map) {
    requireDefined(hash, 'hash');
    requireDefined(nodes, 'nodes');
    if (typeof nodes !== 'string') throw new TypeError(`Parameter 'nodes' is not a string, received type '${typeof nodes}'`);
    const levels = JSON.parse(nodes, (_, v) => (typeof v === 'string' ? (map ? map(v) : BigInt(v)) : v));
    const tree = new LeanIMT(hash, levels[0] || []);
    const top = levels[levels.length - 1];
    if (levels[0] && levels[0].length && top && top.length && reduce(top[0]) !== tree.root)
      throw new Error('zkprim/lean-imt: the imported nodes do not hash to their root');
    return tree;
  }
}
