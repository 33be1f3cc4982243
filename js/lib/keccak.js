// zkprim/keccak: Keccak-256, SHA3-224/256/384/512 and SHAKE128/256 in
// @noble/hashes' shape (1.x: `(Uint8Array | string) -> Uint8Array`,
// `.create().update().digest()`, `{ dkLen }` for the XOFs), on the C
// sponge of include/zkprim/keccak.h; plus hashMany, a batch of inputs in
// one call into WebAssembly (zkp_keccak_hash_batch_ptrs).

const STATE_BYTES = 208; // sizeof(zkp_keccak_state)

function nonNegInt(n, what) {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${what}: positive integer expected, got ${n}`);
  return n;
}

// One sponge as a @noble/hashes Hash. The C state lives in JS between
// calls (copied in and out around each one), so an abandoned hasher holds
// no WebAssembly memory.
class KeccakHash {
  constructor(alg, blockLen, outputLen, xof) {
    this.alg = alg;
    this.blockLen = blockLen;
    this.outputLen = outputLen;
    this.enableXOF = xof;
    this.finished = false;
    this.destroyed = false;
    this.state = new Uint8Array(STATE_BYTES);
    const p = scratch(STATE_BYTES);
    check(wasmExports.zkp_keccak_init(p, alg), 'keccak init');
    this.state.set(heap().subarray(p, p + STATE_BYTES));
  }
  checkUsable() {
    if (this.destroyed) throw new Error('Hash instance has been destroyed');
    if (this.finished) throw new Error('Hash#digest() has already been called');
  }
  // Runs fn(statePtr, dataPtr) with the state and n bytes of room after it.
  withState(n, fn) {
    const p = scratch(STATE_BYTES + n);
    heap().set(this.state, p);
    const r = fn(p, p + STATE_BYTES);
    this.state.set(heap().subarray(p, p + STATE_BYTES));
    return r;
  }
  update(data) {
    this.checkUsable();
    if (this.squeezing) throw new Error('Hash#digest() has already been called');
    const b = toBytes(data);
    this.withState(b.length, (s, d) => {
      heap().set(b, d);
      check(wasmExports.zkp_keccak_update(s, d, b.length), 'keccak update');
    });
    return this;
  }
  digestInto(out) {
    this.checkUsable();
    if (!(out instanceof Uint8Array)) throw new TypeError('digestInto: expected Uint8Array');
    if (out.length < this.outputLen) throw new Error(`digestInto() expects output buffer of length at least ${this.outputLen}`);
    this.finished = true;
    const n = this.outputLen;
    if (n === 0) return out;
    this.withState(n, (s, d) => {
      check(wasmExports.zkp_keccak_final(s, d, n), 'keccak digest');
      out.set(heap().subarray(d, d + n));
    });
    return out;
  }
  digest() {
    const out = this.digestInto(new Uint8Array(this.outputLen));
    return out.length === this.outputLen ? out : out.slice(0, this.outputLen);
  }
  xofInto(out) {
    if (!this.enableXOF) throw new Error('XOF is not possible for this instance');
    this.checkUsable();
    if (!(out instanceof Uint8Array)) throw new TypeError('xofInto: expected Uint8Array');
    this.squeezing = true;
    if (out.length === 0) return out;
    this.withState(out.length, (s, d) => {
      check(wasmExports.zkp_keccak_squeeze(s, d, out.length), 'keccak xof');
      out.set(heap().subarray(d, d + out.length));
    });
    return out;
  }
  xof(bytes) {
    return this.xofInto(new Uint8Array(nonNegInt(bytes, 'xof')));
  }
  clone(to) {
    const c = to || Object.create(KeccakHash.prototype);
    Object.assign(c, this, { state: this.state.slice() });
    return c;
  }
  _cloneInto(to) {
    return this.clone(to);
  }
  destroy() {
    this.destroyed = true;
    this.state.fill(0);
  }
}

// Short messages (the hot path of verifiers and trees: 32 and 64 bytes)
// go through a block of their own, allocated once: the input at `short`,
// the digest at `short + SHORT_MAX`, both at fixed offsets, and a view of
// memory kept between calls (a grown memory detaches it: its length drops
// to 0, and it is taken again). Keccak-256 and SHA3-256 call the C's
// 256-bit entry points (their 64-byte input is one fixed-shape permutation).
const SHORT_MAX = 1024;
let short = 0;
let view = new Uint8Array(0);
function shortBlock() {
  if (!short) {
    short = wasmExports.malloc(SHORT_MAX + 64);
    if (!short) throw new RangeError('zkprim: cannot allocate WebAssembly memory');
  }
  if (view.length === 0) view = heap();
  return short;
}

function oneShot(alg, b, outLen) {
  if (outLen === 0) return new Uint8Array(0);
  const n = b.length;
  if (n <= SHORT_MAX && outLen <= 64) {
    const p = shortBlock();
    const v = view;
    v.set(b, p);
    const o = p + SHORT_MAX;
    const s = alg === 1 ? wasmExports.zkp_keccak256(p, n, o) : alg === 3 ? wasmExports.zkp_sha3_256(p, n, o)
      : wasmExports.zkp_keccak_hash(alg, p, n, o, outLen);
    if (s !== 0) check(s, 'keccak');
    return v.slice(o, o + outLen);
  }
  const p = scratch(n + outLen);
  const h = heap();
  h.set(b, p);
  const s = wasmExports.zkp_keccak_hash(alg, p, n, p + n, outLen);
  if (s !== 0) check(s, 'keccak');
  return h.slice(p + n, p + n + outLen);
}

function fixed(alg, blockLen, outputLen) {
  const h = (msg) => {
    if (!wasmExports) wasm();
    return oneShot(alg, msg instanceof Uint8Array ? msg : toBytes(msg), outputLen);
  };
  h.outputLen = outputLen;
  h.blockLen = blockLen;
  h.create = () => {
    wasm();
    return new KeccakHash(alg, blockLen, outputLen, false);
  };
  h.many = (msgs) => hashManyAlg(alg, msgs, outputLen);
  return h;
}

function xofFn(alg, blockLen, defaultLen) {
  const len = (opts) => (opts && opts.dkLen !== undefined ? nonNegInt(opts.dkLen, 'dkLen') : defaultLen);
  const h = (msg, opts) => {
    wasm();
    return oneShot(alg, toBytes(msg), len(opts));
  };
  h.outputLen = defaultLen;
  h.blockLen = blockLen;
  h.create = (opts) => {
    wasm();
    return new KeccakHash(alg, blockLen, len(opts), true);
  };
  h.many = (msgs, opts) => hashManyAlg(alg, msgs, len(opts));
  return h;
}

// n digests in one call: input i at ptrs[i] (4-byte wasm32 pointers), its
// length at lens[i], digest i at out + i * outLen.
function hashManyAlg(alg, msgs, outLen) {
  wasm();
  if (!Array.isArray(msgs)) throw new TypeError('many: expected an array of Uint8Array or string');
  const bs = msgs.map((m, i) => toBytes(m, `many: input ${i}`));
  const n = bs.length;
  if (n === 0) return [];
  if (outLen === 0) return bs.map(() => new Uint8Array(0));
  let total = 0;
  for (const b of bs) total += b.length;
  const head = 8 * n + n * outLen;
  const p = scratch(head + total);
  const h = heap();
  const words = new Uint32Array(h.buffer, p, 2 * n);
  let d = p + head;
  for (let i = 0; i < n; i++) {
    words[i] = d;
    words[n + i] = bs[i].length;
    h.set(bs[i], d);
    d += bs[i].length;
  }
  const out = p + 8 * n;
  check(wasmExports.zkp_keccak_hash_batch_ptrs(alg, p, p + 4 * n, n, out, outLen), 'keccak many');
  const res = new Array(n);
  for (let i = 0; i < n; i++) res[i] = heap().slice(out + i * outLen, out + (i + 1) * outLen);
  return res;
}

export const keccak_256 = fixed(1, 136, 32);
export const sha3_224 = fixed(2, 144, 28);
export const sha3_256 = fixed(3, 136, 32);
export const sha3_384 = fixed(4, 104, 48);
export const sha3_512 = fixed(5, 72, 64);
export const shake128 = xofFn(6, 168, 16);
export const shake256 = xofFn(7, 136, 32);

/** Batch form under one name: hashMany(keccak_256, inputs) = inputs.map(keccak_256),
 * in one call into WebAssembly. */
export function hashMany(fn, msgs, opts) {
  if (typeof fn !== 'function' || typeof fn.many !== 'function') throw new TypeError('hashMany: expected one of this module\'s hash functions');
  return fn.many(msgs, opts);
}

