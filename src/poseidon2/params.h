/*
 * Poseidon2 instances: the shape of each (field, width, rounds, S-box) and
 * where its generated constants are (constants.c, gen/poseidon2_constants.py).
 *
 * The permutation (Poseidon2 paper, eprint 2023/323), as Plonky3 and
 * barretenberg compute it: the external layer M_E once, R_F / 2 full rounds
 * (add t constants, S-box on every lane, M_E), R_P partial rounds (add one
 * constant to lane 0, S-box on lane 0, M_I), R_F / 2 full rounds.
 *  - M_E for t = 4 is a 4x4 MDS matrix M4; for t = 4k, M4 on each chunk of
 *    four, then every lane gets the sum of its column position over the
 *    chunks (circ(2 M4, M4, ..., M4)). M4 is circ(2, 3, 1, 1) in Plonky3's
 *    31-bit fields and [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]] in
 *    barretenberg's BN254 instance.
 *  - M_I = 1 1^T + diag(D): s_i -> D_i s_i + sum(s).
 */
#ifndef ZKPRIM_POSEIDON2_PARAMS_H
#define ZKPRIM_POSEIDON2_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "bn254/elem.h"
#include "core/cpu_internal.h"

#define ZKPI_P2_MAX_T 24
#define ZKPI_P2_RF 8

/* The two matrix forms the 31-bit kernels run (zkpi_p2_inst.form):
 * Plonky3's (M4 = circ(2, 3, 1, 1), the internal diagonal by shifts and
 * adds from diag31.h's literals) and the HorizenLabs reference's for the
 * same BabyBear constants (M4 = [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]],
 * the diagonal's entries arbitrary field elements: one product per lane,
 * from diag). */
#define ZKPI_P2_FORM_PLONKY3 0
#define ZKPI_P2_FORM_HORIZEN 1

/* A 31-bit instance; rc and diag in Montgomery form (R = 2^32). */
typedef struct zkpi_p2_inst {
    uint32_t p, pinv, r2; /* modulus, p^-1 mod 2^32, 2^64 mod p */
    unsigned t, rp, alpha;
    const uint32_t *rc;   /* R_F t + R_P constants in round order */
    const uint32_t *diag; /* D_0 .. D_{t-1} */
    unsigned form;        /* ZKPI_P2_FORM_PLONKY3 or ZKPI_P2_FORM_HORIZEN */
} zkpi_p2_inst;

extern const zkpi_p2_inst zkpi_p2_babybear16, zkpi_p2_babybear24, zkpi_p2_koalabear16, zkpi_p2_koalabear24;

extern const uint32_t zkpi_p2_rc_babybear16[8 * 16 + 13], zkpi_p2_diag_babybear16[16];
extern const uint32_t zkpi_p2_rc_babybear24[8 * 24 + 21], zkpi_p2_diag_babybear24[24];
extern const uint32_t zkpi_p2_rc_koalabear16[8 * 16 + 20], zkpi_p2_diag_koalabear16[16];
extern const uint32_t zkpi_p2_rc_koalabear24[8 * 24 + 23], zkpi_p2_diag_koalabear24[24];

/* BN254, t = 4, alpha = 5, R_P = 56; Montgomery form with R = 2^256. */
#define ZKPI_P2_BN254_RP 56
extern const zkpi_bn254_fr zkpi_p2_rc_bn254[8 * 4 + ZKPI_P2_BN254_RP], zkpi_p2_diag_bn254[4];

/* A batch kernel: n states of in->t canonical elements each, back to back,
 * permuted in place (canonical out). */
typedef void (*zkpi_p2_31_batch_fn)(const zkpi_p2_inst *in, uint32_t *states, size_t n);
void zkpi_p2_31_batch_portable(const zkpi_p2_inst *in, uint32_t *states, size_t n);
void zkpi_p2_31_batch_avx2(const zkpi_p2_inst *in, uint32_t *states, size_t n);
void zkpi_p2_31_batch_avx512(const zkpi_p2_inst *in, uint32_t *states, size_t n);
void zkpi_p2_31_batch_neon(const zkpi_p2_inst *in, uint32_t *states, size_t n);

/* A single-state kernel (single31_tmpl.h): one state of in->t canonical
 * elements across the lanes, permuted in place (canonical out). */
typedef void (*zkpi_p2_31_single_fn)(const zkpi_p2_inst *in, uint32_t *state);
void zkpi_p2_31_single_avx2(const zkpi_p2_inst *in, uint32_t *state);
void zkpi_p2_31_single_avx512(const zkpi_p2_inst *in, uint32_t *state);

/* The batch kernel table (poseidon2.c), widest first, portable last. */
/* For the bench's floor row, a vector kernel also says what one field
 * product costs in its multiply instruction (muls_per_product of them per
 * vector of `lanes` elements) and offers mul_loop(n): 12 n of those
 * instructions in independent chains, a throughput probe on this CPU
 * (returns a value to sink). The portable entry leaves them 0 / NULL.
 * single is the entry's single-state kernel, NULL where one state runs
 * the portable batch kernel with n = 1 (neon, portable). */
typedef struct zkpi_p2_31_kernel {
    zkpi_kernel_info info;
    zkpi_p2_31_batch_fn batch;
    unsigned muls_per_product, lanes;
    uint64_t (*mul_loop)(uint64_t n);
    zkpi_p2_31_single_fn single;
} zkpi_p2_31_kernel;
/* The checks and the kernel of every 31-bit permutation entry point
 * (Plonky3's instances in poseidon2.c, HorizenLabs' BabyBear in horizen.c):
 * n states of in->t elements in place. n = 0 is ZKP_OK; NULL states
 * ZKP_ERR_NULL; an array past PTRDIFF_MAX ZKP_ERR_LENGTH; an element >= p
 * ZKP_ERR_RANGE with every state unchanged. batched: the active batch
 * kernel; else one state on the active single-state kernel (the portable
 * batch kernel where it has none). */
zkp_status zkpi_p2_31_permute_checked(const zkpi_p2_inst *in, uint32_t *states, size_t n, int batched);
uint64_t zkpi_p2_31_mul_loop_avx2(uint64_t n);
uint64_t zkpi_p2_31_mul_loop_avx512(uint64_t n);
uint64_t zkpi_p2_31_mul_loop_neon(uint64_t n);

/* Field products (Montgomery multiplications) per permutation of one state
 * in perm31_tmpl.h: the S-box on t lanes in R_F full rounds and one lane in
 * R_P partial rounds (x^7: x^2, x^3, x^6, x^7; x^3: x^2, x^3), the internal
 * diagonal (ZKPI_P2_DIAG_PRODUCTS per partial round), the conversion to
 * and from Montgomery form (2 t). Keep in step with the template. */
#define ZKPI_P2_DIAG_PRODUCTS(in) ((in)->form == ZKPI_P2_FORM_HORIZEN ? (in)->t : 0) /* else shifts and adds */
static inline unsigned zkpi_p2_31_products(const zkpi_p2_inst *in) {
    unsigned sbox = in->alpha == 7 ? 4 : 2;
    return sbox * (ZKPI_P2_RF * in->t + in->rp) + ZKPI_P2_DIAG_PRODUCTS(in) * in->rp + 2 * in->t;
}
extern const zkpi_p2_31_kernel zkpi_p2_31_kernels[];
extern const unsigned zkpi_p2_31_kernel_count;
const zkpi_p2_31_kernel *zkpi_p2_31_kernel_active(void);

#endif
