/*
 * gf2 tests: the moduli are irreducible (Rabin) and ghash2's defining
 * polynomial too (trace); every kernel's mul / square / batch / fixed-base
 * powers equal the portable kernel and a bit-serial oracle on random and
 * edge operands, at every CPU level and for every usable entry of the
 * kernel table; inverse, powers, encodings and bad input.
 */
#include <stdlib.h>
#include <string.h>

#include "gf2/gf2_internal.h"
#include "gf2_ref.h"
#include "harness.h"
#include "zkprim/gf2.h"

#define NF ZKP_GF2_FIELD_COUNT
#define ML ZKP_GF2_MAX_LIMBS

static unsigned limbs(int f) { return zkp_gf2_field_limbs((zkp_gf2_field)f); }
static unsigned degree(int f) { return zkp_gf2_field_degree((zkp_gf2_field)f); }

/* Reduced random element, or with probability 1/2 an edge value:
 * 0, 1, x, all ones below the degree, only the top bit, top bit + random. */
static void rand_elem(int f, uint64_t *a, int allow_edge) {
    unsigned nl = limbs(f), n = degree(f);
    memset(a, 0, ML * 8);
    th_rand_bytes(a, nl * 8);
    int kind = allow_edge ? (int)th_rand_below(12) : 11;
    switch (kind) {
    case 0: memset(a, 0, nl * 8); break;
    case 1: memset(a, 0, nl * 8); a[0] = 1; break;
    case 2: memset(a, 0, nl * 8); a[0] = 2; break;
    case 3: memset(a, 0xff, nl * 8); break;
    case 4: memset(a, 0, nl * 8); a[(n - 1) / 64] = (uint64_t)1 << ((n - 1) % 64); break;
    case 5: a[(n - 1) / 64] |= (uint64_t)1 << ((n - 1) % 64); break;
    default: break;
    }
    if (n % 64) a[nl - 1] &= ((uint64_t)1 << (n % 64)) - 1;   /* keep it reduced */
}

/* ---- the moduli -------------------------------------------------------------- */

/* Rabin: f of degree n is irreducible iff x^(2^n) = x mod f and
 * gcd(x^(2^(n/q)) - x, f) = 1 for every prime q | n. */
static void test_rabin(void) {
    th_section("rabin");
    for (int f = 0; f < NF; f++) {
        if (f == ZKP_GF2_GHASH2) continue;
        const int *mod = ref_gf2_modulus(f);
        unsigned n = (unsigned)mod[0];
        /* prime factors of n: 127, 163, 191, 193 are prime; 128 and 256 are 2^k */
        unsigned q = (n == 128 || n == 256) ? 2 : n;
        uint64_t fp[REF_MAXL] = {0}, x[ML] = {2, 0, 0, 0}, t[ML];
        for (int i = 0; mod[i] >= 0; i++) fp[mod[i] / 64] |= (uint64_t)1 << (mod[i] % 64);
        memcpy(t, x, sizeof t);
        for (unsigned i = 0; i < n; i++) {
            if (i == n / q) {   /* t = x^(2^(n/q)): gcd(t - x, f) must be 1 */
                uint64_t d[REF_MAXL] = {0}, g[REF_MAXL];
                memcpy(d, t, sizeof t);
                d[0] ^= 2;
                ref_poly_gcd(g, d, fp, REF_MAXL);
                CHECK_MSG(ref_poly_deg(g, REF_MAXL) == 0, "%s: gcd(x^(2^(n/%u)) - x, f) != 1",
                          zkp_gf2_field_name((zkp_gf2_field)f), q);
            }
            ref_gf2_mul(f, t, t, t);
        }
        CHECK_MSG(memcmp(t, x, limbs(f) * 8) == 0, "%s: x^(2^n) != x", zkp_gf2_field_name((zkp_gf2_field)f));
    }
    /* v^2 + v + c is irreducible over GF(2^128) iff Tr(c) = 1; Tr(c) =
     * c + c^2 + c^4 + ... + c^(2^127) lies in GF(2). */
    uint64_t c[ML] = {0, (uint64_t)1 << 57, 0, 0}, s[ML] = {0}, t[ML];
    memcpy(t, c, sizeof t);
    for (int i = 0; i < 128; i++) {
        s[0] ^= t[0];
        s[1] ^= t[1];
        ref_gf2_mul(ZKP_GF2_GHASH128, t, t, t);
    }
    CHECK_MSG(s[0] == 1 && s[1] == 0, "Tr(x^121) in ghash128 is %016llx%016llx, want 1",
              (unsigned long long)s[1], (unsigned long long)s[0]);
}

/* ---- one kernel against the oracle and the portable kernel --------------------- */

static void check_ops(const gf2_field_ops *ops, const char *kname) {
    const gf2_field_ops *port = zkpi_gf2_ops_portable;
    uint64_t cnt = th_count(300);
    for (int f = 0; f < NF; f++) {
        unsigned nl = limbs(f);
        for (uint64_t it = 0; it < cnt; it++) {
            uint64_t a[ML], b[ML], r[ML], p[ML], o[ML];
            rand_elem(f, a, 1);
            rand_elem(f, b, 1);
            ref_gf2_mul(f, o, a, b);
            ops[f].mul(r, a, b);
            port[f].mul(p, a, b);
            CHECK_MSG(memcmp(r, o, nl * 8) == 0, "%s %s mul != oracle (iter %llu)", kname,
                      zkp_gf2_field_name((zkp_gf2_field)f), (unsigned long long)it);
            CHECK_MSG(memcmp(p, o, nl * 8) == 0, "portable %s mul != oracle", zkp_gf2_field_name((zkp_gf2_field)f));
            ref_gf2_mul(f, o, a, a);
            ops[f].sqr(r, a);
            CHECK_MSG(memcmp(r, o, nl * 8) == 0, "%s %s square != oracle", kname,
                      zkp_gf2_field_name((zkp_gf2_field)f));
            memcpy(r, a, sizeof r);   /* aliasing r == a */
            ops[f].mul(r, r, b);
            ref_gf2_mul(f, o, a, b);
            CHECK_MSG(memcmp(r, o, nl * 8) == 0, "%s %s mul aliased", kname, zkp_gf2_field_name((zkp_gf2_field)f));
        }
        /* batches of every small length (tails) and one longer one */
        static const size_t lens[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 37};
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            size_t n = lens[li];
            th_buf ba = th_buf_new(n * nl * 8, 8), bb = th_buf_new(n * nl * 8, 16),
                   br = th_buf_new(n * nl * 8, 24);
            uint64_t *A = (uint64_t *)(void *)ba.p, *B = (uint64_t *)(void *)bb.p, *R = (uint64_t *)(void *)br.p;
            for (size_t i = 0; i < n; i++) {
                uint64_t t[ML];
                rand_elem(f, t, 1);
                memcpy(A + i * nl, t, nl * 8);
                rand_elem(f, t, 1);
                memcpy(B + i * nl, t, nl * 8);
            }
            ops[f].mul_batch(R, A, B, n);
            int ok = 1;
            for (size_t i = 0; i < n; i++) {
                uint64_t o[ML];
                ref_gf2_mul(f, o, A + i * nl, B + i * nl);
                ok &= memcmp(o, R + i * nl, nl * 8) == 0;
            }
            CHECK_MSG(ok, "%s %s mul_batch n=%zu != oracle", kname, zkp_gf2_field_name((zkp_gf2_field)f), n);
            ops[f].mul_batch(A, A, B, n);   /* in place */
            CHECK_MSG(memcmp(A, R, n * nl * 8) == 0, "%s %s mul_batch in place", kname,
                      zkp_gf2_field_name((zkp_gf2_field)f));
            TH_BUF_FREE(ba);
            TH_BUF_FREE(bb);
            TH_BUF_FREE(br);
        }
    }
}

/* Fixed-base powers from one kernel's fb_batch vs the oracle's
 * square-and-multiply, for a few window widths. */
static void check_fb(const gf2_field_ops *ops, const char *kname) {
    static const unsigned ws[] = {1, 3, 7, 8};
    size_t n = (size_t)th_count(37);   /* 37: full lane groups and a partial one */
    if (n > 64) n = 64;
    for (int f = 0; f < NF; f++) {
        unsigned nl = limbs(f);
        uint64_t g[ML];
        rand_elem(f, g, 0);
        for (size_t wi = 0; wi < sizeof ws / sizeof ws[0]; wi++) {
            zkp_gf2_fixed_base *t = NULL;
            CHECK_STATUS(zkp_gf2_fixed_base_new(&t, (zkp_gf2_field)f, g, ws[wi]), ZKP_OK);
            if (!t) continue;
            uint64_t *e = malloc(n * 16), *out = malloc(n * nl * 8);
            for (size_t i = 0; i < n; i++) {
                e[2 * i] = th_rand64();
                e[2 * i + 1] = th_rand64();
            }
            /* edge exponents: 0, 1, 2^128 - 1, 2^64 */
            e[0] = e[1] = 0;
            if (n > 1) e[2] = 1, e[3] = 0;
            if (n > 2) e[4] = e[5] = ~(uint64_t)0;
            if (n > 3) e[6] = 0, e[7] = 1;
            unsigned nwin = (128 + ws[wi] - 1) / ws[wi];
            const uint64_t *tab = t->tab;
            ops[f].fb_batch(out, tab, ws[wi], nwin, e, n);
            int ok = 1;
            for (size_t i = 0; i < n; i++) {
                uint64_t o[ML];   /* the library's square-and-multiply (itself checked against the oracle) */
                CHECK_STATUS(zkp_gf2_pow((zkp_gf2_field)f, o, g, e + 2 * i, 2), ZKP_OK);
                ok &= memcmp(o, out + i * nl, nl * 8) == 0;
            }
            CHECK_MSG(ok, "%s %s fixed-base w=%u != square-and-multiply", kname,
                      zkp_gf2_field_name((zkp_gf2_field)f), ws[wi]);
            free(e);
            free(out);
            zkp_gf2_fixed_base_free(t);
        }
    }
}

static void test_kernel_table(void) {
    th_section("kernel table");
    size_t nk;
    const gf2_kernel *k = zkpi_gf2_kernels(&nk);
    CHECK(nk >= 1 && strcmp(k[nk - 1].info.name, "portable") == 0);
    for (size_t i = 0; i < nk; i++) {
        if (!zkpi_kernel_usable(&k[i].info)) {
            printf("test_gf2: kernel %s not usable here, skipped\n", k[i].info.name);
            continue;
        }
        printf("test_gf2: kernel %s\n", k[i].info.name);
        check_ops(k[i].ops, k[i].info.name);
        check_fb(k[i].ops, k[i].info.name);
    }
}

/* ---- public API at each CPU level ---------------------------------------------- */

static void api_level(void *ctx) {
    (void)ctx;
    th_section(th_level());
    uint64_t cnt = th_count(50);
    for (int f = 0; f < NF; f++) {
        zkp_gf2_field F = (zkp_gf2_field)f;
        unsigned nl = limbs(f);
        const char *nm = zkp_gf2_field_name(F);
        for (uint64_t it = 0; it < cnt; it++) {
            uint64_t a[ML], b[ML], r[ML], o[ML], one[ML] = {1, 0, 0, 0};
            rand_elem(f, a, 1);
            rand_elem(f, b, 1);
            CHECK_STATUS(zkp_gf2_mul(F, r, a, b), ZKP_OK);
            ref_gf2_mul(f, o, a, b);
            CHECK_MSG(memcmp(r, o, nl * 8) == 0, "%s %s zkp_gf2_mul != oracle", th_level(), nm);
            CHECK_STATUS(zkp_gf2_square(F, r, a), ZKP_OK);
            ref_gf2_mul(f, o, a, a);
            CHECK_MSG(memcmp(r, o, nl * 8) == 0, "%s %s zkp_gf2_square != oracle", th_level(), nm);
            CHECK_STATUS(zkp_gf2_add(F, r, a, b), ZKP_OK);
            CHECK(((r[0] ^ a[0]) == b[0]) && ((r[nl - 1] ^ a[nl - 1]) == b[nl - 1]));
            /* inverse */
            uint64_t z = 0;
            for (unsigned i = 0; i < nl; i++) z |= a[i];
            zkp_status st = zkp_gf2_inv(F, r, a);
            CHECK_STATUS(st, z ? ZKP_OK : ZKP_ERR_RANGE);
            if (z) {
                CHECK_STATUS(zkp_gf2_mul(F, o, r, a), ZKP_OK);
                CHECK_MSG(memcmp(o, one, nl * 8) == 0, "%s %s inv(a) * a != 1", th_level(), nm);
            }
            /* variable-exponent power vs the oracle (capped: the oracle is slow under qemu) */
            if (it < 12) {
                uint64_t e[3] = {th_rand64(), th_rand64(), th_rand64()};
                size_t el = 1 + (size_t)th_rand_below(3);
                CHECK_STATUS(zkp_gf2_pow(F, r, a, e, el), ZKP_OK);
                ref_gf2_pow(f, o, a, e, el);
                CHECK_MSG(memcmp(r, o, nl * 8) == 0, "%s %s pow != oracle", th_level(), nm);
            }
            /* encodings round trip */
            uint8_t buf[32];
            CHECK_STATUS(zkp_gf2_to_bytes(F, buf, a), ZKP_OK);
            CHECK_STATUS(zkp_gf2_from_bytes(F, r, buf), ZKP_OK);
            CHECK(memcmp(r, a, nl * 8) == 0);
        }
        /* Frobenius: a^(2^n) = a, i.e. exponent 2^n (n/64 + 1 limbs) */
        uint64_t a[ML], r[ML], e[5] = {0};
        rand_elem(f, a, 0);
        unsigned n = degree(f);
        e[n / 64] = (uint64_t)1 << (n % 64);
        CHECK_STATUS(zkp_gf2_pow(F, r, a, e, n / 64 + 1), ZKP_OK);
        CHECK_MSG(memcmp(r, a, nl * 8) == 0, "%s %s a^(2^n) != a", th_level(), nm);
        /* table powers == square-and-multiply powers through the public API */
        zkp_gf2_fixed_base *t;
        CHECK_STATUS(zkp_gf2_fixed_base_new(&t, F, a, 5), ZKP_OK);
        for (int i = 0; i < 8 && t; i++) {
            uint64_t ex[2] = {th_rand64(), th_rand64()}, p[ML], q[ML];
            CHECK_STATUS(zkp_gf2_fixed_base_pow_vartime(t, p, ex), ZKP_OK);
            CHECK_STATUS(zkp_gf2_pow(F, q, a, ex, 2), ZKP_OK);
            CHECK_MSG(memcmp(p, q, nl * 8) == 0, "%s %s table power != pow", th_level(), nm);
        }
        zkp_gf2_fixed_base_free(t);
    }
    /* the typed API agrees with the generic one */
    zkp_gf2_b256 x, y, z1;
    uint64_t z2[4];
    rand_elem(ZKP_GF2_B256, x.limb, 0);
    rand_elem(ZKP_GF2_B256, y.limb, 0);
    zkp_gf2_b256_mul(&z1, &x, &y);
    CHECK_STATUS(zkp_gf2_mul(ZKP_GF2_B256, z2, x.limb, y.limb), ZKP_OK);
    CHECK(memcmp(z1.limb, z2, 32) == 0);
    zkp_gf2_ghash2 gx, gy, gz;
    rand_elem(ZKP_GF2_GHASH2, gx.limb, 0);
    rand_elem(ZKP_GF2_GHASH2, gy.limb, 0);
    CHECK_STATUS(zkp_gf2_ghash2_mul_batch(&gz, &gx, &gy, 1), ZKP_OK);
    ref_gf2_mul(ZKP_GF2_GHASH2, z2, gx.limb, gy.limb);
    CHECK(memcmp(gz.limb, z2, 32) == 0);
}

/* ---- bad input ------------------------------------------------------------------- */

static void test_bad_input(void) {
    th_section("bad input");
    zkp_gf2_field f;
    CHECK_STATUS(zkp_gf2_field_by_name("b128", &f), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_gf2_field_by_name("sect193", &f), ZKP_OK);
    CHECK_EQ_INT(f, ZKP_GF2_SECT193);
    CHECK(zkp_gf2_field_name((zkp_gf2_field)99) == NULL);
    uint64_t a[ML] = {0, 0, 0, 2}, r[ML];
    CHECK_STATUS(zkp_gf2_check(ZKP_GF2_SECT193, a), ZKP_ERR_RANGE);
    a[3] = 1;
    CHECK_STATUS(zkp_gf2_check(ZKP_GF2_SECT193, a), ZKP_OK);
    CHECK_STATUS(zkp_gf2_mul((zkp_gf2_field)7, r, a, a), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_gf2_mul(ZKP_GF2_B127, NULL, a, a), ZKP_ERR_NULL);
    uint8_t enc[16];
    memset(enc, 0xff, sizeof enc);
    CHECK_STATUS(zkp_gf2_from_bytes(ZKP_GF2_B127, r, enc), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_gf2_from_bytes(ZKP_GF2_GHASH128, r, enc), ZKP_OK);
    uint8_t enc24[24];
    memset(enc24, 0, sizeof enc24);
    enc24[20] = 0x08;   /* bit 163 */
    CHECK_STATUS(zkp_gf2_from_bytes(ZKP_GF2_B163, r, enc24), ZKP_ERR_RANGE);
    enc24[20] = 0x04;   /* bit 162 */
    CHECK_STATUS(zkp_gf2_from_bytes(ZKP_GF2_B163, r, enc24), ZKP_OK);
    zkp_gf2_fixed_base *t = (zkp_gf2_fixed_base *)1;
    uint64_t g[ML] = {2, 0, 0, 0};
    CHECK_STATUS(zkp_gf2_fixed_base_new(&t, ZKP_GF2_B127, g, 21), ZKP_ERR_PARAM);
    CHECK(t == NULL);
    CHECK_STATUS(zkp_gf2_fixed_base_new(&t, (zkp_gf2_field)9, g, 4), ZKP_ERR_PARAM);
    uint64_t bad[ML] = {0, ~(uint64_t)0, 0, 0};
    CHECK_STATUS(zkp_gf2_fixed_base_new(&t, ZKP_GF2_B127, bad, 4), ZKP_ERR_RANGE);
    CHECK(zkp_gf2_fixed_base_table_bytes(ZKP_GF2_B127, 0) == 0);
    CHECK(zkp_gf2_fixed_base_table_bytes(ZKP_GF2_B256, 8) == 16 * 256 * 32);
    CHECK_STATUS(zkp_gf2_fixed_base_new(&t, ZKP_GF2_B191, g, 0), ZKP_OK);
    CHECK_EQ_INT(zkp_gf2_fixed_base_window(t), zkp_gf2_fixed_base_default_window(ZKP_GF2_B191));
    CHECK_STATUS(zkp_gf2_fixed_base_pow_batch_vartime(t, NULL, NULL, 0), ZKP_OK);
    CHECK_STATUS(zkp_gf2_fixed_base_pow_batch_vartime(t, NULL, g, 1), ZKP_ERR_NULL);
    zkp_gf2_fixed_base_free(t);
    CHECK(zkp_gf2_implementation() != NULL);
}

/* A fixed-base table whose header was overwritten (field, window width,
 * window count, table pointer, magic) is ZKP_ERR_STATE for the powers,
 * 0 / ZKP_GF2_FIELD_COUNT for the getters, and is not passed to free;
 * without the header checks the kernels would index the table with the
 * garbage (w = 0: a shift by -1, nwin huge: reads far past the table). */
static void test_corrupt_table(void) {
    th_section("corrupt fixed-base table: ZKP_ERR_STATE, not freed");
    uint64_t g[ML] = {2, 0, 0, 0}, out[4 * ML], exps[8] = {5, 7, 9, 11, 13, 15, 17, 19};
    zkp_gf2_fixed_base *t = NULL;
    CHECK_STATUS(zkp_gf2_fixed_base_new(&t, ZKP_GF2_B163, g, 4), ZKP_OK);
    if (!t) return;
    const zkp_gf2_fixed_base good = *t;
    for (int c = 0; c < 12; c++) {
        switch (c) {
        case 0: t->magic = 0; break;
        case 1: t->magic = ~GF2_FB_MAGIC; break;
        case 2: t->field = (zkp_gf2_field)ZKP_GF2_FIELD_COUNT; break;
        case 3: t->field = (zkp_gf2_field)0x7FFFFFFF; break;
        case 4: t->w = 0; break;
        case 5: t->w = 21; break;
        case 6: t->w = ~0u; break;
        case 7: t->nwin = 0; break;
        case 8: t->nwin = good.nwin + 1; break;
        case 9: t->nwin = ~0u; break;
        case 10: t->tab = NULL; break;
        case 11: t->w = 8; break; /* a valid width, but not the one the table was built with */
        }
        CHECK_MSG(zkp_gf2_fixed_base_pow_batch_vartime(t, out, exps, 4) == ZKP_ERR_STATE, "case %d", c);
        CHECK_MSG(zkp_gf2_fixed_base_pow_vartime(t, out, exps) == ZKP_ERR_STATE, "case %d", c);
        CHECK_MSG(zkp_gf2_fixed_base_pow_batch_vartime(t, out, exps, 0) == ZKP_ERR_STATE, "case %d", c);
        CHECK_EQ_INT(zkp_gf2_fixed_base_window(t), 0);
        CHECK_EQ_INT(zkp_gf2_fixed_base_field(t), ZKP_GF2_FIELD_COUNT);
        zkp_gf2_fixed_base_free(t); /* ignored: the header cannot be trusted */
        *t = good;
    }
    CHECK_STATUS(zkp_gf2_fixed_base_pow_batch_vartime(t, out, exps, 4), ZKP_OK);
    zkp_gf2_fixed_base_free(t);
}

/* Element counts and exponent lengths whose byte size wraps or exceeds any
 * object are ZKP_ERR_LENGTH (the typed batch and pow forms return a status
 * for this); small real buffers are passed, so a
 * missing check runs off them. */
static void test_size_overflow(void) {
    th_section("size overflow: huge counts and exponent lengths are ZKP_ERR_LENGTH");
    uint64_t a[4 * ML] = {3}, b[4 * ML] = {5}, r[4 * ML], e[4] = {3, 0, 0, 0};
    const size_t huge[] = {SIZE_MAX, SIZE_MAX / 2 + 1, (size_t)1 << 63, (size_t)1 << 61};
    for (size_t h = 0; h < sizeof huge / sizeof huge[0]; h++) {
        const size_t n = huge[h];
        for (unsigned f = 0; f < ZKP_GF2_FIELD_COUNT; f++) {
            CHECK_STATUS(zkp_gf2_mul_batch((zkp_gf2_field)f, r, a, b, n), ZKP_ERR_LENGTH);
            CHECK_STATUS(zkp_gf2_pow((zkp_gf2_field)f, r, a, e, n), ZKP_ERR_LENGTH);
        }
        zkp_gf2_b127 x = {{3, 0}}, y = {{5, 0}}, z;
        zkp_gf2_b256 X = {{3, 0, 0, 0}}, Y = {{5, 0, 0, 0}}, Z;
        CHECK_STATUS(zkp_gf2_b127_mul_batch(&z, &x, &y, n), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_gf2_b256_mul_batch(&Z, &X, &Y, n), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_gf2_b127_pow(&z, &x, e, n), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_gf2_b256_pow(&Z, &X, e, n), ZKP_ERR_LENGTH);
    }
    /* the typed forms now check pointers too */
    zkp_gf2_b163 p = {{2, 0, 0}};
    CHECK_STATUS(zkp_gf2_b163_mul_batch(NULL, &p, &p, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_gf2_b163_mul_batch(NULL, NULL, NULL, 0), ZKP_OK);
    CHECK_STATUS(zkp_gf2_b163_pow(&p, &p, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_gf2_b163_pow(&p, &p, NULL, 0), ZKP_OK);
    CHECK_EQ_U64(p.limb[0], 1); /* a^0 = 1 */
    /* Found by the misuse probe: the typed inv and from_bytes formed
     * r->limb from a NULL r (undefined behaviour, a UBSan report) before the
     * generic form could return ZKP_ERR_NULL. */
    uint8_t enc[24] = {0};
    CHECK_STATUS(zkp_gf2_b163_inv(NULL, &p), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_gf2_b163_inv(&p, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_gf2_b163_from_bytes(NULL, enc), ZKP_ERR_NULL);
    /* fixed-base powers: 2 limbs in and up to 4 out per power */
    zkp_gf2_fixed_base *t = NULL;
    uint64_t g[ML] = {2, 0, 0, 0};
    CHECK_STATUS(zkp_gf2_fixed_base_new(&t, ZKP_GF2_B256, g, 4), ZKP_OK);
    for (size_t h = 0; h < sizeof huge / sizeof huge[0]; h++)
        CHECK_STATUS(zkp_gf2_fixed_base_pow_batch_vartime(t, r, e, huge[h]), ZKP_ERR_LENGTH);
    zkp_gf2_fixed_base_free(t);
}

int main(void) {
    th_init("test_gf2");
    test_rabin();
    test_bad_input();
    test_corrupt_table();
    test_size_overflow();
    test_kernel_table();
    th_for_each_cpu_level(api_level, NULL);
    return th_finish();
}
