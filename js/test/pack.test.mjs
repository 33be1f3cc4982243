// `npm pack` makes a tarball that installs offline into an empty directory
// (the package has no dependencies) and works there, through the exports
// map, from both ESM and CommonJS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const js = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.env.npm_execpath && process.env.npm_execpath.endsWith('.js')
  ? [process.execPath, process.env.npm_execpath] : ['npm'];
const run = (args, cwd) => execFileSync(npm[0], [...npm.slice(1), ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test('the exports map names every file in dist/ (the SIMD128 modules and nosimd twins included)', () => {
  const targets = new Set();
  const walk = (v) => (typeof v === 'string' ? targets.add(v) : Object.values(v).forEach(walk));
  walk(JSON.parse(readFileSync(join(js, 'package.json'), 'utf8')).exports);
  const files = readdirSync(join(js, 'dist')).filter((f) => /\.(mjs|cjs|d\.ts|wasm)$/.test(f));
  assert.ok(files.includes('keccak-nosimd.mjs') && files.includes('keccak-simd.wasm'));
  for (const f of files) assert.ok(targets.has(`./dist/${f}`), `package.json exports nothing for dist/${f}`);
});

test('npm pack, install offline into an empty directory, use every entry point', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zkprim-pack-'));
  try {
    run(['pack', '--pack-destination', dir, '--silent'], js);
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    assert.ok(tgz, 'npm pack made no tarball');
    const app = join(dir, 'app');
    execFileSync('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), '{"name":"app","version":"1.0.0","private":true}');
    run(['install', '--offline', '--no-audit', '--no-fund', '--silent', join(dir, tgz)], app);
    writeFileSync(join(app, 'check.mjs'), `
import { keccak_256, bytesToHex } from 'zkprim/keccak';
import { poseidon2 } from 'zkprim/poseidon2';
import { hash } from 'zkprim/hemera';
import { StandardMerkleTree } from 'zkprim/merkle-tree';
import { LeanIMT, poseidon2 as h2 } from 'zkprim/lean-imt';
import * as kn from 'zkprim/keccak/nosimd';
import * as mn from 'zkprim/merkle-tree/nosimd';
console.log(JSON.stringify([bytesToHex(keccak_256('abc')), poseidon2([1n, 2n]).toString(), bytesToHex(hash('')),
  StandardMerkleTree.of([[1n]], ['uint256']).root, new LeanIMT(h2, [1n, 2n]).root.toString(),
  kn.bytesToHex(kn.keccak_256('abc')), mn.StandardMerkleTree.of([[1n]], ['uint256']).root,
  keccak_256.many(['a', 'b', 'c']).map(bytesToHex).join(), kn.keccak_256.many(['a', 'b', 'c']).map(bytesToHex).join()]));
`);
    writeFileSync(join(app, 'check.cjs'), `
const { keccak_256, bytesToHex } = require('zkprim/keccak');
const { poseidon2 } = require('zkprim/poseidon');
const kn = require('zkprim/keccak/nosimd');
const { StandardMerkleTree } = require('zkprim/merkle-tree/nosimd');
console.log(JSON.stringify([bytesToHex(keccak_256('abc')), poseidon2([1n, 2n]).toString(), kn.bytesToHex(kn.keccak_256('abc')),
  StandardMerkleTree.of([[1n]], ['uint256']).root, require.resolve('zkprim/keccak-simd.wasm').endsWith('keccak-simd.wasm')]));
`);
    const esm = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' }));
    const cjs = JSON.parse(execFileSync(process.execPath, ['check.cjs'], { cwd: app, encoding: 'utf8' }));
    const k = '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45';
    const p2 = '7853200120776062878684798364095072458815029376092732009249414926327459813530';
    assert.deepEqual(esm.slice(0, 3), [k, p2, 'a67a71b221e6bdd6442a20432bf5d74c885d89e5dfbeec3ec4e334cb806d563c']);
    assert.match(esm[3], /^0x[0-9a-f]{64}$/);
    assert.equal(esm[4], p2);
    assert.equal(esm[5], k);
    assert.equal(esm[6], esm[3]);
    assert.equal(esm[7], esm[8]);
    assert.deepEqual(cjs, [k, p2, k, esm[3], true]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
