/** zkprim/keccak: @noble/hashes-shaped Keccak and SHA-3 on zkprim's C, compiled to WebAssembly. */
export type Input = Uint8Array | string;

export interface Hash {
  readonly blockLen: number;
  readonly outputLen: number;
  update(data: Input): this;
  digest(): Uint8Array;
  digestInto(out: Uint8Array): Uint8Array;
  clone(): Hash;
  destroy(): void;
}

export interface XofHash extends Hash {
  xof(bytes: number): Uint8Array;
  xofInto(out: Uint8Array): Uint8Array;
  clone(): XofHash;
}

export interface FixedHashFn {
  (msg: Input): Uint8Array;
  readonly outputLen: number;
  readonly blockLen: number;
  create(): Hash;
  /** Every input's digest, in one call into WebAssembly. */
  many(msgs: Input[]): Uint8Array[];
}

export interface XofOpts {
  dkLen?: number;
}

export interface XofHashFn {
  (msg: Input, opts?: XofOpts): Uint8Array;
  readonly outputLen: number;
  readonly blockLen: number;
  create(opts?: XofOpts): XofHash;
  many(msgs: Input[], opts?: XofOpts): Uint8Array[];
}

export declare const keccak_256: FixedHashFn;
export declare const sha3_224: FixedHashFn;
export declare const sha3_256: FixedHashFn;
export declare const sha3_384: FixedHashFn;
export declare const sha3_512: FixedHashFn;
export declare const shake128: XofHashFn;
export declare const shake256: XofHashFn;

/** hashMany(fn, msgs) = msgs.map(fn), in one call into WebAssembly. */
export declare function hashMany(fn: FixedHashFn | XofHashFn, msgs: Input[], opts?: XofOpts): Uint8Array[];
export declare function bytesToHex(bytes: Uint8Array): string;
/** Compiles the module asynchronously; optional (calls compile synchronously on first use). */
export declare function ready(): Promise<void>;
/** The WebAssembly memory size in bytes. */
export declare function memoryBytes(): number;
