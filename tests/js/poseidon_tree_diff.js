// Live differential test of `zkprim tree -a poseidon`: random trees (1 to 64
// leaves, edge values 0 and p - 1 mixed in) from a seed are built again with
// circomlibjs 0.1.7 (WASM buildPoseidon, node = poseidon([left, right])); the
// CLI's root (decimal and --hex) and its JSON proof of a random leaf must be
// circomlibjs', and a multiproof of random leaves must verify against the
// circomlibjs root. --pad trees are padded with 0n leaves here.
//
// usage: node poseidon_tree_diff.js ZKPRIM_BINARY [SEED] [TREES]
'use strict';
const { execFileSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { buildPoseidon } = require('circomlibjs');

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

function main(poseidon) {
  const bin = process.argv[2];
  const seed = process.argv[3] || process.env.ZKPRIM_TEST_SEED || String(Date.now());
  const trees = parseInt(process.argv[4] || '12', 10);
  console.log(`poseidon_tree_diff: seed ${seed}, ${trees} trees, circomlibjs 0.1.7 WASM vs ${bin} tree -a poseidon`);
  let ctr = 0;
  function rand() { // SHA-256 counter mode from the seed
    const h = crypto.createHash('sha256').update(`${seed}:${ctr++}`).digest('hex');
    const kind = parseInt(h.slice(0, 2), 16) % 8;
    if (kind === 0) return 0n;
    if (kind === 1) return P - 1n;
    return BigInt('0x' + h) % P;
  }
  const F = poseidon.F;
  const node = (l, r) => F.toObject(poseidon([l, r]));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ptree-'));
  const run = (...args) => execFileSync(bin, ['tree', '-a', 'poseidon', ...args]).toString();
  let failures = 0, checks = 0;
  const expect = (what, want, got) => {
    checks++;
    if (want !== got) { failures++; console.log(`MISMATCH ${what}\n  circomlibjs ${want}\n  zkprim      ${got}`); }
  };
  try {
    for (let t = 0; t < trees; t++) {
      const count = 1 + (Number(rand() % 64n)); // any count: --pad when not a power of two
      const leaves = Array.from({ length: count }, rand);
      const file = path.join(dir, `leaves${t}`);
      fs.writeFileSync(file, leaves.map((x, i) => (i % 3 === 1 ? '0x' + x.toString(16) : x.toString())).join('\n') + '\n');
      const padded = leaves.slice();
      while (padded.length & (padded.length - 1)) padded.push(0n);
      const levels = [padded];
      while (levels[levels.length - 1].length > 1) {
        const lv = levels[levels.length - 1], up = [];
        for (let i = 0; i < lv.length; i += 2) up.push(node(lv[i], lv[i + 1]));
        levels.push(up);
      }
      const root = levels[levels.length - 1][0];
      const pad = count === padded.length ? [] : ['--pad'];
      expect(`root, ${count} leaves`, `root ${root}\ndepth ${levels.length - 1}\nleaves ${padded.length}\n`,
        run(...pad, file));
      expect(`--hex root, ${count} leaves`, `root 0x${root.toString(16).padStart(64, '0')}`,
        run('--hex', ...pad, file).split('\n')[0]);
      const i = Number(rand() % BigInt(count));
      const siblings = levels.slice(0, -1).map((lv, k) => lv[(i >> k) ^ 1].toString());
      const want = JSON.stringify({ root: root.toString(), leaf: padded[i].toString(), index: i, siblings });
      expect(`proof of leaf ${i} of ${count}`, want + '\n', run('prove', ...pad, file, String(i)));
      const picks = [...new Set(Array.from({ length: 1 + (t % 5) }, () => Number(rand() % BigInt(count))))];
      const mp = path.join(dir, `mproof${t}`);
      fs.writeFileSync(mp, run('prove', '--multi', picks.join(','), ...pad, file));
      expect(`multiproof of ${picks} of ${count} against the circomlibjs root`, 'OK\n',
        run('verify', '--multi', root.toString(), file, mp, ...pad));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`poseidon_tree_diff: ${checks} checks, ${failures} failures (seed ${seed})`);
  process.exit(failures ? 1 : 0);
}

buildPoseidon().then(main).catch((e) => { console.error(e); process.exit(2); });
