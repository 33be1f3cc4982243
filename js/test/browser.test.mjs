// The ESM build in a browser: headless Chromium (Debian's `chromium`) opens
// a local file page that imports every entry point from js/dist, runs each
// synchronously (the sync API is what pages call) and writes the answers
// into the page; the DOM read back here is compared with the reference
// packages' answers computed in Node. CHROMIUM names the binary (default
// chromium); missing, the test fails under ZKPRIM_REQUIRE_ALL_STAGES=1 and
// is skipped otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { keccak_256 } from '@noble/hashes/sha3';
import { poseidon2, poseidon5 } from 'poseidon-lite';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { LeanIMT } from '@zk-kit/lean-imt';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const chromium = process.env.CHROMIUM || 'chromium';
let have = true;
try {
  execFileSync(chromium, ['--version'], { stdio: 'ignore' });
} catch {
  have = false;
}
const mustRun = process.env.ZKPRIM_REQUIRE_ALL_STAGES === '1';

const VALUES = [['0x1111111111111111111111111111111111111111', '5000000000000000000'], ['0x2222222222222222222222222222222222222222', '2500000000000000000']];

test('every entry point gives its known answers in headless Chromium', { skip: !have && !mustRun && `${chromium} not found` }, () => {
  assert.ok(have, `${chromium} not found (apt-get install chromium)`);
  const dir = mkdtempSync(join(tmpdir(), 'zkprim-browser-'));
  try {
    const u = (m) => pathToFileURL(join(dist, `${m}.mjs`)).href;
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><body><pre id="out">pending</pre>
<script type="module">
import * as k from '${u('keccak')}';
import * as p from '${u('poseidon')}';
import * as h from '${u('hemera')}';
import * as m from '${u('merkle-tree')}';
import * as l from '${u('lean-imt')}';
import * as p2 from '${u('poseidon2-family')}';
import * as kn from '${u('keccak-nosimd')}';
import * as mn from '${u('merkle-tree-nosimd')}';
const out = {};
try {
  out.keccak = k.bytesToHex(k.keccak_256('abc'));
  out.keccakMany = k.keccak_256.many(['a', 'bc', 'def']).map(k.bytesToHex);
  out.keccakNosimd = kn.keccak_256.many(['a', 'bc', 'def']).map(kn.bytesToHex);
  out.merkleNosimd = mn.StandardMerkleTree.of(${JSON.stringify(VALUES)}, ['address', 'uint256']).root;
  out.poseidon2 = p.poseidon2([1n, 2n]).toString();
  out.poseidon5 = p.poseidon5([1, 2, 3, 4, 5]).toString();
  out.hemera = h.bytesToHex(h.hash(''));
  out.merkle = m.StandardMerkleTree.of(${JSON.stringify(VALUES)}, ['address', 'uint256']).root;
  out.lean = new l.LeanIMT(l.poseidon2, [1n, 2n, 3n]).root.toString();
  const rows = Array.from({ length: 8 }, (_, i) => [3 * i + 1, 3 * i + 2, 3 * i + 3]);
  out.p2multi = p2.babybear.treeMultiProof(rows, [1, 6]).map((x) => x.map((e) => e.toString(16).padStart(8, '0')).join(''));
} catch (e) { out.error = String(e && e.stack || e); }
document.getElementById('out').textContent = JSON.stringify(out);
</script></body></html>`);
    const dom = execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--allow-file-access-from-files',
      '--virtual-time-budget=20000', '--dump-dom', pathToFileURL(join(dir, 'index.html')).href],
    { encoding: 'utf8', timeout: 120000, stdio: ['ignore', 'pipe', 'ignore'] });
    const m = /<pre id="out">([^<]*)<\/pre>/.exec(dom);
    assert.ok(m, `no result in the page: ${dom.slice(0, 500)}`);
    const got = JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    assert.equal(got.error, undefined);
    const many = ['a', 'bc', 'def'].map((m) => Buffer.from(keccak_256(m)).toString('hex'));
    assert.deepEqual(got, {
      keccak: Buffer.from(keccak_256('abc')).toString('hex'),
      keccakMany: many,
      keccakNosimd: many,
      merkleNosimd: StandardMerkleTree.of(VALUES, ['address', 'uint256']).root,
      poseidon2: poseidon2([1n, 2n]).toString(),
      poseidon5: poseidon5([1, 2, 3, 4, 5]).toString(),
      hemera: 'a67a71b221e6bdd6442a20432bf5d74c885d89e5dfbeec3ec4e334cb806d563c',
      merkle: StandardMerkleTree.of(VALUES, ['address', 'uint256']).root,
      lean: new LeanIMT((a, b) => poseidon2([a, b]), [1n, 2n, 3n]).root.toString(),
      // `seq 1 24 > l && zkprim tree -a poseidon2-babybear prove --multi 1,6 --width 3 l` (the C library)
      p2multi: ['6e770e0345d302d91e41c6be750a02a95109d60e053e64290b6b68cc10b9557b',
        '6baf913f4f99d43368db376125d1b962632a2f237579b72c381a69e55ef65346',
        '250e6bf028f030212701c17061af8212653304ee599d8afa3e16eef7668e85c8',
        '0e662be86898438c4e18c81f3af92b426cc82e6846f0d1091e755a265aefc698'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
