/** zkprim/lean-imt: @zk-kit/lean-imt 2.2.5's LeanIMT; with this module's poseidon2 the whole tree is in WebAssembly, with any other hash function in JS. */
export type LeanIMTHashFunction<N = bigint> = (a: N, b: N) => N;
export interface LeanIMTMerkleProof<N = bigint> {
  root: N;
  leaf: N;
  index: number;
  siblings: N[];
}
/** poseidon-lite's poseidon2: poseidon2([a, b]) or poseidon2(a, b). */
export declare function poseidon2(inputs: (bigint | number | string)[]): bigint;
export declare function poseidon2(a: bigint | number | string, b: bigint | number | string): bigint;
export declare class LeanIMT<N = bigint> {
  constructor(hash: typeof poseidon2 | LeanIMTHashFunction<N>, leaves?: N[]);
  readonly root: N;
  readonly depth: number;
  readonly leaves: N[];
  readonly size: number;
  indexOf(leaf: N): number;
  has(leaf: N): boolean;
  insert(leaf: N): void;
  insertMany(leaves: N[]): void;
  update(index: number, newLeaf: N): void;
  updateMany(indices: number[], leaves: N[]): void;
  /** Sets leaf `index` to 0n (Semaphore's removeMember; 2.2.5 has no remove). */
  remove(index: number): void;
  generateProof(index: number): LeanIMTMerkleProof<N>;
  verifyProof(proof: LeanIMTMerkleProof<N>): boolean;
  export(): string;
  static verifyProof<N = bigint>(proof: LeanIMTMerkleProof<N>, hash?: typeof poseidon2 | LeanIMTHashFunction<N>): boolean;
  static import<N = bigint>(hash: typeof poseidon2 | LeanIMTHashFunction<N>, nodes: string, map?: (value: string) => N): LeanIMT<N>;
}
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function ready(): Promise<void>;
export declare function memoryBytes(): number;
