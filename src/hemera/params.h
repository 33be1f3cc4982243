/*
 * Hemera parameters shared by every Hemera kernel (single, constant-time,
 * batched) and by the modes. Constants come from gen/hemera_constants.py
 * (spec section 4: self-bootstrap from the seed "cyber"); never edit them by
 * hand, scripts/regen.sh --check fails on any difference.
 */
#ifndef ZKPRIM_HEMERA_PARAMS_H
#define ZKPRIM_HEMERA_PARAMS_H

#include <stdint.h>

#define HEMERA_WIDTH 16
#define HEMERA_RF_HALF 4     /* full rounds before and after the partial rounds */
#define HEMERA_RP 16         /* partial rounds */
#define HEMERA_N_RC 144      /* 2*4*16 full + 16 partial */

/* ZKP_HEMERA_DERIVED_TABLES=1 (the JS package's zkprim/hemera module,
 * js/build.sh): the round constants and the chunker's gear table are not
 * stored but derived on first use (derived_tables.c: the bootstrap of
 * gen/hemera_constants.py and the hashes of gen/hemera_gear.py), 3.4 KB of
 * incompressible data less in the module. Their readers first run
 * ZKPI_HEMERA_TABLES() (the permutation kernels) or ZKPI_HM_GEAR() (the
 * chunker). Off natively. */
#ifndef ZKP_HEMERA_DERIVED_TABLES
#define ZKP_HEMERA_DERIVED_TABLES 0
#endif

/* RC[0..128]: full rounds, row-major (round r, lane i at 16r + i; rounds
 * 0..3 before the partial rounds, 4..7 after). RC[128..144]: partial round
 * j adds RC[128 + j] to state[0]. All canonical (< p). */
#if ZKP_HEMERA_DERIVED_TABLES
extern uint64_t zkpi_hemera_rc[144];
/* 0: not derived yet; 1: being derived (the permutations it runs see the
 * all-zero constants of Hemera_0, as the bootstrap needs); 2: derived. */
extern int zkpi_hemera_tables_state;
void zkpi_hemera_tables_derive(void);
#define ZKPI_HEMERA_TABLES() ((void)(zkpi_hemera_tables_state || (zkpi_hemera_tables_derive(), 0)))
/* The chunker's gear and order tables (cdc.c), derived on its first use. */
extern uint64_t zkpi_hm_gear[256];
extern uint8_t zkpi_hm_gear_order[256];
extern int zkpi_hm_gear_state;
void zkpi_hm_gear_derive(void);
#define ZKPI_HM_GEAR() ((void)(zkpi_hm_gear_state || (zkpi_hm_gear_derive(), 0)))
#else
extern const uint64_t zkpi_hemera_rc[144];
#define ZKPI_HEMERA_TABLES() ((void)0)
#endif
/* Diagonal d of the internal matrix M_I = J + diag(d). Canonical. */
extern const uint64_t zkpi_hemera_diag[16];

/* A permutation shape, for kernels generic in round counts (spec section 11):
 * M_E, then rf_half full rounds (x^7 on all lanes, M_E), rp partial rounds
 * (S-box on lane 0, M_I), rf_half full rounds; canonical output. */
typedef struct hemera_profile {
    unsigned rf_half, rp;
    int partial_inverse;        /* 1: x^-1 (0 -> 0), 0: x^7 */
    const uint64_t *rc_full;    /* 2*rf_half*16, row-major like zkpi_hemera_rc */
    const uint64_t *rc_partial; /* rp */
    const uint64_t *diag;       /* 16 */
} hemera_profile;

/* The live Hemera profile: (4, 16, inverse, RC[0..128], RC[128..144], diag). */
extern const hemera_profile zkpi_hemera_profile_default;

/* ZKP_HEMERA_PERMUTE_ONLY=1 (the JS package's zkprim/hemera module,
 * js/build.sh): the kernel tables (dispatch.c, batch.c) hold only the
 * permutations, so a module that hashes and builds trees does not link the
 * traced permutations, the batch trace kernel, the phase benchmark entry
 * and the op-chain hooks through them; the traced and trace-batch calls
 * take the portable kernels directly. Same results; tests and benchmarks
 * that read those table fields are not built with it. */
#ifndef ZKP_HEMERA_PERMUTE_ONLY
#define ZKP_HEMERA_PERMUTE_ONLY 0
#endif

#endif
