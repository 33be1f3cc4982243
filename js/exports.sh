# The C functions each wasm module exports (sourced by js/build.sh); the
# JS entry point of the same name (js/lib/NAME.js) calls only these.
ZKJS_MODULES="keccak poseidon hemera merkle-tree lean-imt poseidon2-family"
ZKJS_EXPORTS_keccak="zkp_keccak_hash zkp_keccak256 zkp_sha3_256 zkp_keccak_init zkp_keccak_update zkp_keccak_final zkp_keccak_squeeze zkp_keccak_hash_batch_ptrs"
ZKJS_EXPORTS_poseidon="zkp_poseidon_hash zkp_poseidon_permute zkp_poseidon_hash_batch"
ZKJS_EXPORTS_hemera="zkjs_sizeof zkp_hemera_hash zkp_hemera_keyed_hash zkp_hemera_derive_key zkp_hemera_hasher_init zkp_hemera_hasher_init_keyed zkp_hemera_hasher_update zkp_hemera_hasher_finalize zkp_hemera_hasher_finalize_xof zkp_hemera_xof_fill zkp_hemera_tree_root_fixed zkp_hemera_tree_root_cdc zkp_hemera_tree_chunk_count zkp_hemera_tree_proof_size zkp_hemera_tree_proof zkp_hemera_tree_verify"
ZKJS_EXPORTS_merkle_tree="zkp_keccak_hash zkp_keccak_hash_batch zkp_oz_abi_type_parse zkp_oz_leaf_hash_values zkp_oz_tree_build zkp_oz_tree_check zkp_oz_tree_proof zkp_oz_tree_verify zkp_oz_tree_multi_proof zkp_oz_tree_multi_verify"
ZKJS_EXPORTS_lean_imt="zkjs_sizeof zkp_poseidon_hash zkp_lean_imt_init zkp_lean_imt_free zkp_lean_imt_insert zkp_lean_imt_insert_batch zkp_lean_imt_update zkp_lean_imt_size zkp_lean_imt_depth zkp_lean_imt_tree_root zkp_lean_imt_index_of zkp_lean_imt_tree_proof zkp_lean_imt_tree_verify zkpi_lean_imt_level_be"
# zkprim/poseidon2-family (not zkprim/poseidon2: that is circom Poseidon of two inputs)
ZKJS_EXPORTS_poseidon2_family="zkp_poseidon2_bn254_permute zkp_poseidon2_bn254_permute_batch zkp_poseidon2_bn254_hash zkp_poseidon2_bn254_tree_root zkp_poseidon2_bn254_tree_build zkp_poseidon2_bn254_tree_proof zkp_poseidon2_bn254_tree_verify zkp_poseidon2_babybear_permute zkp_poseidon2_babybear_hash zkp_poseidon2_babybear_compress zkp_poseidon2_babybear_tree_root zkp_poseidon2_babybear_tree_build zkp_poseidon2_babybear_tree_proof zkp_poseidon2_babybear_tree_verify zkp_poseidon2_koalabear_permute zkp_poseidon2_koalabear_hash zkp_poseidon2_koalabear_compress zkp_poseidon2_koalabear_tree_root zkp_poseidon2_koalabear_tree_build zkp_poseidon2_koalabear_tree_proof zkp_poseidon2_koalabear_tree_verify zkp_poseidon2_babybear_tree_multi_proof zkp_poseidon2_babybear_tree_multi_verify zkp_poseidon2_koalabear_tree_multi_proof zkp_poseidon2_koalabear_tree_multi_verify zkp_poseidon2_bn254_tree_multi_proof zkp_poseidon2_bn254_tree_multi_verify"
# Modules built with one Poseidon width (ZKP_POSEIDON_ONLY_T): LeanIMT
# hashes pairs, t = 3. (zkprim/poseidon1 ... 16: js/build.sh.)
ZKJS_WIDTH_lean_imt=3
# SIMD128 (docs/js.md, "SIMD128"): the modules also linked from the
# -msimd128 objects (js/build/simd/, where __wasm_simd128__ turns on the
# hand-written SIMD128 kernels) into dist/NAME-simd.wasm. Each gets a twin
# entry zkprim/NAME/nosimd (dist/NAME-nosimd.*: the same API on
# dist/NAME.wasm, for engines without SIMD128). zkprim/NAME itself
# (js/tools/bundle.mjs) embeds both modules and picks at load
# (WebAssembly.validate of a SIMD128 probe) when NAME is in ZKJS_SIMD_BOTH,
# which is for entries whose gzip budget holds both (merkle-tree: 37.8 KB,
# 23.6 beside keccak, of 48); otherwise it embeds the SIMD module alone and
# its first call (or ready()) throws an Error naming the twin where SIMD128
# is missing (keccak: both would be about 22 KB of its 16). Adding a
# module: its name in ZKJS_SIMD_MODULES (and in ZKJS_SIMD_BOTH if both
# fit), its kernels' directory in ZKJS_SIMD_DIRS, and its two new exports
# in js/package.json (js/test/pack.test.mjs checks every dist file is
# exported). The lists can be overridden from the environment for
# measuring (node js/bench.mjs --cpu --simd compares each twin it finds).
# ZKJS_SIMD_DIRS: the src/ directories compiled with -msimd128 for them
# (the SIMD kernels and everything dispatching to them); the rest of a
# SIMD module is the plain objects.
ZKJS_SIMD_MODULES=${ZKJS_SIMD_MODULES-keccak merkle-tree hemera}
ZKJS_SIMD_BOTH=${ZKJS_SIMD_BOTH-merkle-tree}
ZKJS_SIMD_DIRS=${ZKJS_SIMD_DIRS-keccak hemera}
# Test-only modules: js/src/check/NAME.c, linked with the SIMD objects into
# js/build/check-NAME.wasm with these exports (js/test/keccak-x2.test.mjs).
ZKJS_CHECK_keccak_x2="zkjs_x2_permute zkjs_portable_permute zkjs_x2_xor_lanes zkjs_x2_extract_lanes zkjs_x2_hash64 zkjs_multi_name"
