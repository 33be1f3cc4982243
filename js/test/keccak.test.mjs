// zkprim/keccak against @noble/hashes 1.8.0 (pinned in js/package-lock.json):
// random inputs of every length across block boundaries for each rate,
// random chunkings of the streaming form, XOF lengths, the batch call,
// string inputs, the errors, and WebAssembly memory across 10^6 calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as noble from '@noble/hashes/sha3';
import * as z from '../dist/keccak.mjs';
import { rng, hex } from './_util.mjs';

const FIXED = ['keccak_256', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512'];
const XOF = ['shake128', 'shake256'];

test('one-shot: every length 0..3 blocks + 1 and random long inputs', () => {
  const r = rng();
  for (const name of [...FIXED, ...XOF]) {
    const rate = noble[name].blockLen;
    assert.equal(z[name].blockLen, rate, name);
    assert.equal(z[name].outputLen, noble[name].outputLen, name);
    for (let len = 0; len <= 3 * rate + 1; len++) {
      const m = r.bytes(len);
      assert.equal(hex(z[name](m)), hex(noble[name](m)), `${name} len ${len}`);
    }
    for (let i = 0; i < 8; i++) {
      const m = r.bytes(r.int(20000));
      assert.equal(hex(z[name](m)), hex(noble[name](m)), `${name} long ${m.length}`);
    }
  }
});

test('misaligned inputs (subarrays at every offset)', () => {
  const r = rng(7n);
  const big = r.bytes(600);
  for (let off = 0; off < 9; off++)
    for (const len of [0, 1, 135, 136, 137, 300]) {
      const m = big.subarray(off, off + len);
      assert.equal(hex(z.keccak_256(m)), hex(noble.keccak_256(m)), `off ${off} len ${len}`);
    }
});

test('strings are UTF-8', () => {
  for (const s of ['', 'abc', 'héllo wörld ✓', 'x'.repeat(1000)]) {
    assert.equal(hex(z.keccak_256(s)), hex(noble.keccak_256(s)));
    assert.equal(hex(z.sha3_256(s)), hex(noble.sha3_256(s)));
  }
  assert.equal(hex(z.keccak_256('')), 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
});

test('streaming: random chunkings give the one-shot digest; clone', () => {
  const r = rng(11n);
  for (const name of FIXED) {
    for (let i = 0; i < 40; i++) {
      const m = r.bytes(r.int(3 * z[name].blockLen + 2));
      const h = z[name].create();
      let pos = 0;
      while (pos < m.length) {
        const k = Math.min(m.length - pos, r.int(z[name].blockLen + 3));
        h.update(m.subarray(pos, pos + k));
        pos += k;
      }
      const c = h.clone();
      assert.equal(hex(h.digest()), hex(noble[name](m)), `${name} ${m.length}`);
      c.update('more');
      const n = noble[name].create().update(m).update('more');
      assert.equal(hex(c.digest()), hex(n.digest()), `${name} clone`);
    }
  }
});

test('XOFs: dkLen across rate boundaries, xof() in pieces', () => {
  const r = rng(13n);
  for (const name of XOF) {
    const rate = z[name].blockLen;
    for (const dkLen of [0, 1, 16, 32, rate - 1, rate, rate + 1, 2 * rate + 5, 1000]) {
      const m = r.bytes(r.int(400));
      assert.equal(hex(z[name](m, { dkLen })), hex(noble[name](m, { dkLen })), `${name} dkLen ${dkLen}`);
      assert.equal(hex(z[name].create({ dkLen }).update(m).digest()), hex(noble[name](m, { dkLen })));
    }
    const m = r.bytes(50);
    const want = noble[name](m, { dkLen: 700 });
    const h = z[name].create().update(m);
    const parts = [h.xof(1), h.xof(rate - 1), h.xof(rate + 3), h.xof(700 - 2 * rate - 3)];
    assert.equal(hex(Buffer.concat(parts)), hex(want));
  }
});

test('many(): one crossing, same digests as one at a time', () => {
  const r = rng(17n);
  const msgs = [];
  for (let i = 0; i < 100; i++) msgs.push(r.bytes(r.int(3) === 0 ? 64 : r.int(300)));
  msgs.push('abc', new Uint8Array(0));
  for (const name of FIXED) {
    const got = z.hashMany(z[name], msgs);
    assert.deepEqual(got.map(hex), msgs.map((m) => hex(noble[name](m))), name);
  }
  assert.deepEqual(z.shake256.many(msgs, { dkLen: 77 }).map(hex), msgs.map((m) => hex(noble.shake256(m, { dkLen: 77 }))));
  assert.deepEqual(z.keccak_256.many([]), []);
});

test('errors: the exception types users catch, and the module stays usable', () => {
  for (const bad of [null, undefined, 12, {}, [1, 2], new Uint16Array(2)])
    assert.throws(() => z.keccak_256(bad), TypeError);
  assert.throws(() => z.shake128('a', { dkLen: -1 }), /positive integer/);
  assert.throws(() => z.shake128('a', { dkLen: 1.5 }), /positive integer/);
  const h = z.sha3_256.create();
  h.digest();
  assert.throws(() => h.update('x'), /already been called/);
  assert.throws(() => h.digest(), /already been called/);
  assert.throws(() => z.keccak_256.create().xof(4), /XOF is not possible/);
  assert.throws(() => z.keccak_256.many(['a', 5]), TypeError);
  assert.equal(hex(z.keccak_256('abc')), hex(noble.keccak_256('abc')));
});

test('memory stays bounded across 10^6 calls', () => {
  const m = new Uint8Array(64).fill(7);
  z.keccak_256(m);
  const before = z.memoryBytes();
  for (let i = 0; i < 1e6; i++) z.keccak_256(m);
  for (let i = 0; i < 1e4; i++) z.sha3_256.create().update(m).digest();
  assert.equal(z.memoryBytes(), before);
  assert.ok(before <= 2 * 1024 * 1024, `memory ${before}`);
});

test('ready(): the async compile path in a fresh process, then synchronous calls', async () => {
  const { execFileSync } = await import('node:child_process');
  const url = new URL('../dist/keccak.mjs', import.meta.url).href;
  const script = `const z = await import(${JSON.stringify(url)}); await z.ready(); console.log(z.bytesToHex(z.keccak_256('abc')));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
  assert.equal(out, hex(noble.keccak_256('abc')));
});

// The short-message path (js/lib/keccak.js: inputs up to 1024 bytes in a
// block of their own, a memory view kept between calls): both sides of its
// limit for every algorithm, and correct answers after a long input grew
// the memory (which detaches the kept view). Last in this file: it grows
// the memory the test above bounds.
test('short path: its 1024-byte limit, and after the memory grew', () => {
  const r = rng(13n);
  for (const name of [...FIXED, ...XOF])
    for (const len of [0, 32, 64, 1023, 1024, 1025]) {
      const m = r.bytes(len);
      assert.equal(hex(z[name](m)), hex(noble[name](m)), `${name} len ${len}`);
    }
  const m64 = r.bytes(64);
  const want = hex(noble.keccak_256(m64));
  assert.equal(hex(z.keccak_256(m64)), want);
  const before = z.memoryBytes();
  const big = r.bytes(before + (1 << 20));
  assert.equal(hex(z.keccak_256(big)), hex(noble.keccak_256(big)));
  assert.ok(z.memoryBytes() > before, 'the long input grew the memory');
  for (const name of [...FIXED, ...XOF]) assert.equal(hex(z[name](m64)), hex(noble[name](m64)), `${name} after growth`);
});
