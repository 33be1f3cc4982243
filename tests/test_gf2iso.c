/*
 * Tests of the b256 <-> ghash2 isomorphism (include/zkprim/gf2_iso.h)
 * against the bit-serial oracles in tests/ref/gf2iso_oracle.c:
 *  - the root r = iso(x) satisfies x^256+x^10+x^5+x^2+1 and is the
 *    smallest-encoding one of its 256 conjugates (the documented choice);
 *  - the two generated matrices are inverse; every basis vector x^i maps to
 *    r^i and back;
 *  - random and edge values: round trips both ways, iso(a+b) = iso(a)+iso(b),
 *    iso(a*b) = iso(a)*iso(b) and the inverse map is multiplicative too;
 *  - the constant-time forms equal the table path;
 *  - every kernel of this build that the CPU runs equals the portable one
 *    (batch, single, in place, guarded buffers), at every CPU level.
 */
#include <stdlib.h>
#include <string.h>

#include "gf2/iso_internal.h"
#include "gf2iso_oracle.h"
#include "harness.h"
#include "zkprim/gf2_iso.h"

typedef struct { uint64_t w[4]; } el;

static el fwd(el a) {
    zkp_gf2_b256 x;
    zkp_gf2_ghash2 y;
    memcpy(x.limb, a.w, 32);
    zkp_gf2_b256_to_ghash2_vartime(&y, &x);
    memcpy(a.w, y.limb, 32);
    return a;
}

static el inv(el a) {
    zkp_gf2_ghash2 x;
    zkp_gf2_b256 y;
    memcpy(x.limb, a.w, 32);
    zkp_gf2_ghash2_to_b256_vartime(&y, &x);
    memcpy(a.w, y.limb, 32);
    return a;
}

static el bmul(el a, el b) { el r; ref_b256_mul(r.w, a.w, b.w); return r; }
static el emul(el a, el b) { el r; ref_ghash2_mul(r.w, a.w, b.w); return r; }
static el add(el a, el b) { for (int i = 0; i < 4; i++) a.w[i] ^= b.w[i]; return a; }
static int eq(el a, el b) { return memcmp(a.w, b.w, sizeof a.w) == 0; }
static el bit(int i) { el a = {{0, 0, 0, 0}}; a.w[i / 64] = 1ull << (i % 64); return a; }
static el rnd(void) { el a; for (int i = 0; i < 4; i++) a.w[i] = th_rand64(); return a; }
/* lexicographic on the 256-bit little-endian integer */
static int less(el a, el b) {
    for (int i = 3; i >= 0; i--)
        if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
    return 0;
}

#define N_EDGE 9
static el edge(int k) {
    el a = {{0, 0, 0, 0}};
    switch (k) {
    case 0: break;                                             /* 0 */
    case 1: a.w[0] = 1; break;                                 /* 1 */
    case 2: a.w[0] = 2; break;                                 /* x (b256) / y (ghash2) */
    case 3: memset(a.w, 0xff, sizeof a.w); break;              /* all ones */
    case 4: a.w[3] = 1ull << 63; break;                        /* top bit */
    case 5: a.w[2] = 1; break;                                 /* v (ghash2) / x^128 */
    case 6: a.w[1] = 1ull << 63; break;                        /* top bit of c0 */
    case 7: a.w[0] = a.w[2] = ~0ull; break;                    /* low limbs */
    default: a.w[1] = a.w[3] = 0xf000000000000000ull; break;   /* 4-bit windows */
    }
    return a;
}

static el pick_val(uint64_t i) { return i < N_EDGE ? edge((int)i) : rnd(); }

static void test_root(void) {
    th_section("root");
    zkp_gf2_ghash2 rr;
    zkp_gf2_iso_root(&rr);
    el r;
    memcpy(r.w, rr.limb, 32);
    CHECK(eq(fwd(bit(1)), r));
    /* r^256 + r^10 + r^5 + r^2 + 1 = 0 by repeated oracle multiplication */
    el p[257];
    p[0] = bit(0);
    for (int i = 1; i <= 256; i++) p[i] = emul(p[i - 1], r);
    el f = add(add(add(add(p[256], p[10]), p[5]), p[2]), p[0]);
    CHECK(eq(f, edge(0)));
    /* The conjugates r^(2^k) are all roots; r is the smallest encoding and
     * r^(2^256) = r closes the orbit. */
    el c = r;
    int smallest = 1, closed = 0;
    for (int k = 1; k <= 256; k++) {
        c = emul(c, c);
        if (k < 256 && less(c, r)) smallest = 0;
        if (k < 256 && eq(c, r)) closed = -1;  /* orbit shorter than 256: r not of degree 256 */
        if (k == 256 && eq(c, r) && closed == 0) closed = 1;
    }
    CHECK_MSG(smallest, "a conjugate of r has a smaller encoding than r");
    CHECK_MSG(closed == 1, "r is not of degree 256 over GF(2)");
    /* every basis vector: x^i -> r^i and back */
    int bad_f = 0, bad_i = 0;
    for (int i = 0; i < 256; i++) {
        if (!eq(fwd(bit(i)), p[i])) bad_f++;
        if (!eq(inv(p[i]), bit(i))) bad_i++;
    }
    CHECK_EQ_INT(bad_f, 0);
    CHECK_EQ_INT(bad_i, 0);
}

/* Applies a generated column matrix bit by bit (independent of the tables). */
static el mat(const uint64_t cols[256][4], el a) {
    el r = {{0, 0, 0, 0}};
    for (int i = 0; i < 256; i++)
        if ((a.w[i / 64] >> (i % 64)) & 1)
            for (int k = 0; k < 4; k++) r.w[k] ^= cols[i][k];
    return r;
}

static void test_matrices(void) {
    th_section("matrices");
    int bad = 0;
    for (int i = 0; i < 256; i++) {
        if (!eq(mat(zkpi_gf2iso_inv_cols, mat(zkpi_gf2iso_fwd_cols, bit(i))), bit(i))) bad++;
        if (!eq(mat(zkpi_gf2iso_fwd_cols, mat(zkpi_gf2iso_inv_cols, bit(i))), bit(i))) bad++;
    }
    CHECK_EQ_INT(bad, 0);
    /* the matrices agree with the table path */
    for (uint64_t i = 0; i < th_count(1000); i++) {
        el a = pick_val(i);
        CHECK(eq(mat(zkpi_gf2iso_fwd_cols, a), fwd(a)));
        CHECK(eq(mat(zkpi_gf2iso_inv_cols, a), inv(a)));
    }
}

static void test_homomorphism(void *ctx) {
    (void)ctx;
    th_section("homomorphism");
    uint64_t n = th_count(2000);
    for (uint64_t i = 0; i < n; i++) {
        el a = pick_val(i), b = i < N_EDGE * N_EDGE ? edge((int)(i % N_EDGE)) : rnd();
        if (i < N_EDGE * N_EDGE) a = edge((int)(i / N_EDGE));
        CHECK(eq(inv(fwd(a)), a));
        CHECK(eq(fwd(inv(a)), a));
        CHECK(eq(fwd(add(a, b)), add(fwd(a), fwd(b))));
        CHECK(eq(fwd(bmul(a, b)), emul(fwd(a), fwd(b))));
        CHECK(eq(inv(emul(a, b)), bmul(inv(a), inv(b))));
    }
}

static void test_kernels(void *ctx) {
    (void)ctx;
    th_section("kernels");
    const zkpi_gf2iso_kernel *port = &zkpi_gf2iso_kernels[zkpi_gf2iso_kernel_count - 1];
    CHECK(strcmp(port->info.name, "portable") == 0);
    for (size_t k = 0; k < zkpi_gf2iso_kernel_count; k++) {
        const zkpi_gf2iso_kernel *K = &zkpi_gf2iso_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        for (int dir = 0; dir < 2; dir++) {
            const uint64_t (*tab)[4] = dir ? zkpi_gf2iso_inv_tab : zkpi_gf2iso_fwd_tab;
            size_t n = (size_t)th_count(67) % 200 + 1;
            for (size_t off = 0; off < 3; off++) {
                /* 8-byte aligned starts (the element type's alignment), guarded */
                th_buf in = th_buf_new(32 * n, off * 24), out = th_buf_new(32 * n, off * 8 + 8);
                uint64_t *pin = (uint64_t *)(void *)in.p, *pout = (uint64_t *)(void *)out.p;
                for (size_t e = 0; e < n && e < N_EDGE; e++) {
                    el v = edge((int)e);
                    memcpy(pin + 4 * e, v.w, 32);
                }
                uint64_t *want = malloc(32 * n);
                port->apply(want, pin, n, tab);
                K->apply(pout, pin, n, tab);
                CHECK_EQ_BYTES(pout, want, 32 * n);
                /* single-element calls and in-place conversion agree */
                int bad = 0;
                for (size_t e = 0; e < n; e++) {
                    uint64_t one[4];
                    K->apply(one, pin + 4 * e, 1, tab);
                    if (memcmp(one, want + 4 * e, 32)) bad++;
                }
                CHECK_EQ_INT(bad, 0);
                K->apply(pin, pin, n, tab);
                CHECK_EQ_BYTES(pin, want, 32 * n);
                free(want);
                TH_BUF_FREE(in);
                TH_BUF_FREE(out);
            }
        }
    }
    /* The public batch API equals single calls at this level. */
    zkp_gf2_b256 a[5], back[5];
    zkp_gf2_ghash2 b[5], c;
    th_rand_bytes(a, sizeof a);
    CHECK_STATUS(zkp_gf2_b256_to_ghash2_batch_vartime(b, a, 5), ZKP_OK);
    for (int e = 0; e < 5; e++) {
        zkp_gf2_b256_to_ghash2_vartime(&c, &a[e]);
        CHECK_EQ_BYTES(c.limb, b[e].limb, 32);
    }
    CHECK_STATUS(zkp_gf2_ghash2_to_b256_batch_vartime(back, b, 5), ZKP_OK);
    CHECK_EQ_BYTES(back, a, sizeof a);
    /* in place through the public API (same storage viewed as the other type) */
    zkp_gf2_b256 io[5];
    memcpy(io, a, sizeof a);
    CHECK_STATUS(zkp_gf2_b256_to_ghash2_batch_vartime((zkp_gf2_ghash2 *)(void *)io, io, 5), ZKP_OK);
    CHECK_EQ_BYTES(io, b, sizeof b);
}

/* The library's own field arithmetic (gf2.h) uses the same element layout
 * as these tests: its products agree with the oracles, so the isomorphism is
 * a homomorphism for gf2.h's b256 and ghash2 too. */
static void test_gf2_agreement(void *ctx) {
    (void)ctx;
    th_section("gf2.h agreement");
    for (uint64_t i = 0; i < th_count(500); i++) {
        el a = pick_val(i), b = rnd();
        zkp_gf2_b256 x, y, xy;
        zkp_gf2_ghash2 fx, fy, fxfy;
        memcpy(x.limb, a.w, 32);
        memcpy(y.limb, b.w, 32);
        zkp_gf2_b256_mul(&xy, &x, &y);
        el p;
        memcpy(p.w, xy.limb, 32);
        CHECK(eq(p, bmul(a, b)));
        zkp_gf2_b256_to_ghash2_vartime(&fx, &x);
        zkp_gf2_b256_to_ghash2_vartime(&fy, &y);
        zkp_gf2_ghash2_mul(&fxfy, &fx, &fy);
        memcpy(p.w, fxfy.limb, 32);
        CHECK(eq(p, emul(fwd(a), fwd(b))));
        CHECK(eq(p, fwd(bmul(a, b))));
    }
}

/* The constant-time forms equal the table path (and are inverse). */
static void test_ct(void) {
    th_section("constant time");
    for (uint64_t i = 0; i < th_count(500); i++) {
        el a = pick_val(i);
        zkp_gf2_b256 x, xb;
        zkp_gf2_ghash2 y, yb;
        memcpy(x.limb, a.w, 32);
        memcpy(y.limb, a.w, 32);
        zkp_gf2_b256_to_ghash2(&yb, &x);
        zkp_gf2_ghash2_to_b256(&xb, &y);
        el f = fwd(a), g = inv(a);
        CHECK_EQ_BYTES(yb.limb, f.w, 32);
        CHECK_EQ_BYTES(xb.limb, g.w, 32);
        zkp_gf2_ghash2_to_b256(&xb, &yb);
        CHECK_EQ_BYTES(xb.limb, a.w, 32);
        /* in place */
        zkp_gf2_b256_to_ghash2((zkp_gf2_ghash2 *)(void *)&x, &x);
        CHECK_EQ_BYTES(x.limb, f.w, 32);
    }
}

static void test_api(void) {
    th_section("api");
    zkp_gf2_b256 a = {{0, 0, 0, 0}};
    zkp_gf2_ghash2 g = {{0, 0, 0, 0}};
    CHECK_STATUS(zkp_gf2_b256_to_ghash2_batch_vartime(NULL, &a, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_gf2_ghash2_to_b256_batch_vartime(&a, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_gf2_b256_to_ghash2_batch_vartime(&g, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_gf2_b256_to_ghash2_batch_vartime(NULL, NULL, 0), ZKP_OK);
    CHECK_STATUS(zkp_gf2_ghash2_to_b256_batch_vartime(NULL, NULL, 0), ZKP_OK);
    CHECK(zkp_gf2_iso_implementation() != NULL);
}

/* Batch counts whose byte size (32n) wraps are
 * ZKP_ERR_LENGTH before any element is read or written. */
static void test_size_overflow(void) {
    th_section("size overflow: huge batch counts are ZKP_ERR_LENGTH");
    zkp_gf2_b256 a[2] = {{{1, 2, 3, 4}}, {{5, 6, 7, 8}}};
    zkp_gf2_ghash2 g[2];
    const size_t huge[] = {SIZE_MAX, SIZE_MAX / 2 + 1, (size_t)1 << 63, (size_t)1 << 59};
    for (size_t h = 0; h < sizeof huge / sizeof huge[0]; h++) {
        CHECK_STATUS(zkp_gf2_b256_to_ghash2_batch_vartime(g, a, huge[h]), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_gf2_ghash2_to_b256_batch_vartime(a, g, huge[h]), ZKP_ERR_LENGTH);
    }
}

int main(void) {
    th_init("gf2iso");
    test_size_overflow();
    /* The oracles themselves: v^2 = v + y^121, and x * x^255 wraps through
     * the b256 modulus. */
    el v = bit(128), w = bit(121);
    CHECK(eq(emul(v, v), add(v, w)));
    el x255 = bit(255), x1 = bit(1), f = {{(1u << 10) | (1u << 5) | (1u << 2) | 1u, 0, 0, 0}};
    CHECK(eq(bmul(x1, x255), f));
    test_root();
    test_matrices();
    test_api();
    test_ct();
    th_for_each_cpu_level(test_homomorphism, NULL);
    th_for_each_cpu_level(test_kernels, NULL);
    th_for_each_cpu_level(test_gf2_agreement, NULL);
    return th_finish();
}
