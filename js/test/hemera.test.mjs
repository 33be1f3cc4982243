// zkprim/hemera against the repository's vectors (tests/vectors/hemera.json,
// from the cyber-hemera crate; its notes name the sources) and against the
// C CLI (`zkprim hash -a hemera`, `zkprim tree -a hemera`, its proofs) when
// ZKPRIM_CLI names one (js/stage.sh passes build-native's): hash, keyed
// hash, deriveKey, XOF, streaming in random pieces, fixed and CDC roots,
// proofs for every chunk and their rejection when anything is changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as h from '../dist/hemera.mjs';
import { rng, hex } from './_util.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const V = JSON.parse(readFileSync(join(root, 'tests', 'vectors', 'hemera.json'), 'utf8'));
const utf8 = (s) => new TextEncoder().encode(s);
const unhex = (s) => Uint8Array.from(Buffer.from(s, 'hex'));

// The vectors' input patterns (their notes): pat(n) = i mod 251, "N zero
// bytes", "long_context" = "a]" x 100.
function input(desc) {
  let m = /^pat\((\d+)\)$/.exec(desc);
  if (m) return Uint8Array.from({ length: +m[1] }, (_, i) => i % 251);
  m = /^(\d+) zero bytes$/.exec(desc);
  if (m) return new Uint8Array(+m[1]);
  if (desc === 'long_context') return utf8('a]'.repeat(100));
  throw new Error(`unknown vector input ${desc}`);
}
const msgOf = (e, f) => (e[`${f}_utf8`] !== undefined ? utf8(e[`${f}_utf8`]) : e[`${f}_hex`] !== undefined ? unhex(e[`${f}_hex`]) : input(e[f]));

test('hash: pinned and generated vectors, one-shot and streamed in pieces', () => {
  const r = rng(37n);
  for (const e of [...V.hash, ...V.hash_generated]) {
    const m = msgOf(e, 'input');
    assert.equal(hex(h.hash(m)), e.digest, `hash ${m.length}`);
    const s = h.createHasher();
    for (let pos = 0; pos < m.length;) {
      const k = Math.min(m.length - pos, r.int(130));
      s.update(m.subarray(pos, pos + k));
      pos += k;
    }
    assert.equal(hex(s.digest()), e.digest, `streamed ${m.length}`);
  }
  assert.equal(hex(h.hash('hemera')), V.hash.find((e) => e.input_utf8 === 'hemera').digest);
});

test('keyed hash, deriveKey, XOF', () => {
  for (const e of V.keyed_hash) {
    const m = msgOf(e, 'message');
    assert.equal(hex(h.keyedHash(unhex(e.key_hex), m)), e.digest);
    assert.equal(hex(h.createHasher(unhex(e.key_hex)).update(m).digest()), e.digest);
  }
  for (const e of [...V.derive_key, ...V.derive_key_generated])
    assert.equal(hex(h.deriveKey(msgOf(e, 'context'), msgOf(e, 'material'))), e.key);
  for (const e of V.xof) {
    const m = msgOf(e, 'message');
    const s = e.mode === 'keyed' ? h.createHasher(unhex(e.key_hex)) : h.createHasher();
    const rd = s.update(m).finalizeXof();
    const parts = [rd.read(1), rd.read(40), rd.read(e.n - 41)];
    assert.equal(hex(Buffer.concat(parts)), e.output);
    if (!e.mode) assert.equal(hex(h.xof(m, e.n)), e.output);
  }
  assert.throws(() => h.keyedHash(new Uint8Array(31), 'x'), RangeError);
  assert.throws(() => h.hash(5), TypeError);
});

test('roots: fixed 4 KiB tree and CDC tree', () => {
  for (const e of V.tree_fixed_4k) assert.equal(hex(h.root(input(e.input))), e.root, `fixed ${e.input}`);
  for (const e of V.tree_cdc) assert.equal(hex(h.rootCdc(input(e.input))), e.root, `cdc ${e.input}`);
  for (const e of V.tree) {
    const m = msgOf(e, 'input');
    assert.equal(hex(h.root(m)), e.root);
    assert.equal(hex(h.rootCdc(m)), e.newest_root_hash_cdc);
  }
});

test('proofs: every chunk verifies; a changed chunk, index, sibling or root does not', () => {
  const r = rng(41n);
  for (const len of [0, 1, 4096, 4097, 3 * 4096 + 5, 9 * 4096]) {
    const data = r.bytes(len);
    const rt = h.root(data);
    const n = h.chunkCount(len);
    assert.equal(n, Math.max(1, Math.ceil(len / 4096)));
    for (let i = 0; i < n; i++) {
      const chunk = data.subarray(4096 * i, Math.min(len, 4096 * (i + 1)));
      const pf = h.proof(data, i);
      assert.ok(h.verify(rt, chunk, i, len, pf), `len ${len} chunk ${i}`);
      if (chunk.length) {
        const bad = chunk.slice();
        bad[r.int(bad.length)] ^= 1;
        assert.equal(h.verify(rt, bad, i, len, pf), false);
      }
      const badRoot = rt.slice();
      badRoot[0] ^= 1;
      assert.equal(h.verify(badRoot, chunk, i, len, pf), false);
      if (pf.length) {
        const badPf = pf.slice();
        badPf[r.int(badPf.length)] ^= 4;
        assert.equal(h.verify(rt, chunk, i, len, badPf), false);
        assert.throws(() => h.verify(rt, chunk, i, len, pf.subarray(0, pf.length - 32)), /wrong size/);
      }
    }
    assert.throws(() => h.proof(data, n), RangeError);
  }
});

test('the C CLI agrees (hash, root, proof bytes)', { skip: !process.env.ZKPRIM_CLI && 'ZKPRIM_CLI not set' }, () => {
  const cli = process.env.ZKPRIM_CLI;
  const dir = mkdtempSync(join(tmpdir(), 'zkprim-js-'));
  try {
    const r = rng(43n);
    for (const len of [0, 5, 56, 4097, 20000]) {
      const data = r.bytes(len);
      const f = join(dir, 'in.bin');
      writeFileSync(f, data);
      const hashLine = execFileSync(cli, ['hash', '-a', 'hemera', f], { encoding: 'utf8' });
      assert.equal(hashLine.split(/\s+/)[0], hex(h.hash(data)), `hash ${len}`);
      const rootOut = execFileSync(cli, ['tree', '-a', 'hemera', f], { encoding: 'utf8' });
      assert.match(rootOut, new RegExp(hex(h.root(data))), `root ${len}`);
      const last = h.chunkCount(len) - 1;
      const pf = execFileSync(cli, ['tree', '-a', 'hemera', 'prove', f, String(last)]);
      // the CLI's file: "HEMPROOF", total length and index (u64 LE), then the siblings
      const head = Buffer.alloc(24);
      head.write('HEMPROOF');
      head.writeBigUInt64LE(BigInt(len), 8);
      head.writeBigUInt64LE(BigInt(last), 16);
      assert.equal(hex(pf), hex(head) + hex(h.proof(data, last)), `proof ${len}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
