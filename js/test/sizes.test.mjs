// The bundles' gzip budgets (tools/budgets.mjs, docs/js.md's size table):
// every enforced one is met by dist/, and the check itself fails on a
// bundle made too large (a copy of dist/ with random bytes appended to
// keccak.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, copyFileSync, appendFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgets } from '../tools/budgets.mjs';
import { rng } from './_util.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

test('every enforced gzip budget is met', () => {
  const rows = budgets(dist);
  // and each SIMD128 entry's nosimd twin (js/exports.sh)
  const twins = readdirSync(dist).filter((f) => f.endsWith('-nosimd.mjs')).map((f) => f.slice(0, -4));
  assert.ok(twins.includes('keccak-nosimd'), 'no zkprim/keccak/nosimd bundle');
  for (const b of ['keccak', 'hemera', 'lean-imt', 'poseidon2-family', ...twins])
    assert.ok(rows.some((r) => r.bundle === b && r.enforced), `no enforced budget for zkprim/${b}`);
  // each zkprim/poseidonN against poseidon-lite's file for that arity (the
  // stage has node_modules; the row exists only where poseidon-lite does)
  if (existsSync(fileURLToPath(new URL('../node_modules/poseidon-lite', import.meta.url))))
    assert.equal(rows.filter((r) => r.enforced && r.what.startsWith('poseidon-lite/')).length, 16);
  for (const r of rows.filter((r) => r.enforced))
    assert.ok(r.ok, `zkprim/${r.bundle}: gzip ${r.size} > ${r.budget} (${r.what})`);
});

test('an oversized bundle fails its budget', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zkprim-sizes-'));
  try {
    for (const f of readdirSync(dist).filter((f) => /^(keccak|merkle-tree)\.mjs$/.test(f))) copyFileSync(join(dist, f), join(dir, f));
    appendFileSync(join(dir, 'keccak.mjs'), `// ${Buffer.from(rng(5n).bytes(8000)).toString('base64')}\n`);
    const k = budgets(dir).find((r) => r.bundle === 'keccak');
    assert.equal(k.ok, false, `padded keccak.mjs: gzip ${k.size}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
