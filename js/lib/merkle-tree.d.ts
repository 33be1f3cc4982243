/** zkprim/merkle-tree: @openzeppelin/merkle-tree 1.0.8's API on zkprim's C trees, compiled to WebAssembly. */
export type HexString = string;
export type BytesLike = HexString | Uint8Array | number[];
export interface MultiProof<T, L = T> {
  leaves: L[];
  proof: HexString[];
  proofFlags: boolean[];
}
export interface MerkleTreeOptions {
  sortLeaves?: boolean;
}
export interface StandardMerkleTreeData<T extends any[]> {
  format: 'standard-v1';
  leafEncoding: string[];
  tree: HexString[];
  values: { value: T; treeIndex: number }[];
}
export interface SimpleMerkleTreeData {
  format: 'simple-v1';
  tree: HexString[];
  values: { value: HexString; treeIndex: number }[];
  hash?: 'custom';
}
declare abstract class MerkleTreeBase<T> {
  readonly root: HexString;
  readonly length: number;
  readonly tree: HexString[];
  at(index: number): T | undefined;
  render(): string;
  entries(): Iterable<[number, T]>;
  validate(): void;
  leafHash(leaf: T): HexString;
  leafLookup(leaf: T): number;
  getProof(leaf: number | T): HexString[];
  getMultiProof(leaves: (number | T)[]): MultiProof<HexString, T>;
  verify(leaf: number | T, proof: HexString[]): boolean;
  verifyMultiProof(multiproof: MultiProof<HexString, number | T>): boolean;
}
export declare class StandardMerkleTree<T extends any[]> extends MerkleTreeBase<T> {
  readonly leafEncoding: string[];
  static of<T extends any[]>(values: T[], leafEncoding: string[], options?: MerkleTreeOptions): StandardMerkleTree<T>;
  static load<T extends any[]>(data: StandardMerkleTreeData<T>): StandardMerkleTree<T>;
  static verify<T extends any[]>(root: BytesLike, leafEncoding: string[], leaf: T, proof: BytesLike[]): boolean;
  static verifyMultiProof<T extends any[]>(root: BytesLike, leafEncoding: string[], multiproof: MultiProof<BytesLike, T>): boolean;
  dump(): StandardMerkleTreeData<T>;
}
export declare class SimpleMerkleTree extends MerkleTreeBase<BytesLike> {
  static of(values: BytesLike[], options?: MerkleTreeOptions): SimpleMerkleTree;
  static load(data: SimpleMerkleTreeData): SimpleMerkleTree;
  static verify(root: BytesLike, leaf: BytesLike, proof: BytesLike[]): boolean;
  static verifyMultiProof(root: BytesLike, multiproof: MultiProof<BytesLike, BytesLike>): boolean;
  dump(): SimpleMerkleTreeData;
}
export declare class InvalidArgumentError extends Error {}
export declare class InvariantError extends Error {}
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function ready(): Promise<void>;
export declare function memoryBytes(): number;
