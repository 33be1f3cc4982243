/*
 * ZKP_HEMERA_DERIVED_TABLES (hemera/params.h; the JS package's zkprim/hemera
 * module only): the round constants and the chunker's gear table computed
 * on first use instead of stored, the way their generators compute them.
 *
 * Round constants (gen/hemera_constants.py, spec section 4): a sponge over
 * Hemera_0, the same permutation with every round constant zero (what
 * zkpi_hemera_rc holds until it is filled in here): the seed "cyber" padded
 * to one 56-byte block (seed, 0x01, zeros), 7 bytes per element into the
 * rate (only element 0 is non-zero), the seed length in state[10]; permuted,
 * and the eight rate elements read out after each permutation, 144 in all.
 * Gear table (gen/hemera_gear.py, spec 7.6), on the chunker's first use:
 * GEAR[b] = the first eight digest bytes (little-endian) of the Hemera hash
 * of the one byte b; the order table lists the byte values by ascending
 * GEAR (all distinct, so the order is unique).
 *
 * Single-threaded by construction (the freestanding WebAssembly build has
 * no threads); the state flag also keeps the permutations run here from
 * re-entering. js/test/hemera.test.mjs holds the module to the vectors and
 * the C CLI (every digest depends on every constant, CDC roots on the gear).
 */
#include "hemera/params.h"

#if ZKP_HEMERA_DERIVED_TABLES
#include <string.h>

#include "core/util.h"
#include "zkprim/hemera.h"

int zkpi_hemera_tables_state;
int zkpi_hm_gear_state;
uint64_t zkpi_hm_gear[256];
uint8_t zkpi_hm_gear_order[256];

/* 18 permutations: about 2 ms on the first call in node, before V8's
 * optimising tier. */
void zkpi_hemera_tables_derive(void) {
    if (zkpi_hemera_tables_state) return;
    zkpi_hemera_tables_state = 1;
    static const uint8_t seed[] = {'c', 'y', 'b', 'e', 'r'};
    uint64_t st[ZKP_HEMERA_WIDTH] = {0};
    uint64_t rc[HEMERA_N_RC];
    for (size_t i = 0; i < sizeof seed; i++) st[0] |= (uint64_t)seed[i] << (8 * i);
    st[0] |= (uint64_t)0x01 << (8 * sizeof seed);
    st[10] = sizeof seed;
    for (unsigned n = 0; n < HEMERA_N_RC; n += 8) {
        zkp_hemera_permute_ct(st);
        for (unsigned i = 0; i < 8; i++) rc[n + i] = st[i];
    }
    memcpy(zkpi_hemera_rc, rc, sizeof rc);
    zkpi_hemera_tables_state = 2;
}

/* 256 hashes, only when the chunker first runs (20 to 40 ms in node on a
 * loaded machine, most of it before the optimising tier). */
void zkpi_hm_gear_derive(void) {
    for (unsigned b = 0; b < 256; b++) {
        uint8_t m = (uint8_t)b, d[ZKP_HEMERA_DIGEST_BYTES];
        if (zkp_hemera_hash(&m, 1, d) != ZKP_OK) d[0] = 0; /* cannot fail: a valid 1-byte input */
        zkpi_hm_gear[b] = zkpi_load64_le(d);
    }
    /* insertion sort of the byte values by GEAR */
    for (unsigned i = 0; i < 256; i++) {
        unsigned j = i;
        for (; j > 0 && zkpi_hm_gear[zkpi_hm_gear_order[j - 1]] > zkpi_hm_gear[i]; j--)
            zkpi_hm_gear_order[j] = zkpi_hm_gear_order[j - 1];
        zkpi_hm_gear_order[j] = (uint8_t)i;
    }
    zkpi_hm_gear_state = 1;
}
#else
typedef int zkpi_hemera_tables_stored; /* the tables are constants.c's and gear_table.h's */
#endif
