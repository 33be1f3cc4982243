/*
 * Poseidon2 (include/zkprim/poseidon2.h) and the 31-bit Montgomery field
 * layer (src/field31/):
 *  - the scalar field layer against u64 % p on random and edge values;
 *  - every batch kernel at every CPU level against the definitional oracle
 *    (tests/ref/poseidon2_ref.c: explicit matrices, powers, u64 % p or the
 *    schoolbook bigint), random states mixed with 0, 1, p - 1, counts that
 *    leave partial lane groups, misaligned buffers with guards;
 *  - the references' known answers (tests/vectors/poseidon2/vectors.txt);
 *  - the sponges and the compression against their definitions over the
 *    oracle permutation, and every documented error.
 * The internal diagonals are rebuilt here from Plonky3's description
 * (numerators over powers of two), independently of the generator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field31/monty31.h"
#include "harness.h"
#include "poseidon2/bn254.h"
#include "poseidon2/params.h"
#include "poseidon2_ref.h"
#include "poseidon_bigint.h"
#include "zkprim/poseidon2.h"

/* ---- instances as the oracle sees them ---------------------------------- */

typedef struct inst31 {
    const char *name;
    uint32_t p;
    unsigned t, rp, alpha;
    const int8_t (*frac)[2]; /* diagonal entries num / 2^k as {num, k} */
    const zkpi_p2_inst *lib; /* for its round constants only */
    zkp_status (*permute)(uint32_t *, size_t);
    zkp_status (*batch)(uint32_t *, size_t, size_t);
    uint32_t rc[8 * 24 + 23], diag[24]; /* canonical, filled by setup */
} inst31;

static const int8_t k_bb16[16][2] = {{-2, 0}, {1, 0}, {2, 0}, {1, 1}, {3, 0}, {4, 0}, {-1, 1}, {-3, 0},
                                     {-4, 0}, {1, 8}, {1, 2}, {1, 3}, {1, 27}, {-1, 8}, {-1, 4}, {-1, 27}};
static const int8_t k_bb24[24][2] = {{-2, 0}, {1, 0}, {2, 0},  {1, 1},  {3, 0},  {4, 0},  {-1, 1}, {-3, 0},
                                     {-4, 0}, {1, 8}, {1, 2},  {1, 3},  {1, 4},  {1, 7},  {1, 9},  {1, 27},
                                     {-1, 8}, {-1, 2}, {-1, 3}, {-1, 4}, {-1, 5}, {-1, 6}, {-1, 7}, {-1, 27}};
static const int8_t k_kb16[16][2] = {{-2, 0}, {1, 0}, {2, 0}, {1, 1}, {3, 0}, {4, 0}, {-1, 1}, {-3, 0},
                                     {-4, 0}, {1, 8}, {1, 3}, {1, 24}, {-1, 8}, {-1, 3}, {-1, 4}, {-1, 24}};
static const int8_t k_kb24[24][2] = {{-2, 0}, {1, 0}, {2, 0},  {1, 1},  {3, 0},  {4, 0},  {-1, 1}, {-3, 0},
                                     {-4, 0}, {1, 8}, {1, 2},  {1, 3},  {1, 4},  {1, 5},  {1, 6},  {1, 24},
                                     {-1, 8}, {-1, 3}, {-1, 4}, {-1, 5}, {-1, 6}, {-1, 7}, {-1, 9}, {-1, 24}};

static inst31 k_inst[4] = {
    {"babybear16", 2013265921u, 16, 13, 7, k_bb16, &zkpi_p2_babybear16, zkp_poseidon2_babybear_permute,
     zkp_poseidon2_babybear_permute_batch, {0}, {0}},
    {"babybear24", 2013265921u, 24, 21, 7, k_bb24, &zkpi_p2_babybear24, zkp_poseidon2_babybear_permute,
     zkp_poseidon2_babybear_permute_batch, {0}, {0}},
    {"koalabear16", 2130706433u, 16, 20, 3, k_kb16, &zkpi_p2_koalabear16, zkp_poseidon2_koalabear_permute,
     zkp_poseidon2_koalabear_permute_batch, {0}, {0}},
    {"koalabear24", 2130706433u, 24, 23, 3, k_kb24, &zkpi_p2_koalabear24, zkp_poseidon2_koalabear_permute,
     zkp_poseidon2_koalabear_permute_batch, {0}, {0}},
};

static uint64_t powm(uint64_t x, uint64_t e, uint64_t p) {
    uint64_t r = 1;
    x %= p;
    for (; e; e >>= 1, x = x * x % p)
        if (e & 1) r = r * x % p;
    return r;
}

static void setup31(inst31 *in) {
    uint64_t p = in->p, rinv = powm(powm(2, 32, p), p - 2, p);
    for (unsigned i = 0; i < 8 * in->t + in->rp; i++) in->rc[i] = (uint32_t)(in->lib->rc[i] * rinv % p);
    for (unsigned i = 0; i < in->t; i++) {
        int num = in->frac[i][0];
        uint64_t v = powm(powm(2, (uint64_t)in->frac[i][1], p), p - 2, p) * (uint64_t)(num < 0 ? -num : num) % p;
        in->diag[i] = (uint32_t)(num < 0 ? (p - v) % p : v);
    }
    CHECK_EQ_INT(in->lib->t, in->t);
    CHECK_EQ_INT(in->lib->rp, in->rp);
    CHECK_EQ_INT(in->lib->alpha, in->alpha);
}

static void oracle31(const inst31 *in, uint32_t *s) {
    p2ref_permute31(in->p, in->t, 8, in->rp, in->alpha, in->rc, in->diag, s);
}

static uint32_t rand_elem(uint32_t p) {
    switch (th_rand_below(8)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return p - 1;
    default: return (uint32_t)th_rand_below(p);
    }
}

/* ---- field layer ------------------------------------------------------------ */

static void test_field(void) {
    th_section("field31 scalar layer");
    static const uint32_t ps[2][3] = {{ZKPI_BABYBEAR_P, ZKPI_BABYBEAR_PINV, ZKPI_BABYBEAR_R2},
                                      {ZKPI_KOALABEAR_P, ZKPI_KOALABEAR_PINV, ZKPI_KOALABEAR_R2}};
    for (int f = 0; f < 2; f++) { /* fixed set */
        uint64_t p = ps[f][0], r = ((uint64_t)1 << 32) % p, rinv = powm(r, p - 2, p);
        CHECK_EQ_U64((uint32_t)(p * ps[f][1]), 1);          /* p^-1 mod 2^32 */
        CHECK_EQ_U64(ps[f][2], r * r % p);                    /* 2^64 mod p */
        uint64_t n = th_count(20000);
        for (uint64_t i = 0; i < n; i++) {
            uint32_t a = rand_elem((uint32_t)p), b = rand_elem((uint32_t)p);
            CHECK_EQ_U64(zkpi_f31_add(a, b, (uint32_t)p), (a + (uint64_t)b) % p);
            CHECK_EQ_U64(zkpi_f31_sub(a, b, (uint32_t)p), (a + p - b) % p);
            CHECK_EQ_U64(zkpi_f31_mul(a, b, (uint32_t)p, ps[f][1]), (uint64_t)a * b % p * rinv % p);
            uint32_t m = zkpi_f31_to_mont(a, (uint32_t)p, ps[f][1], ps[f][2]);
            CHECK_EQ_U64(m, a * r % p);
            CHECK_EQ_U64(zkpi_f31_from_mont(m, (uint32_t)p, ps[f][1]), a);
        }
    }
}

/* ---- permutations on every kernel ------------------------------------------ */

static void kernels_at_level(void *ctx) {
    (void)ctx;
    for (int k = 0; k < 4; k++) { /* fixed set */
        const inst31 *in = &k_inst[k];
        size_t counts[] = {1, 2, 7, 8, 9, 15, 16, 17, 33};
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            size_t n = counts[c], len = n * in->t * sizeof(uint32_t);
            th_buf b = th_buf_new(len, 4 * (c % 16));
            uint32_t *st = (uint32_t *)(void *)b.p, *want = malloc(len);
            for (size_t i = 0; i < n * in->t; i++) st[i] = rand_elem(in->p);
            if (c == 0) memset(st, 0, len); /* the all-zero state */
            if (c == 1)
                for (size_t i = 0; i < n * in->t; i++) st[i] = in->p - 1;
            memcpy(want, st, len);
            for (size_t j = 0; j < n; j++) oracle31(in, want + j * in->t);
            CHECK_EQ_INT(in->batch(st, in->t, n), ZKP_OK);
            CHECK_MSG(memcmp(st, want, len) == 0, "%s batch of %zu at %s (%s) differs from the oracle", in->name, n,
                      th_level(), zkp_poseidon2_implementation());
            free(want);
            TH_BUF_FREE(b);
        }
        /* the single permutation at this level (its single-state kernel),
         * on a misaligned buffer */
        for (int c = 0; c < 3; c++) { /* fixed set: all zeros, all p - 1, random */
            th_buf b = th_buf_new(in->t * sizeof(uint32_t), 4 + 4 * c);
            uint32_t *st = (uint32_t *)(void *)b.p, want[24];
            for (unsigned i = 0; i < in->t; i++) st[i] = c == 0 ? 0 : c == 1 ? in->p - 1 : rand_elem(in->p);
            memcpy(want, st, in->t * sizeof(uint32_t));
            oracle31(in, want);
            CHECK_EQ_INT(in->permute(st, in->t), ZKP_OK);
            CHECK_MSG(memcmp(st, want, in->t * sizeof(uint32_t)) == 0, "%s single permutation at %s (%s) differs",
                      in->name, th_level(), zkp_poseidon2_implementation());
            TH_BUF_FREE(b);
        }
    }
}

static void test_kernels(void) {
    th_section("31-bit kernels vs oracle");
    th_for_each_cpu_level(kernels_at_level, NULL);
    /* every table entry the machine can run, called directly */
    for (unsigned e = 0; e < zkpi_p2_31_kernel_count; e++) {
        const zkpi_p2_31_kernel *ker = &zkpi_p2_31_kernels[e];
        if (!zkpi_kernel_usable(&ker->info)) continue;
        for (int k = 0; k < 4; k++) { /* fixed set */
            const inst31 *in = &k_inst[k];
            uint32_t st[21 * 24], want[21 * 24];
            for (size_t i = 0; i < 21 * in->t; i++) st[i] = want[i] = rand_elem(in->p);
            for (size_t j = 0; j < 21; j++) oracle31(in, want + j * in->t);
            ker->batch(in->lib, st, 21);
            CHECK_MSG(memcmp(st, want, 21 * in->t * 4) == 0, "kernel %s, %s", ker->info.name, in->name);
            if (!ker->single) continue; /* its single-state kernel, state by state (first: 0 and p - 1) */
            for (size_t i = 0; i < 21 * in->t; i++) st[i] = want[i] = i < in->t ? (i & 1) * (in->p - 1) : rand_elem(in->p);
            for (size_t j = 0; j < 21; j++) oracle31(in, want + j * in->t), ker->single(in->lib, st + j * in->t);
            CHECK_MSG(memcmp(st, want, 21 * in->t * 4) == 0, "single kernel %s, %s", ker->info.name, in->name);
        }
    }
    /* single permutation = oracle */
    uint64_t n = th_count(40);
    for (uint64_t i = 0; i < n; i++) {
        const inst31 *in = &k_inst[i % 4];
        uint32_t st[24], want[24];
        for (unsigned j = 0; j < in->t; j++) st[j] = want[j] = rand_elem(in->p);
        oracle31(in, want);
        CHECK_EQ_INT(in->permute(st, in->t), ZKP_OK);
        CHECK(memcmp(st, want, in->t * 4) == 0);
    }
}

/* ---- BN254 -------------------------------------------------------------------- */

static rb k_rc_bn[8 * 4 + 56], k_diag_bn[4];

static rb from_mont_bn(const zkpi_bn254_fr *x, const rb *rinv) {
    rb v = rb_from_u64x4(x->v);
    return rb_mulmod(&v, rinv);
}

static void setup_bn254(void) {
    /* R^-1 = (2^256 mod p)^(p - 2) by square-and-multiply on the bigint */
    rb r256 = rb_pow2(256), r = rb_mod(&r256, rb_p()), e = *rb_p(), rinv = rb_small(1);
    e.w[0] -= 2; /* p is odd and its low limb is 1: no borrow */
    for (int bit = 255; bit >= 0; bit--) {
        rinv = rb_mulmod(&rinv, &rinv);
        if ((e.w[bit / 32] >> (bit % 32)) & 1) rinv = rb_mulmod(&rinv, &r);
    }
    for (int i = 0; i < 8 * 4 + 56; i++) k_rc_bn[i] = from_mont_bn(&zkpi_p2_rc_bn254[i], &rinv);
    for (int i = 0; i < 4; i++) k_diag_bn[i] = from_mont_bn(&zkpi_p2_diag_bn254[i], &rinv);
}

static void oracle_bn(zkp_poseidon_fr s[4]) {
    rb x[4];
    for (int i = 0; i < 4; i++) x[i] = rb_from_u64x4(s[i].limb);
    p2ref_permute_bn254(x, 8, 56, k_rc_bn, k_diag_bn);
    for (int i = 0; i < 4; i++) rb_to_u64x4(s[i].limb, &x[i]);
}

static zkp_poseidon_fr rand_fr(void) {
    zkp_poseidon_fr x;
    uint64_t p[4];
    rb_to_u64x4(p, rb_p());
    switch (th_rand_below(6)) {
    case 0: memset(&x, 0, sizeof x); return x;
    case 1: memcpy(x.limb, p, sizeof p); x.limb[0] -= 1; return x; /* p - 1 */
    default:
        for (int i = 0; i < 4; i++) x.limb[i] = th_rand64();
        x.limb[3] &= 0x0fffffffffffffffu; /* < 2^252 < p */
        return x;
    }
}

/* Noir's sponge over the oracle permutation. */
static void oracle_bn_hash(const zkp_poseidon_fr *in, size_t n, zkp_poseidon_fr *out) {
    zkp_poseidon_fr s[4];
    memset(s, 0, sizeof s);
    s[3].limb[1] = n;
    size_t i = 0;
    do {
        for (size_t k = 0; k < 3 && i + k < n; k++) {
            rb a = rb_from_u64x4(s[k].limb), b = rb_from_u64x4(in[i + k].limb), c = rb_addmod(&a, &b);
            rb_to_u64x4(s[k].limb, &c);
        }
        oracle_bn(s);
        i += 3;
    } while (i < n);
    *out = s[0];
}

/* The bigint oracle takes tens of milliseconds a permutation (long division
 * in every product), too slow for the deep counts of the sanitizer, verify
 * and qemu stages (ZKPRIM_TEST_N=200: 60 s natively, 212 s under ASan). So
 * each level holds its first ORACLE_BN_STATES states to the oracle and the
 * rest to the portable table entry, which the oracle checks itself (here at
 * the portable level, and in test_bn254's loop over the entries). */
#define ORACLE_BN_STATES 4

static void portable_bn(zkp_poseidon_fr s[4]) {
    const zkpi_p2_bn254_kernel *k = &zkpi_p2_bn254_kernels[zkpi_p2_bn254_kernel_count - 1];
    zkpi_bn254_fr m[4];
    for (int j = 0; j < 4; j++) {
        memcpy(m[j].v, s[j].limb, 32);
        zkpi_p2_bn254_to_mont(&m[j]);
    }
    k->permute_mont(m);
    for (int j = 0; j < 4; j++) {
        zkpi_p2_bn254_from_mont(&m[j]);
        memcpy(s[j].limb, m[j].v, 32);
    }
}

/* The public permutation and hash at one CPU level (the kernel it picks). */
static void bn254_at_level(void *ctx) {
    (void)ctx;
    for (uint64_t i = 0, n = th_count(1); i < n; i++) {
        zkp_poseidon_fr s[4], want[4];
        for (int j = 0; j < 4; j++) s[j] = want[j] = rand_fr();
        if (i < ORACLE_BN_STATES) oracle_bn(want);
        else portable_bn(want);
        CHECK_EQ_INT(zkp_poseidon2_bn254_permute(s), ZKP_OK);
        CHECK_MSG(memcmp(s, want, sizeof s) == 0, "bn254 permute at %s (%s)", th_level(),
                  zkpi_p2_bn254_kernel_active()->info.name);
    }
    zkp_poseidon_fr in[4], out, want;
    for (int j = 0; j < 4; j++) in[j] = rand_fr();
    oracle_bn_hash(in, 4, &want);
    CHECK_EQ_INT(zkp_poseidon2_bn254_hash(in, 4, &out), ZKP_OK);
    CHECK_MSG(memcmp(&out, &want, sizeof out) == 0, "bn254 hash at %s", th_level());
}

static void test_bn254(void) {
    th_section("bn254 t=4 vs oracle");
    CHECK_MSG(strcmp(zkpi_p2_bn254_kernels[zkpi_p2_bn254_kernel_count - 1].info.name, "portable") == 0,
              "portable_bn needs the portable kernel last in the table");
    th_for_each_cpu_level(bn254_at_level, NULL);
    /* every usable table entry, called directly on Montgomery lanes */
    for (unsigned e = 0; e < zkpi_p2_bn254_kernel_count; e++) {
        const zkpi_p2_bn254_kernel *k = &zkpi_p2_bn254_kernels[e];
        if (!zkpi_kernel_usable(&k->info)) continue;
        zkp_poseidon_fr want[4];
        zkpi_bn254_fr s[4];
        for (int j = 0; j < 4; j++) {
            want[j] = rand_fr();
            memcpy(s[j].v, want[j].limb, 32);
            zkpi_p2_bn254_to_mont(&s[j]);
        }
        oracle_bn(want);
        k->permute_mont(s);
        for (int j = 0; j < 4; j++) zkpi_p2_bn254_from_mont(&s[j]);
        for (int j = 0; j < 4; j++) CHECK_MSG(memcmp(s[j].v, want[j].limb, 32) == 0, "bn254 kernel %s", k->info.name);
    }
    for (size_t n = 0; n <= 7; n++) { /* fixed set */
        zkp_poseidon_fr in[7], out, want;
        for (size_t j = 0; j < n; j++) in[j] = rand_fr();
        oracle_bn_hash(in, n, &want);
        CHECK_EQ_INT(zkp_poseidon2_bn254_hash(n ? in : NULL, n, &out), ZKP_OK);
        CHECK_MSG(memcmp(&out, &want, sizeof out) == 0, "bn254 hash of %zu", n);
        if (n) { /* out aliasing in */
            CHECK_EQ_INT(zkp_poseidon2_bn254_hash(in, n, &in[0]), ZKP_OK);
            CHECK(memcmp(&in[0], &want, sizeof want) == 0);
        }
    }
    th_section("bn254 errors");
    zkp_poseidon_fr s[4], keep[4], out;
    for (int j = 0; j < 4; j++) s[j] = rand_fr();
    rb_to_u64x4(s[2].limb, rb_p()); /* p itself */
    memcpy(keep, s, sizeof s);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute(s), ZKP_ERR_RANGE);
    CHECK(memcmp(s, keep, sizeof s) == 0);
    memset(s[2].limb, 0xff, sizeof s[2].limb);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute(s), ZKP_ERR_RANGE);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute(NULL), ZKP_ERR_NULL);
    memset(&out, 0x5a, sizeof out);
    CHECK_EQ_INT(zkp_poseidon2_bn254_hash(s, 4, &out), ZKP_ERR_RANGE);
    CHECK_EQ_U64(out.limb[0], 0x5a5a5a5a5a5a5a5au);
    CHECK_EQ_INT(zkp_poseidon2_bn254_hash(NULL, 1, &out), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_bn254_hash(s, 1, NULL), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_bn254_hash(s, SIZE_MAX / 8, &out), ZKP_ERR_LENGTH);
}

/* ---- BN254 batches ------------------------------------------------------------- */

/* The batch at one CPU level (the entry it picks: IFMA lanes, or single
 * permutations) on counts that leave partial lane groups and a lone last
 * state, misaligned: states 0 and 1 all 0 and all p - 1, the rest random;
 * each state held to the portable entry (itself held to the oracle), and one
 * state in an IFMA lane (state 5 of 9) to the oracle itself. */
static void bn254_batch_at_level(void *ctx) {
    (void)ctx;
    static const size_t counts[] = {1, 2, 3, 7, 8, 9, 16, 17};
    uint64_t p[4];
    rb_to_u64x4(p, rb_p());
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) { /* fixed set */
        const size_t n = counts[c], len = n * 4 * sizeof(zkp_poseidon_fr);
        th_buf b = th_buf_new(len, 8 * (c % 8));
        zkp_poseidon_fr *st = (zkp_poseidon_fr *)(void *)b.p, *want = malloc(len);
        for (size_t i = 0; i < 4 * n; i++) st[i] = rand_fr();
        for (size_t i = 0; i < 4 && n > 1; i++) {
            memset(&st[i], 0, sizeof st[i]);
            memcpy(st[4 + i].limb, p, sizeof p), st[4 + i].limb[0] -= 1;
        }
        memcpy(want, st, len);
        for (size_t j = 0; j < n; j++) {
            if (n == 9 && j == 5) oracle_bn(want + 4 * j);
            else portable_bn(want + 4 * j);
        }
        CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(st, n), ZKP_OK);
        CHECK_MSG(memcmp(st, want, len) == 0, "bn254 batch of %zu at %s (%s) differs", n, th_level(),
                  zkpi_p2_bn254_kernel_active()->info.name);
        free(want);
        TH_BUF_FREE(b);
    }
}

/* A reference vector's state (in -> want) as nine copies, at every level:
 * a full lane group and a lone last state. */
typedef struct {
    const zkp_poseidon_fr *in, *want;
} bn_vec;
static void bn254_vector_batch_at_level(void *ctx) {
    const bn_vec *v = ctx;
    zkp_poseidon_fr st[9 * 4];
    for (int j = 0; j < 9; j++) memcpy(&st[4 * j], v->in, 4 * sizeof st[0]);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(st, 9), ZKP_OK);
    for (int j = 0; j < 9; j++)
        CHECK_MSG(memcmp(&st[4 * j], v->want, 4 * sizeof st[0]) == 0, "bn254 permute vector, batch state %d at %s", j,
                  th_level());
}

static void test_bn254_batch(void) {
    th_section("bn254 t=4 batch vs oracle");
    th_for_each_cpu_level(bn254_batch_at_level, NULL);
    /* every usable entry's batch kernel, called directly: it permutes whole
     * groups and leaves a lone last state untouched */
    for (unsigned e = 0; e < zkpi_p2_bn254_kernel_count; e++) {
        const zkpi_p2_bn254_kernel *k = &zkpi_p2_bn254_kernels[e];
        if (!k->batch || !zkpi_kernel_usable(&k->info)) continue;
        static const size_t counts[] = {0, 1, 2, 8, 10, 17}, done[] = {0, 0, 2, 8, 10, 16};
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) { /* fixed set */
            zkp_poseidon_fr st[17 * 4], want[17 * 4];
            const size_t n = counts[c];
            for (size_t i = 0; i < 4 * n; i++) st[i] = want[i] = rand_fr();
            for (size_t j = 0; j < done[c]; j++) portable_bn(want + 4 * j);
            CHECK_EQ_U64(k->batch(st, n), done[c]);
            CHECK_MSG(memcmp(st, want, 4 * n * sizeof st[0]) == 0, "bn254 batch kernel %s, %zu states", k->info.name,
                      n);
        }
    }
    th_section("bn254 batch errors");
    zkp_poseidon_fr st[9 * 4], keep[9 * 4];
    for (size_t i = 0; i < 9 * 4; i++) st[i] = rand_fr();
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(NULL, 0), ZKP_OK);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(NULL, 1), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(st, SIZE_MAX / 64), ZKP_ERR_LENGTH);
    rb_to_u64x4(st[4 * 5 + 2].limb, rb_p()); /* p itself, state 5 lane 2 */
    memcpy(keep, st, sizeof st);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(st, 9), ZKP_ERR_RANGE);
    CHECK(memcmp(st, keep, sizeof st) == 0);
    memset(st[4 * 8 + 3].limb, 0xff, sizeof st[0].limb); /* 2^256 - 1 in the last state */
    st[4 * 5 + 2] = st[0];
    memcpy(keep, st, sizeof st);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(st, 9), ZKP_ERR_RANGE);
    CHECK(memcmp(st, keep, sizeof st) == 0);
    CHECK_EQ_INT(zkp_poseidon2_bn254_permute_batch(st, 8), ZKP_OK); /* the bad state is not read */
}

/* ---- sponges, compression, errors (31-bit) ------------------------------------ */

typedef zkp_status (*hash31_fn)(const uint32_t *, size_t, uint32_t *);
typedef zkp_status (*compress31_fn)(const uint32_t *, const uint32_t *, uint32_t *);

static void test_modes31(void) {
    th_section("31-bit sponge and compression");
    hash31_fn hashes[2] = {zkp_poseidon2_babybear_hash, zkp_poseidon2_koalabear_hash};
    compress31_fn comps[2] = {zkp_poseidon2_babybear_compress, zkp_poseidon2_koalabear_compress};
    for (int f = 0; f < 2; f++) { /* fixed set */
        const inst31 *in = &k_inst[2 * f]; /* width 16 */
        for (size_t n = 0; n <= 25; n++) { /* fixed set */
            uint32_t msg[25], s[16] = {0}, out[8];
            for (size_t j = 0; j < n; j++) msg[j] = rand_elem(in->p);
            for (size_t j = 0; j < n; j += 8) { /* overwrite mode, permute after each block */
                for (size_t k = 0; k < 8 && j + k < n; k++) s[k] = msg[j + k];
                oracle31(in, s);
            }
            CHECK_EQ_INT(hashes[f](n ? msg : NULL, n, out), ZKP_OK);
            CHECK_MSG(memcmp(out, s, sizeof out) == 0, "%s hash of %zu", in->name, n);
            if (n >= 8) {
                CHECK_EQ_INT(hashes[f](msg, n, msg), ZKP_OK); /* out aliasing in */
                CHECK(memcmp(msg, s, sizeof out) == 0);
            }
        }
        uint32_t l[8], r[8], s[16], out[8];
        for (int j = 0; j < 8; j++) s[j] = l[j] = rand_elem(in->p), s[8 + j] = r[j] = rand_elem(in->p);
        oracle31(in, s);
        CHECK_EQ_INT(comps[f](l, r, out), ZKP_OK);
        CHECK(memcmp(out, s, sizeof out) == 0);
        CHECK_EQ_INT(comps[f](l, r, l), ZKP_OK); /* out aliasing left */
        CHECK(memcmp(l, s, sizeof out) == 0);

        th_section("31-bit errors");
        r[3] = in->p;
        memset(out, 0x5a, sizeof out);
        CHECK_EQ_INT(comps[f](l, r, out), ZKP_ERR_RANGE);
        CHECK_EQ_U64(out[0], 0x5a5a5a5au);
        CHECK_EQ_INT(comps[f](NULL, r, out), ZKP_ERR_NULL);
        CHECK_EQ_INT(hashes[f](r, 8, out), ZKP_ERR_RANGE);
        CHECK_EQ_U64(out[0], 0x5a5a5a5au);
        CHECK_EQ_INT(hashes[f](NULL, 1, out), ZKP_ERR_NULL);
        CHECK_EQ_INT(hashes[f](l, SIZE_MAX / 2, out), ZKP_ERR_LENGTH); /* before reading in */
        CHECK_EQ_INT(hashes[f](r, 1, NULL), ZKP_ERR_NULL);
    }
    for (int k = 0; k < 4; k++) { /* fixed set */
        const inst31 *in = &k_inst[k];
        uint32_t st[3 * 24], keep[3 * 24];
        for (size_t i = 0; i < 3 * 24; i++) st[i] = rand_elem(in->p);
        CHECK_EQ_INT(in->permute(st, 15), ZKP_ERR_COUNT);
        CHECK_EQ_INT(in->permute(st, 0), ZKP_ERR_COUNT);
        CHECK_EQ_INT(in->permute(st, 32), ZKP_ERR_COUNT);
        CHECK_EQ_INT(in->permute(NULL, in->t), ZKP_ERR_NULL);
        CHECK_EQ_INT(in->batch(st, 8, 1), ZKP_ERR_COUNT);
        CHECK_EQ_INT(in->batch(NULL, in->t, 0), ZKP_OK);
        CHECK_EQ_INT(in->batch(NULL, in->t, 1), ZKP_ERR_NULL);
        CHECK_EQ_INT(in->batch(st, in->t, SIZE_MAX / 2), ZKP_ERR_LENGTH);
        uint32_t bad[2] = {in->p, 0xffffffffu};
        for (int b = 0; b < 2; b++) {
            st[2 * in->t + 5] = bad[b]; /* the last state of three */
            memcpy(keep, st, sizeof st);
            CHECK_EQ_INT(in->batch(st, in->t, 3), ZKP_ERR_RANGE);
            CHECK(memcmp(st, keep, sizeof st) == 0);
            st[5] = bad[b];
            memcpy(keep, st, sizeof st);
            CHECK_EQ_INT(in->permute(st, in->t), ZKP_ERR_RANGE);
            CHECK(memcmp(st, keep, sizeof st) == 0);
            st[5] = 0, st[2 * in->t + 5] = 0;
        }
    }
}

/* ---- the references' known answers -------------------------------------------- */

static int parse_bn(const char *tok, zkp_poseidon_fr *x) {
    if (!strncmp(tok, "0x", 2)) tok += 2;
    size_t len = strlen(tok);
    if (len == 0 || len > 64) return -1;
    memset(x, 0, sizeof *x);
    for (size_t i = 0; i < len; i++) {
        char c = tok[len - 1 - i];
        unsigned v = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 99u;
        if (v > 15) return -1;
        x->limb[i / 16] |= (uint64_t)v << (4 * (i % 16));
    }
    return 0;
}

static void test_vectors(void) {
    th_section("reference vectors");
    char *text = th_read_file(th_vector_path("poseidon2/vectors.txt"), NULL);
    CHECK_MSG(text != NULL, "cannot read poseidon2/vectors.txt");
    if (!text) return;
    int records = 0;
    char *tok[64], *cursor = text;
    for (int nt, arrow; (nt = th_next_record(&cursor, tok, 64, &arrow)) >= 0;) {
        CHECK_MSG(nt >= 3 && arrow > 2, "bad vector record");
        if (nt < 3 || arrow <= 2) continue;
        int nin = arrow - 2, nout = nt - arrow;
        records++;
        if (!strcmp(tok[0], "bn254")) {
            zkp_poseidon_fr in[16], out[4], want[4];
            for (int i = 0; i < nin && i < 16; i++) CHECK(parse_bn(tok[2 + i], &in[i]) == 0);
            for (int i = 0; i < nout && i < 4; i++) CHECK(parse_bn(tok[arrow + i], &want[i]) == 0);
            if (!strcmp(tok[1], "permute") && nin == 4 && nout == 4) {
                memcpy(out, in, sizeof out);
                CHECK_EQ_INT(zkp_poseidon2_bn254_permute(out), ZKP_OK);
                CHECK_MSG(memcmp(out, want, sizeof out) == 0, "bn254 permute vector");
                th_for_each_cpu_level(bn254_vector_batch_at_level, &(bn_vec){in, want});
            } else if (!strcmp(tok[1], "hash") && nout == 1) {
                CHECK_EQ_INT(zkp_poseidon2_bn254_hash(in, (size_t)nin, out), ZKP_OK);
                CHECK_MSG(memcmp(out, want, sizeof want[0]) == 0, "bn254 hash vector");
            } else CHECK_MSG(0, "unknown bn254 record %s", tok[1]);
            continue;
        }
        const inst31 *in = NULL;
        for (int k = 0; k < 4; k++)
            if (!strcmp(tok[0], k_inst[k].name)) in = &k_inst[k];
        CHECK_MSG(in && !strcmp(tok[1], "permute") && nin == (int)in->t && nout == (int)in->t, "bad record %s",
                  tok[0]);
        if (!in || nin != (int)in->t || nout != (int)in->t) continue;
        uint32_t st[24], want[24];
        int raw_bad = -1;
        for (unsigned i = 0; i < in->t; i++) {
            unsigned long long v = strtoull(tok[2 + i], NULL, 10);
            if (v >= in->p) raw_bad = (int)i;
            st[i] = (uint32_t)(v % in->p); /* Plonky3's new_array reduces */
            want[i] = (uint32_t)strtoull(tok[arrow + i], NULL, 10);
        }
        if (raw_bad >= 0) { /* the raw value is rejected, not reduced */
            uint32_t raw[24];
            memcpy(raw, st, sizeof raw);
            raw[raw_bad] += in->p;
            CHECK_EQ_INT(in->permute(raw, in->t), ZKP_ERR_RANGE);
        }
        uint32_t orc[24];
        memcpy(orc, st, sizeof orc);
        oracle31(in, orc);
        CHECK_MSG(memcmp(orc, want, in->t * 4) == 0, "%s vector: the oracle disagrees", in->name);
        CHECK_EQ_INT(in->permute(st, in->t), ZKP_OK);
        CHECK_MSG(memcmp(st, want, in->t * 4) == 0, "%s vector", in->name);
    }
    CHECK_EQ_INT(records, 6);
    free(text);
}

int main(void) {
    th_init("test_poseidon2");
    for (int k = 0; k < 4; k++) setup31(&k_inst[k]);
    setup_bn254();
    test_field();
    test_vectors();
    test_kernels();
    test_modes31();
    test_bn254();
    test_bn254_batch();
    return th_finish();
}
