/** zkprim/lean-imt: @zk-kit/lean-imt 2.2.5's LeanIMT with Poseidon, the whole tree in WebAssembly. */
export type LeanIMTHashFunction = (a: bigint, b: bigint) => bigint;
export interface LeanIMTMerkleProof {
  root: bigint;
  leaf: bigint;
  index: number;
  siblings: bigint[];
}
/** poseidon-lite's poseidon2: poseidon2([a, b]) or poseidon2(a, b). */
export declare function poseidon2(inputs: (bigint | number | string)[]): bigint;
export declare function poseidon2(a: bigint | number | string, b: bigint | number | string): bigint;
export declare class LeanIMT {
  constructor(hash: typeof poseidon2 | LeanIMTHashFunction, leaves?: bigint[]);
  readonly root: bigint;
  readonly depth: number;
  readonly leaves: bigint[];
  readonly size: number;
  indexOf(leaf: bigint): number;
  has(leaf: bigint): boolean;
  insert(leaf: bigint): void;
  insertMany(leaves: bigint[]): void;
  update(index: number, newLeaf: bigint): void;
  updateMany(indices: number[], leaves: bigint[]): void;
  generateProof(index: number): LeanIMTMerkleProof;
  verifyProof(proof: LeanIMTMerkleProof): boolean;
  static verifyProof(proof: LeanIMTMerkleProof, hash?: typeof poseidon2 | LeanIMTHashFunction): boolean;
  static import(hash: typeof poseidon2 | LeanIMTHashFunction, nodes: string, map?: (value: string) => bigint): LeanIMT;
}
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function ready(): Promise<void>;
export declare function memoryBytes(): number;
