// zkprim/hemera: Hemera (Poseidon2 over Goldilocks, the cyber-hemera
// crate's hash) on the C of include/zkprim/hemera.h: hash, keyed hash,
// deriveKey, XOF, a streaming hasher, the fixed 4 KiB-chunk tree root (and
// the CDC root), chunk proofs and their check. Inputs are Uint8Array or
// string (UTF-8); digests are 32-byte Uint8Arrays.

const DIGEST = 32;

function withInput(b, extra, fn) {
  const p = scratch(b.length + extra);
  heap().set(b, p);
  return fn(p, p + b.length);
}

// f(input pointer, its length, output pointer) -> status, over data's bytes.
function digestOf(data, f, what) {
  wasm();
  const b = toBytes(data);
  return withInput(b, DIGEST, (p, o) => {
    check(f(p, b.length, o), what);
    return out32(o);
  });
}

function out32(at) {
  return heap().slice(at, at + DIGEST);
}

function key32(key, what) {
  const k = toBytes(key, what);
  if (k.length !== 32) throw new RangeError(`${what}: expected 32 bytes, got ${k.length}`);
  return k;
}

/** The Hemera digest of data (the crate's hash). */
export function hash(data) {
  return digestOf(data, (p, n, o) => wasmExports.zkp_hemera_hash(p, n, o), 'hemera hash');
}

/** Keyed hash with a 32-byte key. */
export function keyedHash(key, data) {
  wasm();
  const k = key32(key, 'keyedHash key');
  const b = toBytes(data);
  return withInput(b, 64, (p, o) => {
    heap().set(k, o + 32);
    check(wasmExports.zkp_hemera_keyed_hash(o + 32, p, b.length, o), 'hemera keyedHash');
    return out32(o);
  });
}

/** deriveKey(context, material): 32 bytes. */
export function deriveKey(context, material) {
  wasm();
  const c = toBytes(context, 'deriveKey context');
  const m = toBytes(material, 'deriveKey material');
  const p = scratch(c.length + m.length + DIGEST);
  heap().set(c, p);
  heap().set(m, p + c.length);
  const o = p + c.length + m.length;
  check(wasmExports.zkp_hemera_derive_key(p, c.length, p + c.length, m.length, o), 'hemera deriveKey');
  return out32(o);
}

function outLen(n) {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`length: expected a non-negative integer, got ${n}`);
  return n;
}

// Streaming state kept in JS between calls (copied in and out), like
// zkprim/keccak's: an abandoned hasher holds no WebAssembly memory.
class XofReader {
  constructor(state) {
    this.state = state;
  }
  /** The next n bytes of the output stream. */
  read(n) {
    const len = outLen(n);
    const out = new Uint8Array(len);
    if (!len) return out;
    const sz = this.state.length;
    const p = scratch(sz + len);
    heap().set(this.state, p);
    check(wasmExports.zkp_hemera_xof_fill(p, p + sz, len), 'hemera xof');
    const h = heap();
    this.state.set(h.subarray(p, p + sz));
    out.set(h.subarray(p + sz, p + sz + len));
    return out;
  }
}

class Hasher {
  constructor(key) {
    const x = wasm();
    this.size = x.zkjs_sizeof(2);
    const k = key === undefined ? null : key32(key, 'createHasher key');
    const p = scratch(this.size + 32);
    if (k) {
      heap().set(k, p + this.size);
      x.zkp_hemera_hasher_init_keyed(p, p + this.size);
    } else {
      x.zkp_hemera_hasher_init(p);
    }
    this.state = heap().slice(p, p + this.size);
  }
  update(data) {
    const b = toBytes(data);
    const p = scratch(this.size + b.length);
    const h = heap();
    h.set(this.state, p);
    h.set(b, p + this.size);
    check(wasmExports.zkp_hemera_hasher_update(p, p + this.size, b.length), 'hemera update');
    this.state.set(heap().subarray(p, p + this.size));
    return this;
  }
  /** The digest so far (the hasher stays usable, as in the crate). */
  digest() {
    const p = scratch(this.size + DIGEST);
    heap().set(this.state, p);
    check(wasmExports.zkp_hemera_hasher_finalize(p, p + this.size), 'hemera digest');
    return out32(p + this.size);
  }
  /** An XOF reader of the output stream (digest() is its first 32 bytes). */
  finalizeXof() {
    const xs = wasmExports.zkjs_sizeof(3);
    const p = scratch(this.size + xs);
    heap().set(this.state, p);
    check(wasmExports.zkp_hemera_hasher_finalize_xof(p, p + this.size), 'hemera xof');
    return new XofReader(heap().slice(p + this.size, p + this.size + xs));
  }
}

/** A streaming hasher; with a 32-byte key, the keyed hash. */
export function createHasher(key) {
  return new Hasher(key);
}

/** n bytes of the XOF stream of data. */
export function xof(data, n) {
  return createHasher().update(data).finalizeXof().read(n);
}

/** Root of the fixed 4 KiB-chunk tree (the crate's root_hash; the tree proofs use it). */
export function root(data) {
  return digestOf(data, (p, n, o) => wasmExports.zkp_hemera_tree_root_fixed(p, n, 1, o), 'hemera root');
}

/** Root of the content-defined-chunking tree (the newest crate's root_hash). */
export function rootCdc(data) {
  return digestOf(data, (p, n, o) => wasmExports.zkp_hemera_tree_root_cdc(p, n, o), 'hemera rootCdc');
}

function index64(i, what) {
  if (typeof i === 'number' && Number.isSafeInteger(i) && i >= 0) return BigInt(i);
  if (typeof i === 'bigint' && i >= 0n && i < 1n << 64n) return i;
  throw new RangeError(`${what}: expected a non-negative integer, got ${i}`);
}

/** Number of 4 KiB chunks (leaves) of totalLen bytes (at least 1). */
export function chunkCount(totalLen) {
  return Number(wasm().zkp_hemera_tree_chunk_count(index64(totalLen, 'chunkCount')));
}

/** The inclusion proof of chunk `index` of data (siblings, 32 bytes each). */
export function proof(data, index) {
  wasm();
  const b = toBytes(data);
  const i = index64(index, 'proof index');
  if (i >= BigInt(chunkCount(b.length))) throw new RangeError(`proof: chunk index ${i} out of range`);
  const cap = 64 * DIGEST;
  return withInput(b, cap + 8, (p, o) => {
    check(wasmExports.zkp_hemera_tree_proof(p, b.length, i, o + 8, cap, o), 'hemera proof');
    const n = new DataView(heap().buffer).getUint32(o, true);
    return heap().slice(o + 8, o + 8 + n);
  });
}

/** true when chunk is chunk `index` of the totalLen bytes whose fixed root
 * is `rootDigest`, by `proofBytes`; false for a wrong chunk, index,
 * sibling or root. A proof of the wrong size: Error; index out of range:
 * RangeError. */
export function verify(rootDigest, chunk, index, totalLen, proofBytes) {
  wasm();
  const r = key32(rootDigest, 'verify root');
  const c = toBytes(chunk, 'verify chunk');
  const pr = toBytes(proofBytes, 'verify proof');
  const i = index64(index, 'verify index');
  const t = index64(totalLen, 'verify totalLen');
  const p = scratch(32 + c.length + pr.length);
  const h = heap();
  h.set(r, p);
  h.set(c, p + 32);
  h.set(pr, p + 32 + c.length);
  const s = wasmExports.zkp_hemera_tree_verify(p, p + 32, c.length, i, t, p + 32 + c.length, pr.length);
  if (s === 10) return false;
  if (s === 11) throw new Error('verify: proof has the wrong size for this index and length');
  check(s, 'hemera verify');
  return true;
}
