// Checked by `tsc --noEmit -p test` (js/test/types.test.mjs): every entry
// point through the package's own exports map and .d.ts files, as a user
// of each replaced package would write it.
import { keccak_256, sha3_256, shake128, hashMany } from 'zkprim/keccak';
import { poseidon1, poseidon2, poseidon16, buildPoseidon } from 'zkprim/poseidon';
import { poseidon3 } from 'zkprim/poseidon3';
import { hash, keyedHash, deriveKey, createHasher, root, proof, verify } from 'zkprim/hemera';
import { StandardMerkleTree, SimpleMerkleTree } from 'zkprim/merkle-tree';
import { keccak_256 as keccakNoSimd } from 'zkprim/keccak/nosimd';
import { StandardMerkleTree as TreeNoSimd } from 'zkprim/merkle-tree/nosimd';
import { LeanIMT, poseidon2 as leanHash } from 'zkprim/lean-imt';
import { bn254, babybear, koalabear } from 'zkprim/poseidon2-family';

const d: Uint8Array = keccak_256('abc');
const dn: Uint8Array[] = keccakNoSimd.many([d, 'z']);
const rn: string = TreeNoSimd.of([['5']], ['uint256']).root;
const s: Uint8Array = sha3_256.create().update(d).update('x').digest();
const x: Uint8Array = shake128(d, { dkLen: 64 });
const many: Uint8Array[] = hashMany(keccak_256, [d, 'y']);
const h1: bigint = poseidon1([1n]);
const h2: bigint = poseidon2([1, '2']);
const outs = poseidon16(new Array(16).fill(0n), 3);
const h3: bigint = poseidon3([1n, 2n, 3n]);
async function circom(): Promise<string> {
  const p = await buildPoseidon();
  return p.F.toString(p([1, 2]));
}
const hd: Uint8Array = hash('hello');
const kd: Uint8Array = keyedHash(new Uint8Array(32), 'm');
const dk: Uint8Array = deriveKey('ctx', 'material');
const st: Uint8Array = createHasher().update('a').digest();
const data = new Uint8Array(10000);
const ok: boolean = verify(root(data), data.subarray(0, 4096), 0, data.length, proof(data, 0));
const tree = StandardMerkleTree.of([['0x1111111111111111111111111111111111111111', '5']], ['address', 'uint256']);
const rootHex: string = tree.root;
const pr: string[] = tree.getProof(0);
const okTree: boolean = StandardMerkleTree.verify(rootHex, ['address', 'uint256'], ['0x1111111111111111111111111111111111111111', '5'], pr);
const simple = SimpleMerkleTree.of([new Uint8Array(32)]);
const lean = new LeanIMT(leanHash, [1n, 2n]);
lean.insert(3n);
lean.remove(0);
const leanOk: boolean = lean.verifyProof(lean.generateProof(0));
const leanStr = new LeanIMT<string>((a: string, b: string) => a + b, ['a', 'b']);
const leanBack = LeanIMT.import(leanHash, lean.export());
const leanStrRoot: string = LeanIMT.import<string>((a: string, b: string) => a + b, leanStr.export(), (v) => v).root;
const p2s: bigint[][] = bn254.permuteBatch([[1n, 2n, 3n, 4n]]);
const p2h: bigint = bn254.hash([1n, 2]);
const p2r: number[] = babybear.treeRoot([[1, 2], [3, 4]]);
const p2mp: number[][] = babybear.treeMultiProof([[1, 2], [3, 4]], [0]);
const p2mok: boolean = babybear.treeMultiVerify(p2r, [[1, 2]], [0], p2mp, 1);
const p2kok: boolean = koalabear.treeMultiVerify(koalabear.treeRoot([[5]]), [[5]], [0n], koalabear.treeMultiProof([[5]], [0n]), 0);
const p2bmp: bigint[] = bn254.treeMultiProof([1n, 2n, 3, '4'], [1, 2]);
const p2bok: boolean = bn254.treeMultiVerify(bn254.treeRoot([1n, 2n, 3n, 4n]), [2n, 3n], [1, 2], p2bmp, 2);
export { dn, rn, p2s, p2h, p2r, p2mp, p2mok, p2kok, p2bok, s, x, many, h1, h2, outs, h3, circom, hd, kd, dk, st, ok, okTree, simple, leanOk, leanBack, leanStrRoot };
