// zkprim/poseidon: Poseidon over BN254 with circom's parameters, as
// poseidon-lite 0.3.0 (poseidon1 ... poseidon16) and circomlibjs 0.1.7
// (buildPoseidon) call it, on the C permutation of include/zkprim/poseidon.h.
// JS only converts: inputs to canonical 32-byte little-endian integers (the
// layout of zkp_poseidon_fr in wasm32 memory), results back to bigint or
// to circomlibjs' Montgomery-form field elements.

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const MASK64 = 0xffffffffffffffffn;
const ROUNDS_P = [56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68]; // width 2..17: count checks only

// x mod p in [0, p): the value both reference packages hash (neither
// rejects inputs >= p: poseidon-lite reduces in its first round,
// circomlibjs' F.e reduces, negatives to p - |x| mod p).
function reduce(x) {
  if (x >= 0n && x < P) return x;
  x %= P;
  return x < 0n ? x + P : x;
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

// The permutation of [capacity, ...inputs] (canonical bigints); returns the
// first nOuts lanes.
function permute(capacity, inputs, nOuts) {
  const t = inputs.length + 1;
  const p = scratch(32 * t);
  let h = heap();
  writeFr(h, p, capacity);
  for (let i = 0; i < inputs.length; i++) writeFr(h, p + 32 * (i + 1), inputs[i]);
  check(wasmExports.zkp_poseidon_permute(p, t), 'poseidon');
  h = heap();
  const out = new Array(nOuts);
  for (let i = 0; i < nOuts; i++) out[i] = readFr(h, p + 32 * i);
  return out;
}

function hash1(inputs) {
  const n = inputs.length;
  const p = scratch(32 * (n + 1));
  const h = heap();
  for (let i = 0; i < n; i++) writeFr(h, p + 32 * i, inputs[i]);
  check(wasmExports.zkp_poseidon_hash(p, n, p + 32 * n), 'poseidon');
  return readFr(heap(), p + 32 * n);
}

// ---- poseidon-lite --------------------------------------------------------

function lite(arity, rawInputs, nOuts = 1) {
  wasm();
  const inputs = rawInputs.map((i) => reduce(BigInt(i)));
  if (inputs.length <= 0) throw new Error('poseidon-lite: Not enough inputs');
  if (inputs.length > ROUNDS_P.length) throw new Error('poseidon-lite: Too many inputs');
  const t = inputs.length + 1;
  if (arity + 1 !== t) throw new Error(`poseidon-lite: Incorrect M length, expected ${t} got ${arity + 1}`);
  if (typeof nOuts !== 'number') throw new Error(`poseidon-lite: expected nOuts to be number got ${typeof nOuts}`);
  if (nOuts === 1) return hash1(inputs);
  if (nOuts <= t) return permute(0n, inputs, t).slice(0, nOuts);
  throw new Error(`poseidon-lite: Invalid number of outputs requested ${nOuts}, max ${t}`);
}

export const poseidon1 = (inputs, nOuts) => lite(1, inputs, nOuts);
export const poseidon2 = (inputs, nOuts) => lite(2, inputs, nOuts);
export const poseidon3 = (inputs, nOuts) => lite(3, inputs, nOuts);
export const poseidon4 = (inputs, nOuts) => lite(4, inputs, nOuts);
export const poseidon5 = (inputs, nOuts) => lite(5, inputs, nOuts);
export const poseidon6 = (inputs, nOuts) => lite(6, inputs, nOuts);
export const poseidon7 = (inputs, nOuts) => lite(7, inputs, nOuts);
export const poseidon8 = (inputs, nOuts) => lite(8, inputs, nOuts);
export const poseidon9 = (inputs, nOuts) => lite(9, inputs, nOuts);
export const poseidon10 = (inputs, nOuts) => lite(10, inputs, nOuts);
export const poseidon11 = (inputs, nOuts) => lite(11, inputs, nOuts);
export const poseidon12 = (inputs, nOuts) => lite(12, inputs, nOuts);
export const poseidon13 = (inputs, nOuts) => lite(13, inputs, nOuts);
export const poseidon14 = (inputs, nOuts) => lite(14, inputs, nOuts);
export const poseidon15 = (inputs, nOuts) => lite(15, inputs, nOuts);
export const poseidon16 = (inputs, nOuts) => lite(16, inputs, nOuts);

// ---- circomlibjs ------------------------------------------------------------

// circomlibjs' field elements are 32-byte little-endian Montgomery forms
// (x * 2^256 mod p); this F converts the same way, so results compare
// byte for byte with circomlibjs' and its toObject / toString / e agree.
const R = (1n << 256n) % P;
const RINV = (() => { // R^-1 mod p (extended Euclid; once, at load)
  let [a, b, x0, x1] = [R, P, 1n, 0n];
  while (b) {
    const q = a / b;
    [a, b] = [b, a - q * b];
    [x0, x1] = [x1, x0 - q * x1];
  }
  return ((x0 % P) + P) % P;
})();

function toMont(x) {
  const out = new Uint8Array(32);
  writeFr(out, 0, (reduce(x) * R) % P);
  return out;
}
function fromMont(el) {
  return (readFr(el, 0) * RINV) % P;
}

function scalar(a, radix) {
  if (typeof a === 'string' && radix === 16 && !a.startsWith('0x')) return BigInt('0x' + a);
  if (typeof a === 'string' && radix !== undefined && radix !== 10 && radix !== 16)
    return [...a].reduce((acc, ch) => acc * BigInt(radix) + BigInt(parseInt(ch, radix)), 0n);
  return BigInt(a);
}

class Field {
  constructor() {
    this.p = P;
    this.n8 = 32;
    this.zero = toMont(0n);
    this.one = toMont(1n);
  }
  e(a, radix) {
    return a instanceof Uint8Array ? a : toMont(scalar(a, radix));
  }
  toObject(a) {
    return fromMont(a);
  }
  toString(a, radix) {
    return fromMont(a).toString(radix);
  }
  eq(a, b) {
    return fromMont(a) === fromMont(b);
  }
  isZero(a) {
    return fromMont(a) === 0n;
  }
}

/** circomlibjs' buildPoseidon(): resolves to poseidon(inputs, initState?,
 * nOut?) returning circomlibjs field elements, with poseidon.F. */
export async function buildPoseidon() {
  await ready();
  const F = new Field();
  const poseidon = (arr, state, nOut) => {
    let inputs;
    if (Array.isArray(arr)) {
      inputs = arr.map((a) => fromMont(F.e(a)));
    } else {
      if (!(arr instanceof Uint8Array) || arr.byteLength % 32) throw new Error('Invalid iput buff size');
      inputs = [];
      for (let i = 0; i < arr.byteLength; i += 32) inputs.push(fromMont(arr.subarray(i, i + 32)));
    }
    const n = inputs.length;
    if (n < 1 || n > 16) throw new Error('Invalid poseidon size');
    const cap = state === undefined ? 0n : fromMont(F.e(state));
    nOut = nOut || 1;
    if (!Number.isInteger(nOut) || nOut < 1 || nOut > n + 1) throw new RangeError(`poseidon: nOut ${nOut} outside 1..${n + 1}`);
    const out = permute(cap, inputs, nOut).map(toMont);
    return nOut === 1 ? out[0] : out;
  };
  poseidon.F = F;
  return poseidon;
}
