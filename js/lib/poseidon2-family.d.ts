/** zkprim/poseidon2-family: Poseidon2 over BN254 (barretenberg / Noir), BabyBear and KoalaBear (Plonky3) on zkprim's C, compiled to WebAssembly. Not zkprim/poseidon's poseidon2 (circom Poseidon of two inputs). */
export type Fr = bigint | number | string;
export type Elem31 = number | bigint;
export declare const bn254: {
  readonly P: bigint;
  permute(state: Fr[]): bigint[];
  permuteBatch(states: Fr[][]): bigint[][];
  hash(inputs: Fr[]): bigint;
  treeRoot(leaves: Fr[]): bigint;
  treeProof(leaves: Fr[], index: number | bigint): bigint[];
  treeVerify(root: Fr, leaf: Fr, index: number | bigint, proof: Fr[]): boolean;
  /** The multiproof of leaves[indices] (strictly increasing): the siblings a verifier cannot compute, level by level. */
  treeMultiProof(leaves: Fr[], indices: (number | bigint)[]): bigint[];
  /** leaves: the opened ones in the order of indices; depth: the tree's (2^depth leaves). False when the paths do not lead to root. */
  treeMultiVerify(root: Fr, leaves: Fr[], indices: (number | bigint)[], proof: Fr[], depth: number): boolean;
};
export interface Field31 {
  readonly P: number;
  permute(state: Elem31[]): number[];
  hash(inputs: Elem31[]): number[];
  compress(left: Elem31[], right: Elem31[]): number[];
  treeRoot(rows: Elem31[][]): number[];
  treeProof(rows: Elem31[][], index: number | bigint): number[][];
  treeVerify(root: Elem31[], row: Elem31[], index: number | bigint, proof: Elem31[][]): boolean;
  /** The multiproof of rows[indices] (strictly increasing): the siblings (8 elements each) a verifier cannot compute, level by level. */
  treeMultiProof(rows: Elem31[][], indices: (number | bigint)[]): number[][];
  /** rows: the opened ones in the order of indices; depth: the tree's (2^depth rows). False when the paths do not lead to root. */
  treeMultiVerify(root: Elem31[], rows: Elem31[][], indices: (number | bigint)[], proof: Elem31[][], depth: number): boolean;
}
export declare const babybear: Field31;
export declare const koalabear: Field31;
export declare function ready(): Promise<void>;
export declare function memoryBytes(): number;
export declare function bytesToHex(b: Uint8Array): string;
