# The C functions each wasm module exports (sourced by js/build.sh); the
# JS entry point of the same name (js/lib/NAME.js) calls only these.
ZKJS_MODULES="keccak poseidon"
ZKJS_EXPORTS_keccak="zkp_keccak_hash zkp_keccak_init zkp_keccak_update zkp_keccak_final zkp_keccak_squeeze zkp_keccak_hash_batch_ptrs"
ZKJS_EXPORTS_poseidon="zkp_poseidon_hash zkp_poseidon_permute zkp_poseidon_hash_batch"
