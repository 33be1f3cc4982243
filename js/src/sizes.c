/*
 * Glue for the JS package (the files in js/lib): the sizes of the C state structs
 * the JS side keeps between calls, so it never hard-codes a layout.
 */
#include <stddef.h>

#include "zkprim/hemera.h"
#include "zkprim/keccak.h"

size_t zkjs_sizeof(int which);
size_t zkjs_sizeof(int which) {
    switch (which) {
    case 1: return sizeof(zkp_keccak_state);
    case 2: return sizeof(zkp_hemera_hasher);
    case 3: return sizeof(zkp_hemera_xof);
    default: return 0;
    }
}
