/*
 * Glue for the JS package (the files in js/lib): the sizes of the C state structs
 * the JS side keeps between calls and the field offsets it reads, so it
 * never hard-codes a layout.
 */
#include <stddef.h>

#include "zkprim/hemera.h"
#include "zkprim/keccak.h"
#include "zkprim/lean_imt.h"

size_t zkjs_sizeof(int which);
size_t zkjs_sizeof(int which) {
    switch (which) {
    case 1: return sizeof(zkp_keccak_state);
    case 2: return sizeof(zkp_hemera_hasher);
    case 3: return sizeof(zkp_hemera_xof);
    case 4: return sizeof(zkp_lean_imt);
    case 5: return sizeof(zkp_lean_imt_proof);
    case 6: return offsetof(zkp_lean_imt_proof, index);
    case 7: return offsetof(zkp_lean_imt_proof, n_siblings);
    case 8: return offsetof(zkp_lean_imt_proof, siblings);
    default: return 0;
    }
}
