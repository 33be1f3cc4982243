// Checks each built module (js/stage.sh): it imports nothing (no WASI shim
// or JS glue can be needed), and prints its sizes; fails when a bundle
// exceeds an enforced gzip budget (tools/budgets.mjs, docs/js.md).
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { budgets } from './budgets.mjs';

const dist = process.argv[2];
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const mjs = {};
let bad = 0;
const fail = (msg) => { console.log(`  FAIL: ${msg}`); bad++; };
for (const f of readdirSync(dist).filter((f) => f.endsWith('.wasm')).sort()) {
  const bytes = readFileSync(join(dist, f));
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(bytes));
  const name = f.slice(0, -5).replace(/-simd$/, ''); // NAME-simd.wasm is embedded in NAME.mjs
  mjs[name] = gz(join(dist, `${name}.mjs`));
  console.log(`${f}: ${bytes.length} bytes, gzip ${gzipSync(bytes, { level: 9 }).length}; ${name}.mjs gzip ${mjs[name]}; imports ${imports.length}`);
  if (imports.length) fail(`imports ${imports.map((i) => `${i.module}.${i.name}`).join(', ')}`);
}
for (const r of budgets(dist)) {
  if (r.ok) continue;
  if (r.enforced) fail(`zkprim/${r.bundle}: gzip ${r.size} over its budget (${r.what}, ${r.budget})`);
  else console.log(`  zkprim/${r.bundle}: gzip ${r.size} over ${r.what} (${r.budget}; not met, not enforced)`);
}
process.exit(bad ? 1 : 0);
