// The .d.ts files: `tsc --noEmit` (TypeScript pinned in js/package-lock.json)
// over js/test/types-example.ts, which imports every entry point through
// the package's exports map (a type error there fails this test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const js = join(dirname(fileURLToPath(import.meta.url)), '..');

test('tsc --noEmit over the example that uses every entry point', () => {
  const tsc = join(js, 'node_modules', 'typescript', 'bin', 'tsc');
  let out = '';
  try {
    out = execFileSync(process.execPath, [tsc, '--noEmit', '-p', join(js, 'test')], { encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc: ${e.stdout || e.message}`);
  }
  assert.equal(out.trim(), '');
});
