// js/src/malloc.c, the modules' allocator (in place of wasi-libc's
// dlmalloc), called directly through a module's malloc/free exports:
// aligned, non-overlapping blocks, a freed block reused by the next request
// of its size class, NULL (0) for a request no memory can hold with the
// module still usable after it, and memory bounded across many calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rng } from './_util.mjs';

const r = rng(71n);
const load = (name) => new WebAssembly.Instance(new WebAssembly.Module(readFileSync(new URL(`../dist/${name}.wasm`, import.meta.url))), {}).exports;

test('malloc/free: alignment, no overlap, reuse, refusal, bounded memory', () => {
  for (const name of ['keccak', 'hemera', 'lean-imt']) {
    const x = load(name);
    const blocks = [];
    for (let i = 0; i < 300; i++) {
      const n = [0, 1, 15, 16, 17, 4096, 70000][i % 7] + r.int(40);
      const p = x.malloc(n);
      assert.ok(p > 0 && p % 16 === 0, `${name}: malloc(${n}) = ${p}`);
      new Uint8Array(x.memory.buffer, p, n).fill(i & 255);
      blocks.push([p, n, i & 255]);
    }
    for (const [p, n, v] of blocks) // no later block overwrote an earlier one
      assert.ok(new Uint8Array(x.memory.buffer, p, n).every((b) => b === v), `${name}: block at ${p} overwritten`);
    const [p0, n0] = blocks[3];
    x.free(p0);
    assert.equal(x.malloc(n0), p0, `${name}: a freed block serves the next request of its class`);
    assert.equal(x.malloc(2 ** 31), 0);
    assert.equal(x.malloc(2 ** 32 - 1), 0);
    blocks.forEach(([p]) => x.free(p));
    const size = x.memory.buffer.byteLength;
    for (let i = 0; i < 20000; i++) {
      const a = x.malloc(1 + r.int(5000));
      const b = x.malloc(1 + r.int(100));
      x.free(a);
      x.free(b);
    }
    assert.equal(x.memory.buffer.byteLength, size, `${name}: memory grew across malloc/free pairs`);
    x.free(0);
    assert.ok(x.malloc(100) > 0, `${name}: usable after a refused request`);
  }
});
