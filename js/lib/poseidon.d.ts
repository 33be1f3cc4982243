/** zkprim/poseidon: poseidon-lite and circomlibjs shaped Poseidon (BN254, circom parameters) on zkprim's C, compiled to WebAssembly. */
export type Input = bigint | number | string;
export declare function poseidon1(inputs: Input[]): bigint;
export declare function poseidon1(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon2(inputs: Input[]): bigint;
export declare function poseidon2(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon3(inputs: Input[]): bigint;
export declare function poseidon3(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon4(inputs: Input[]): bigint;
export declare function poseidon4(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon5(inputs: Input[]): bigint;
export declare function poseidon5(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon6(inputs: Input[]): bigint;
export declare function poseidon6(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon7(inputs: Input[]): bigint;
export declare function poseidon7(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon8(inputs: Input[]): bigint;
export declare function poseidon8(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon9(inputs: Input[]): bigint;
export declare function poseidon9(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon10(inputs: Input[]): bigint;
export declare function poseidon10(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon11(inputs: Input[]): bigint;
export declare function poseidon11(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon12(inputs: Input[]): bigint;
export declare function poseidon12(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon13(inputs: Input[]): bigint;
export declare function poseidon13(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon14(inputs: Input[]): bigint;
export declare function poseidon14(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon15(inputs: Input[]): bigint;
export declare function poseidon15(inputs: Input[], nOuts: number): bigint | bigint[];
export declare function poseidon16(inputs: Input[]): bigint;
export declare function poseidon16(inputs: Input[], nOuts: number): bigint | bigint[];
/** circomlibjs' field: elements are 32-byte little-endian Montgomery forms. */
export interface Field {
  readonly p: bigint;
  readonly zero: Uint8Array;
  readonly one: Uint8Array;
  e(a: Input | Uint8Array, radix?: number): Uint8Array;
  toObject(a: Uint8Array): bigint;
  toString(a: Uint8Array, radix?: number): string;
  eq(a: Uint8Array, b: Uint8Array): boolean;
  isZero(a: Uint8Array): boolean;
}
export interface CircomPoseidon {
  (inputs: (Input | Uint8Array)[] | Uint8Array, initState?: Input | Uint8Array): Uint8Array;
  (inputs: (Input | Uint8Array)[] | Uint8Array, initState: Input | Uint8Array | undefined, nOut: number): Uint8Array | Uint8Array[];
  F: Field;
}
export declare function buildPoseidon(): Promise<CircomPoseidon>;
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function ready(): Promise<void>;
export declare function memoryBytes(): number;
