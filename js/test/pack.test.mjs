// `npm pack` makes a tarball that installs offline into an empty directory
// (the package has no dependencies) and works there, through the exports
// map, from both ESM and CommonJS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const js = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.env.npm_execpath && process.env.npm_execpath.endsWith('.js')
  ? [process.execPath, process.env.npm_execpath] : ['npm'];
const run = (args, cwd) => execFileSync(npm[0], [...npm.slice(1), ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

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
console.log(JSON.stringify([bytesToHex(keccak_256('abc')), poseidon2([1n, 2n]).toString(), bytesToHex(hash('')),
  StandardMerkleTree.of([[1n]], ['uint256']).root, new LeanIMT(h2, [1n, 2n]).root.toString()]));
`);
    writeFileSync(join(app, 'check.cjs'), `
const { keccak_256, bytesToHex } = require('zkprim/keccak');
const { poseidon2 } = require('zkprim/poseidon');
console.log(JSON.stringify([bytesToHex(keccak_256('abc')), poseidon2([1n, 2n]).toString()]));
`);
    const esm = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' }));
    const cjs = JSON.parse(execFileSync(process.execPath, ['check.cjs'], { cwd: app, encoding: 'utf8' }));
    const k = '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45';
    const p2 = '7853200120776062878684798364095072458815029376092732009249414926327459813530';
    assert.deepEqual(esm.slice(0, 3), [k, p2, 'a67a71b221e6bdd6442a20432bf5d74c885d89e5dfbeec3ec4e334cb806d563c']);
    assert.match(esm[3], /^0x[0-9a-f]{64}$/);
    assert.equal(esm[4], p2);
    assert.deepEqual(cjs, [k, p2]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
