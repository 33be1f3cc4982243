# The C functions each wasm module exports (sourced by js/build.sh); the
# JS entry point of the same name (js/lib/NAME.js) calls only these.
ZKJS_MODULES="keccak poseidon hemera merkle-tree lean-imt"
ZKJS_EXPORTS_keccak="zkp_keccak_hash zkp_keccak_init zkp_keccak_update zkp_keccak_final zkp_keccak_squeeze zkp_keccak_hash_batch_ptrs"
ZKJS_EXPORTS_poseidon="zkp_poseidon_hash zkp_poseidon_permute zkp_poseidon_hash_batch"
ZKJS_EXPORTS_hemera="zkjs_sizeof zkp_hemera_hash zkp_hemera_keyed_hash zkp_hemera_derive_key zkp_hemera_hasher_init zkp_hemera_hasher_init_keyed zkp_hemera_hasher_update zkp_hemera_hasher_finalize zkp_hemera_hasher_finalize_xof zkp_hemera_xof_fill zkp_hemera_tree_root_fixed zkp_hemera_tree_root_cdc zkp_hemera_tree_chunk_count zkp_hemera_tree_proof_size zkp_hemera_tree_proof zkp_hemera_tree_verify"
ZKJS_EXPORTS_merkle_tree="zkp_keccak_hash zkp_oz_abi_type_parse zkp_oz_leaf_hash_values zkp_oz_tree_build zkp_oz_tree_check zkp_oz_tree_proof zkp_oz_tree_verify zkp_oz_tree_multi_proof zkp_oz_tree_multi_verify"
ZKJS_EXPORTS_lean_imt="zkjs_sizeof zkp_poseidon_hash zkp_lean_imt_init zkp_lean_imt_free zkp_lean_imt_insert zkp_lean_imt_insert_batch zkp_lean_imt_update zkp_lean_imt_size zkp_lean_imt_depth zkp_lean_imt_tree_root zkp_lean_imt_index_of zkp_lean_imt_tree_proof zkp_lean_imt_tree_verify"
# Modules built with one Poseidon width (ZKP_POSEIDON_ONLY_T): LeanIMT
# hashes pairs, t = 3. (zkprim/poseidon1 ... 16: js/build.sh.)
ZKJS_WIDTH_lean_imt=3
