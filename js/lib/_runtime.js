// The runtime every entry point carries (inlined by js/tools/bundle.mjs):
// instantiates its wasm module on first use, synchronously, or ahead of
// time with `await ready()`; copies bytes in and out of wasm memory; turns
// a zkp_status into the exception the reference package throws.

let wasmExports = null;
let heapView = new Uint8Array(0);
let scratchPtr = 0;
let scratchCap = 0;

function wasmBytes() {
  const s = atob(WASM_BASE64);
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

function instantiated(instance) {
  if (!wasmExports) wasmExports = instance.exports;
  return wasmExports;
}

function wasm() {
  return wasmExports || instantiated(new WebAssembly.Instance(new WebAssembly.Module(wasmBytes()), {}));
}

/** Compiles and instantiates the module off the main thread (browsers
 * compile modules above 8 MB only this way); every call also works without
 * it, compiling synchronously on first use. */
export async function ready() {
  if (!wasmExports) instantiated((await WebAssembly.instantiate(wasmBytes(), {})).instance);
}

/** The module's linear memory size in bytes (tests check it stays bounded). */
export function memoryBytes() {
  return wasm().memory.buffer.byteLength;
}

function heap() {
  const buf = wasmExports.memory.buffer;
  if (heapView.buffer !== buf) heapView = new Uint8Array(buf);
  return heapView;
}

// One scratch block reused by every call (grown on demand, never freed):
// calls are synchronous and do not nest, so one suffices, and memory stays
// bounded by the largest call.
function scratch(n) {
  const x = wasm();
  if (n > scratchCap) {
    if (scratchPtr) x.free(scratchPtr);
    scratchCap = Math.max(n, 2 * scratchCap, 4096);
    scratchPtr = x.malloc(scratchCap);
    if (!scratchPtr) {
      scratchCap = 0;
      throw new RangeError(`zkprim: cannot allocate ${n} bytes of WebAssembly memory`);
    }
  }
  return scratchPtr;
}

const utf8 = new TextEncoder();

// @noble/hashes' Input: a Uint8Array, or a string taken as UTF-8.
function toBytes(data, what = 'data') {
  if (typeof data === 'string') return utf8.encode(data);
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data) && data.constructor && data.constructor.name === 'Uint8Array') return data;
  throw new TypeError(`${what}: expected Uint8Array or string, got ${data === null ? 'null' : typeof data}`);
}

const STATUS = ['ZKP_OK', 'ZKP_ERR_NULL', 'ZKP_ERR_LENGTH', 'ZKP_ERR_RANGE', 'ZKP_ERR_COUNT', 'ZKP_ERR_STATE',
  'ZKP_ERR_PARAM', 'ZKP_ERR_EMPTY_INPUT', 'ZKP_ERR_CPU', 'ZKP_ERR_NOMEM', 'ZKP_ERR_VERIFY',
  'ZKP_ERR_PROOF_SHAPE', 'ZKP_ERR_IO'];

// A status the JS side did not rule out before the call: RangeError for
// sizes and values, Error otherwise; the message names the C status.
function check(status, what) {
  if (status === 0) return;
  const name = STATUS[status] || `status ${status}`;
  if (status === 2 || status === 3 || status === 4 || status === 9) throw new RangeError(`${what}: ${name}`);
  throw new Error(`${what}: ${name}`);
}

const hexChars = '0123456789abcdef';
export function bytesToHex(b) {
  let s = '';
  for (let i = 0; i < b.length; i++) s += hexChars[b[i] >> 4] + hexChars[b[i] & 15];
  return s;
}
