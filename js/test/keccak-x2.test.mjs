// The SIMD128 Keccak-f[1600] x2 kernel (src/keccak/f1600x2_wasm_simd.c):
// lane by lane against the portable kernel in the test-only module
// js/build/check-keccak_x2.wasm (js/build.sh), then through the shipped
// modules: zkprim/keccak (SIMD128) and zkprim/keccak/nosimd against
// @noble/hashes on batches of every length across block boundaries, odd and
// even counts, mixed lengths and multi-block squeezes; zkprim/merkle-tree
// and its nosimd twin against @openzeppelin/merkle-tree; and the load-time
// pick (docs/js.md, "SIMD128").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as noble from '@noble/hashes/sha3';
import { StandardMerkleTree as OZStandard } from '@openzeppelin/merkle-tree';
import * as zs from '../dist/keccak.mjs';
import * as zn from '../dist/keccak-nosimd.mjs';
import * as ms from '../dist/merkle-tree.mjs';
import * as mn from '../dist/merkle-tree-nosimd.mjs';
import { rng, hex } from './_util.mjs';

const here = new URL('.', import.meta.url);
const check = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(new URL('../build/check-keccak_x2.wasm', here))), {}).exports;
const H = () => new Uint8Array(check.memory.buffer);
const base = check.malloc(8192);

// One state of the x2 layout (lane l of instance i at word 2l + i) through
// the portable kernel.
function portable2(s) {
  const out = new Uint8Array(400);
  for (let i = 0; i < 2; i++) {
    const one = new Uint8Array(200);
    for (let l = 0; l < 25; l++) one.set(s.subarray(16 * l + 8 * i, 16 * l + 8 * i + 8), 8 * l);
    H().set(one, base + 4096);
    check.zkjs_portable_permute(base + 4096);
    const o = H().slice(base + 4096, base + 4296);
    for (let l = 0; l < 25; l++) out.set(o.subarray(8 * l, 8 * l + 8), 16 * l + 8 * i);
  }
  return out;
}

test('the kernel is the SIMD module\'s multi-lane pick', () => {
  const p = check.zkjs_multi_name();
  const name = [];
  for (let i = p; H()[i]; i++) name.push(H()[i]);
  assert.equal(Buffer.from(name).toString(), 'wasm-simd128-x2');
});

test('x2 permutation = two portable permutations (random, zero, all-ones, one bit)', () => {
  const r = rng(11n);
  const states = [new Uint8Array(400), new Uint8Array(400).fill(255)];
  for (let b = 0; b < 3200; b += 397) {
    const s = new Uint8Array(400);
    s[b >> 3] = 1 << (b & 7);
    states.push(s);
  }
  for (let i = 0; i < 200; i++) states.push(r.bytes(400));
  for (const s of states) {
    // at an 8-byte-aligned and a misaligned address
    for (const off of [0, 3]) {
      H().set(s, base + off);
      check.zkjs_x2_permute(base + off);
      assert.equal(hex(H().slice(base + off, base + off + 400)), hex(portable2(s)));
    }
  }
});

test('x2 lane movers and hash64 at misaligned addresses, every lane count', () => {
  const r = rng(12n);
  for (let n = 0; n <= 25; n++)
    for (const [oa, ob] of [[0, 0], [1, 7], [5, 2]]) {
      const st = r.bytes(400), a = r.bytes(200), b = r.bytes(200);
      const pa = base + 512 + oa, pb = base + 1024 + ob;
      H().set(st, base);
      H().set(a, pa);
      H().set(b, pb);
      check.zkjs_x2_xor_lanes(base, pa, pb, n);
      const want = st.slice();
      for (let l = 0; l < n; l++)
        for (let k = 0; k < 8; k++) want[16 * l + k] ^= a[8 * l + k], want[16 * l + 8 + k] ^= b[8 * l + k];
      assert.equal(hex(H().slice(base, base + 400)), hex(want), `xor_lanes ${n} at +${oa}/+${ob}`);
      H().fill(0xee, pa - 1, pa + 210);
      H().fill(0xee, pb - 1, pb + 210);
      check.zkjs_x2_extract_lanes(base, pa, pb, n);
      for (let l = 0; l < n; l++) {
        assert.equal(hex(H().slice(pa + 8 * l, pa + 8 * l + 8)), hex(want.subarray(16 * l, 16 * l + 8)));
        assert.equal(hex(H().slice(pb + 8 * l, pb + 8 * l + 8)), hex(want.subarray(16 * l + 8, 16 * l + 16)));
      }
      // nothing written around the lanes
      assert.equal(H()[pa - 1], 0xee);
      assert.equal(H()[pa + 8 * n], 0xee);
      assert.equal(H()[pb + 8 * n], 0xee);
    }
  for (const [suffix, fn] of [[1n, noble.keccak_256], [6n, noble.sha3_256]])
    for (let i = 0; i < 40; i++) {
      const a = r.bytes(64), b = r.bytes(64), pa = base + 512 + (i % 9), pb = base + 1024 + (i % 5);
      H().set(a, pa);
      H().set(b, pb);
      check.zkjs_x2_hash64(pa, pb, base + 2048 + (i % 3), base + 2100, suffix);
      assert.equal(hex(H().slice(base + 2048 + (i % 3), base + 2080 + (i % 3))), hex(fn(a)));
      assert.equal(hex(H().slice(base + 2100, base + 2132)), hex(fn(b)));
    }
});

const ALGS = ['keccak_256', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'shake128', 'shake256'];

test('many(): SIMD128 and nosimd modules = @noble/hashes, every length across blocks, odd counts', () => {
  const r = rng(13n);
  for (const name of ALGS) {
    const rate = noble[name].blockLen;
    const lens = [];
    for (let len = 0; len <= 2 * rate + 9; len++) lens.push(len);
    for (const len of [3 * rate - 1, 3 * rate, 3 * rate + 1]) lens.push(len);
    // same lengths in groups of 1, 2 and 3 (odd counts leave a one-input tail)
    for (const count of [1, 2, 3, 5]) {
      const msgs = [];
      for (const len of lens) for (let j = 0; j < count; j++) msgs.push(r.bytes(len));
      const want = msgs.map((m) => hex(noble[name](m)));
      assert.deepEqual(zs[name].many(msgs).map(hex), want, `${name} x${count} SIMD`);
      assert.deepEqual(zn[name].many(msgs).map(hex), want, `${name} x${count} nosimd`);
    }
    // mixed lengths (pairs whose lengths differ inside the last block or in
    // the number of blocks), odd total
    const mixed = Array.from({ length: 301 }, () => r.bytes(r.int(3 * rate + 2)));
    const want = mixed.map((m) => hex(noble[name](m)));
    assert.deepEqual(zs[name].many(mixed).map(hex), want, `${name} mixed SIMD`);
    assert.deepEqual(zn[name].many(mixed).map(hex), want, `${name} mixed nosimd`);
  }
  // XOF outputs across the rate: the squeeze's extra permutations
  for (const name of ['shake128', 'shake256'])
    for (const dkLen of [1, 7, 8, 167, 168, 169, 500]) {
      const msgs = Array.from({ length: 7 }, (_, i) => r.bytes(i * 37));
      const want = msgs.map((m) => hex(noble[name](m, { dkLen })));
      assert.deepEqual(zs[name].many(msgs, { dkLen }).map(hex), want, `${name} dkLen ${dkLen}`);
      assert.deepEqual(zn[name].many(msgs, { dkLen }).map(hex), want, `${name} dkLen ${dkLen} nosimd`);
    }
});

test('merkle-tree with and without SIMD128 = the package (sorted and input order, proofs)', () => {
  const r = rng(14n);
  for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 63, 65, 129, 257]) {
    const values = Array.from({ length: n }, () => ['0x' + hex(r.bytes(20)), r.big(200).toString()]);
    for (const sortLeaves of [true, false]) {
      const oz = OZStandard.of(values, ['address', 'uint256'], { sortLeaves });
      for (const [tag, m] of [['SIMD', ms], ['nosimd', mn]]) {
        const t = m.StandardMerkleTree.of(values, ['address', 'uint256'], { sortLeaves });
        assert.equal(t.root, oz.root, `${tag} n ${n} sortLeaves ${sortLeaves}`);
        assert.deepEqual(t.dump(), oz.dump());
        const i = r.int(n);
        assert.deepEqual(t.getProof(i), oz.getProof(i));
        const idx = [...new Set([r.int(n), r.int(n), r.int(n)])];
        assert.deepEqual(t.getMultiProof(idx), oz.getMultiProof(idx));
      }
    }
  }
});

// Imports a fresh copy of dist/NAME.mjs with WebAssembly.validate answering
// `simd` and WebAssembly.Module recording the size of what it compiles.
async function loadWith(name, simd, tag) {
  const { validate, Module } = WebAssembly;
  const seen = [];
  WebAssembly.validate = () => simd;
  WebAssembly.Module = class extends Module {
    constructor(bytes) {
      seen.push(bytes.length);
      super(bytes);
    }
  };
  try {
    const m = await import(new URL(`../dist/${name}.mjs?${tag}`, here).href);
    return { m, seen, run: (f) => f(m) };
  } finally {
    WebAssembly.validate = validate;
  }
}
const wasmSize = (f) => readFileSync(new URL(`../dist/${f}.wasm`, here)).length;

test('the load-time pick: merkle-tree embeds both; keccak throws naming its nosimd twin', async () => {
  const { Module } = WebAssembly;
  try {
    for (const [simd, file] of [[true, 'merkle-tree-simd'], [false, 'merkle-tree']]) {
      const { m, seen } = await loadWith('merkle-tree', simd, `pick-${simd}`);
      const values = [['0x1111111111111111111111111111111111111111', '5'], ['0x2222222222222222222222222222222222222222', '7']];
      assert.equal(m.StandardMerkleTree.of(values, ['address', 'uint256']).root, OZStandard.of(values, ['address', 'uint256']).root);
      assert.deepEqual(seen, [wasmSize(file)], `SIMD128 ${simd}: compiled ${file}.wasm`);
    }
    const { m: k } = await loadWith('keccak', false, 'pick-none');
    assert.throws(() => k.keccak_256('abc'), (e) => e instanceof Error && /zkprim\/keccak\/nosimd/.test(e.message));
    await assert.rejects(k.ready(), /zkprim\/keccak\/nosimd/);
    const { m: k2, seen } = await loadWith('keccak', true, 'pick-simd');
    assert.equal(hex(k2.keccak_256('abc')), hex(noble.keccak_256('abc')));
    assert.deepEqual(seen, [wasmSize('keccak-simd')]);
    // the probe itself: this engine has SIMD128, and one byte off it is invalid
    const src = readFileSync(new URL('../dist/keccak.mjs', here), 'utf8');
    const probe = /WebAssembly\.validate\(new Uint8Array\((\[[0-9,]+\])\)\)/.exec(src);
    assert.ok(probe && WebAssembly.validate(new Uint8Array(JSON.parse(probe[1]))));
    const bad = JSON.parse(probe[1]);
    bad[bad.indexOf(203)] = 255; // i64x2.shl -> an undefined SIMD opcode
    assert.equal(WebAssembly.validate(new Uint8Array(bad)), false);
  } finally {
    WebAssembly.Module = Module;
  }
});
