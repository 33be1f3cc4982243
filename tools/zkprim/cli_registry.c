/* What the CLI knows about each module: hash algorithms for `zkprim hash`,
 * tree builders for `zkprim tree`, and primitives listed by `zkprim info`.
 * A module plugs in by adding its entries here. */
#include "cli.h"
#include "zkprim/gf2.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"
#include "zkprim/poseidon.h"
#include "zkprim/poseidon2.h"

/* cli_keccak.c */
extern const cli_hash_algo cli_hash_keccak256, cli_hash_sha3_224, cli_hash_sha3_256, cli_hash_sha3_384,
    cli_hash_sha3_512, cli_hash_shake128, cli_hash_shake256;
extern const cli_tree_algo cli_tree_keccak256;
extern const cli_hash_algo cli_hash_hemera;   /* hash_hemera.c */
extern const cli_tree_algo cli_tree_hemera;   /* tree_hemera.c */
extern const cli_tree_algo cli_tree_lean_imt; /* tree_lean_imt.c */
extern const cli_tree_algo cli_tree_oz;       /* tree_oz.c */
extern const cli_tree_algo cli_tree_poseidon; /* tree_poseidon.c */
/* tree_poseidon2.c, hash_poseidon2.c */
extern const cli_tree_algo cli_tree_poseidon2_bn254, cli_tree_poseidon2_babybear, cli_tree_poseidon2_koalabear;
extern const cli_hash_algo cli_hash_poseidon2_bn254, cli_hash_poseidon2_babybear, cli_hash_poseidon2_koalabear;
#include "zkprim/gf2_iso.h"

const cli_hash_algo *const cli_hash_algos[] = {
    &cli_hash_keccak256, &cli_hash_sha3_224, &cli_hash_sha3_256, &cli_hash_sha3_384,
    &cli_hash_sha3_512, &cli_hash_shake128, &cli_hash_shake256,
    &cli_hash_hemera,
    &cli_hash_poseidon2_bn254, &cli_hash_poseidon2_babybear, &cli_hash_poseidon2_koalabear,
    NULL,
};
const size_t cli_hash_algo_count = sizeof cli_hash_algos / sizeof cli_hash_algos[0] - 1;

const cli_tree_algo *const cli_tree_algos[] = {
    &cli_tree_keccak256,
    &cli_tree_hemera,
    &cli_tree_lean_imt,
    &cli_tree_oz,
    &cli_tree_poseidon,
    &cli_tree_poseidon2_bn254, &cli_tree_poseidon2_babybear, &cli_tree_poseidon2_koalabear,
    NULL,
};
const size_t cli_tree_algo_count = sizeof cli_tree_algos / sizeof cli_tree_algos[0] - 1;

const cli_primitive cli_primitives[] = {
    {"keccak-f1600", zkp_keccak_f1600_implementation},
    {"keccak hash_batch / tree", zkp_keccak_batch_implementation},
    {"hemera permute", zkp_hemera_permute_implementation},
    {"hemera permute_batch", zkp_hemera_permute_batch_implementation},
    {"gf2 (binary fields)", zkp_gf2_implementation},
    {"poseidon-bn254 (circom)", zkp_poseidon_implementation},
    {"poseidon2 31-bit batch", zkp_poseidon2_implementation},
    {"gf2 b256<->ghash2 isomorphism", zkp_gf2_iso_implementation},
    {NULL, NULL},
};
const size_t cli_primitive_count = sizeof cli_primitives / sizeof cli_primitives[0] - 1;
