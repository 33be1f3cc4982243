/** zkprim/hemera: Hemera (Poseidon2 over Goldilocks) on zkprim's C, compiled to WebAssembly. */
export type Input = Uint8Array | string;
export declare function hash(data: Input): Uint8Array;
export declare function keyedHash(key: Uint8Array, data: Input): Uint8Array;
export declare function deriveKey(context: Input, material: Input): Uint8Array;
export declare function xof(data: Input, n: number): Uint8Array;
export interface XofReader {
  read(n: number): Uint8Array;
}
export interface Hasher {
  update(data: Input): this;
  digest(): Uint8Array;
  finalizeXof(): XofReader;
}
export declare function createHasher(key?: Uint8Array): Hasher;
export declare function root(data: Input): Uint8Array;
export declare function rootCdc(data: Input): Uint8Array;
export declare function chunkCount(totalLen: number | bigint): number;
export declare function proof(data: Input, index: number | bigint): Uint8Array;
export declare function verify(root: Uint8Array, chunk: Input, index: number | bigint, totalLen: number | bigint, proof: Uint8Array): boolean;
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function ready(): Promise<void>;
export declare function memoryBytes(): number;
