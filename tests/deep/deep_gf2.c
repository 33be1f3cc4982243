/*
 * Deep run, binary fields GF(2^n) and the b256 <-> ghash2 isomorphism (deep.h).
 *
 *   mul   all seven fields: every kernel's mul, sqr and mul_batch (1..64
 *         elements, the tails) and the public mul/square against the
 *         portable kernel; squares against products; unreduced elements
 *         rejected by zkp_gf2_check and from_bytes (ZKP_ERR_RANGE, output
 *         untouched); oracle: gf2_ref.c (bit-serial shift-and-add products,
 *         bitwise reduction).
 *   pow   inv at every CPU level (a * a^-1 = 1, 0 -> ZKP_ERR_RANGE), pow at
 *         every level against the portable level, fixed-base powers through
 *         every kernel's fb_batch and the public calls against pow; oracle:
 *         gf2_ref.c square-and-multiply.
 *   iso   every isomorphism kernel, the vartime single/batch and the
 *         constant-time conversions, both directions, against the portable
 *         kernel and an independent linear map (sum of the powers of the
 *         root, computed with gf2iso_oracle.c); oracle: the homomorphism
 *         iso(a*b) = iso(a)*iso(b) with bit-serial products in both fields.
 */
#include <stdlib.h>
#include <string.h>

#include "core/cpu_internal.h"
#include "deep.h"
#include "gf2/gf2_internal.h"
#include "gf2/iso_internal.h"
#include "gf2_ref.h"
#include "gf2iso_oracle.h"
#include "zkprim/gf2.h"
#include "zkprim/gf2_iso.h"

#define NL 4 /* limbs of the widest field */

static const gf2_kernel *g_k;
static size_t g_nk;

static const gf2_kernel *portable_kernel(void) { return &g_k[g_nk - 1]; }

/* Batch calls take n elements of `limbs` limbs back to back. */
static void pack(uint64_t *dst, const uint64_t (*src)[NL], size_t n, unsigned limbs) {
    for (size_t j = 0; j < n; j++) memcpy(dst + j * limbs, src[j], limbs * 8);
}

/* A reduced element of field f: 0, 1, x, all ones, the top bit, a few bits,
 * or uniform. */
static void rand_elem(unsigned f, uint64_t *a) {
    const gf2_field_desc *d = &zkpi_gf2_fields[f];
    memset(a, 0, NL * 8);
    switch (th_rand_below(10)) {
    case 0: break;
    case 1: a[0] = 1; break;
    case 2: a[0] = 2; break;
    case 3: memset(a, 0xFF, d->limbs * 8); break;
    case 4: { unsigned b = d->degree - 1; a[b / 64] = 1ull << (b % 64); break; }
    case 5:
        for (int k = 0; k < 3; k++) {
            unsigned b = (unsigned)th_rand_below(d->degree);
            a[b / 64] |= 1ull << (b % 64);
        }
        break;
    default: th_rand_bytes(a, d->limbs * 8);
    }
    a[d->limbs - 1] &= d->top_mask;
}

static void suite_mul(void) {
    deep_suite S;
    if (!deep_begin(&S, "gf2", "mul")) return;
    enum { MAXN = 64 };
    uint64_t a[MAXN][NL], b[MAXN][NL], want[MAXN][NL], r[MAXN][NL], x[NL], y[NL];
    uint64_t pa[MAXN * NL], pb[MAXN * NL], pr[MAXN * NL];
    uint8_t bytes[32];
    char what[96];
    const gf2_kernel *port = portable_kernel();
    for (size_t k = 0; k < g_nk; k++)
        if (zkpi_kernel_usable(&g_k[k].info)) deep_kernel(&S, g_k[k].info.name);
    for (uint64_t i = 0, g = 0; i < g_deep.n; g++) {
        const unsigned f = (unsigned)(g % ZKP_GF2_FIELD_COUNT);
        const size_t n = 1 + (g / ZKP_GF2_FIELD_COUNT) % MAXN, sz = zkpi_gf2_fields[f].limbs * 8;
        const char *fname = zkpi_gf2_fields[f].name;
        for (size_t j = 0; j < n; j++) {
            rand_elem(f, a[j]);
            rand_elem(f, b[j]);
            port->ops[f].mul(want[j], a[j], b[j]);
            port->ops[f].sqr(x, a[j]);
            port->ops[f].mul(y, a[j], a[j]);
            snprintf(what, sizeof what, "%s portable sqr vs mul", fname);
            deep_eq(&S, what, x, y, sz, a[j], sz);
            if (deep_oracle_pick(&S, i + j)) {
                ref_gf2_mul((int)f, x, a[j], b[j]);
                snprintf(what, sizeof what, "%s portable mul vs bit-serial oracle", fname);
                deep_eq(&S, what, want[j], x, sz, a[j], sz);
            }
            if (zkp_gf2_mul((zkp_gf2_field)f, x, a[j], b[j]) != ZKP_OK) memset(x, 0xEE, sz);
            snprintf(what, sizeof what, "%s zkp_gf2_mul (%s) vs portable", fname, zkp_gf2_implementation());
            deep_eq(&S, what, x, want[j], sz, a[j], sz);
            if (zkp_gf2_square((zkp_gf2_field)f, x, a[j]) != ZKP_OK) memset(x, 0xEE, sz);
            port->ops[f].mul(y, a[j], a[j]);
            deep_eq(&S, "zkp_gf2_square vs portable mul", x, y, sz, a[j], sz);
        }
        for (size_t k = 0; k < g_nk; k++) {
            const gf2_kernel *K = &g_k[k];
            if (!zkpi_kernel_usable(&K->info)) continue;
            const unsigned nl = zkpi_gf2_fields[f].limbs;
            pack(pa, a, n, nl);
            pack(pb, b, n, nl);
            K->ops[f].mul_batch(pr, pa, pb, n);
            snprintf(what, sizeof what, "%s %s mul_batch n=%zu vs portable mul", fname, K->info.name, n);
            for (size_t j = 0; j < n; j++) deep_eq(&S, what, pr + j * nl, want[j], sz, a[j], sz);
            if (K == port) continue;
            for (size_t j = 0; j < n; j++) {
                K->ops[f].mul(x, a[j], b[j]);
                snprintf(what, sizeof what, "%s %s mul vs portable", fname, K->info.name);
                deep_eq(&S, what, x, want[j], sz, a[j], sz);
                K->ops[f].sqr(x, a[j]);
                port->ops[f].sqr(y, a[j]);
                snprintf(what, sizeof what, "%s %s sqr vs portable", fname, K->info.name);
                deep_eq(&S, what, x, y, sz, a[j], sz);
            }
        }
        /* encodings: reduced ones round-trip, unreduced ones are rejected */
        if (g % 4 == 0) {
            if (zkp_gf2_to_bytes((zkp_gf2_field)f, bytes, a[0]) != ZKP_OK ||
                zkp_gf2_from_bytes((zkp_gf2_field)f, x, bytes) != ZKP_OK)
                memset(x, 0xEE, sz);
            deep_eq(&S, "from_bytes(to_bytes(a))", x, a[0], sz, a[0], sz);
            deep_ok(&S, "zkp_gf2_check of a reduced element", zkp_gf2_check((zkp_gf2_field)f, a[0]) == ZKP_OK, a[0], sz);
            const gf2_field_desc *d = &zkpi_gf2_fields[f];
            if (d->degree < 64 * d->limbs) {
                memcpy(y, a[0], sz);
                unsigned bit = d->degree + (unsigned)th_rand_below(64 * d->limbs - d->degree);
                y[bit / 64] |= 1ull << (bit % 64);
                deep_ok(&S, "zkp_gf2_check of an unreduced element: ZKP_ERR_RANGE",
                        zkp_gf2_check((zkp_gf2_field)f, y) == ZKP_ERR_RANGE, y, sz);
                for (unsigned k = 0; k < d->limbs; k++)
                    for (unsigned byte = 0; byte < 8; byte++) bytes[8 * k + byte] = (uint8_t)(y[k] >> (8 * byte));
                memset(x, 0xA5, sz);
                memset(r[0], 0xA5, sz);
                deep_ok(&S, "from_bytes of an unreduced encoding: ZKP_ERR_RANGE",
                        zkp_gf2_from_bytes((zkp_gf2_field)f, x, bytes) == ZKP_ERR_RANGE, bytes, sz);
                deep_eq(&S, "from_bytes of an unreduced encoding: output untouched", x, r[0], sz, bytes, sz);
            }
        }
        i += n;
        S.inputs += n;
    }
    deep_end(&S);
}

/* ---- pow ------------------------------------------------------------------------- */

static void impl_name(char *buf, size_t cap) { snprintf(buf, cap, "%s", zkp_gf2_implementation()); }

static void rand_exp(uint64_t e[2]) {
    static const uint64_t edges[] = {0, 1, 2, 3, ~0ull, ~0ull - 1, 0x8000000000000000ull};
    e[0] = deep_edge_u64(edges, 7);
    e[1] = th_rand_below(3) ? deep_edge_u64(edges, 7) : 0;
}

static void suite_pow(void) {
    deep_suite S;
    if (!deep_begin(&S, "gf2", "pow")) return;
    enum { B = 64 };
    uint64_t a[B][NL], e[B][2], pw[B][NL], iw[B][NL], x[NL], y[NL], one[NL] = {1, 0, 0, 0};
    uint64_t fb[B * NL], base[NL];
    char what[96];
    const gf2_kernel *port = portable_kernel();
    for (uint64_t i = 0, g = 0; i < g_deep.n; g++) {
        const unsigned f = (unsigned)(g % ZKP_GF2_FIELD_COUNT);
        const zkp_gf2_field F = (zkp_gf2_field)f;
        const unsigned nl = zkpi_gf2_fields[f].limbs;
        const size_t sz = nl * 8;
        const char *fname = zkpi_gf2_fields[f].name;
        deep_force("portable");
        for (size_t j = 0; j < B; j++) {
            rand_elem(f, a[j]);
            rand_exp(e[j]);
            zkp_status s = zkp_gf2_pow(F, pw[j], a[j], e[j], 2);
            deep_ok(&S, "pow status", s == ZKP_OK, a[j], sz);
            s = zkp_gf2_inv(F, iw[j], a[j]);
            int zero = !memcmp(a[j], (uint64_t[NL]){0}, sz);
            if (zero) {
                deep_ok(&S, "inv(0): ZKP_ERR_RANGE", s == ZKP_ERR_RANGE, a[j], sz);
            } else {
                port->ops[f].mul(x, a[j], iw[j]);
                snprintf(what, sizeof what, "%s a * inv(a) == 1", fname);
                deep_eq(&S, what, x, one, sz, a[j], sz);
            }
            if (deep_oracle_pick(&S, i + j)) {
                ref_gf2_pow((int)f, x, a[j], e[j], 2);
                snprintf(what, sizeof what, "%s pow vs bit-serial oracle", fname);
                deep_eq(&S, what, pw[j], x, sz, a[j], sz);
            }
        }
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_name)) {
            deep_kernel(&S, it.impl);
            if (it.nseen == 1) continue; /* portable: the reference */
            for (size_t j = 0; j < B; j++) {
                if (zkp_gf2_pow(F, x, a[j], e[j], 2) != ZKP_OK) memset(x, 0xEE, sz);
                snprintf(what, sizeof what, "%s pow at %s vs portable", fname, zkp_gf2_implementation());
                deep_eq(&S, what, x, pw[j], sz, a[j], sz);
                zkp_status s = zkp_gf2_inv(F, x, a[j]);
                if (s != ZKP_OK) memset(x, 0, sz);
                snprintf(what, sizeof what, "%s inv at %s vs portable", fname, zkp_gf2_implementation());
                deep_eq(&S, what, x, iw[j], sz, a[j], sz);
            }
        }
        /* fixed-base powers of one base: every kernel's fb_batch, the public calls */
        if (g % 16 < ZKP_GF2_FIELD_COUNT) {
            deep_force("portable");
            rand_elem(f, base);
            const unsigned w = th_rand_below(2) ? 0 : 1 + (unsigned)th_rand_below(8);
            zkp_gf2_fixed_base *t = NULL;
            if (!deep_ok(&S, "fixed_base_new", zkp_gf2_fixed_base_new(&t, F, base, w) == ZKP_OK, base, sz)) continue;
            for (size_t j = 0; j < B; j++)
                if (zkp_gf2_pow(F, pw[j], base, e[j], 2) != ZKP_OK) memset(pw[j], 0xEE, sz);
            for (size_t k = 0; k < g_nk; k++) {
                const gf2_kernel *K = &g_k[k];
                if (!zkpi_kernel_usable(&K->info)) continue;
                const size_t n = 1 + th_rand_below(B);
                K->ops[f].fb_batch(fb, t->tab, t->w, t->nwin, e[0], n);
                snprintf(what, sizeof what, "%s %s fb_batch w=%u n=%zu vs pow", fname, K->info.name, t->w, n);
                for (size_t j = 0; j < n; j++) deep_eq(&S, what, fb + j * nl, pw[j], sz, e[j], 16);
            }
            deep_force("native");
            zkp_status s = zkp_gf2_fixed_base_pow_batch_vartime(t, fb, e[0], B);
            deep_ok(&S, "fixed_base_pow_batch status", s == ZKP_OK, NULL, 0);
            for (size_t j = 0; j < B; j++) {
                deep_eq(&S, "fixed_base_pow_batch_vartime vs pow", fb + j * nl, pw[j], sz, e[j], 16);
                if (zkp_gf2_fixed_base_pow_vartime(t, y, e[j]) != ZKP_OK) memset(y, 0xEE, sz);
                deep_eq(&S, "fixed_base_pow_vartime vs pow", y, pw[j], sz, e[j], 16);
            }
            zkp_gf2_fixed_base_free(t);
        }
        i += B;
        S.inputs += B;
    }
    deep_end(&S);
}

/* ---- iso --------------------------------------------------------------------------- */

static uint64_t g_rpow[256][4]; /* root^i in ghash2 */

/* The map b256 -> ghash2 from its definition: sum of a_i r^i. */
static void iso_ref(uint64_t out[4], const uint64_t a[4]) {
    uint64_t acc[4] = {0, 0, 0, 0};
    for (int i = 0; i < 256; i++)
        if ((a[i / 64] >> (i % 64)) & 1)
            for (int k = 0; k < 4; k++) acc[k] ^= g_rpow[i][k];
    memcpy(out, acc, sizeof acc);
}

static void iso_ref_init(deep_suite *S) {
    zkp_gf2_ghash2 r;
    zkp_gf2_iso_root(&r);
    uint64_t x[4] = {1, 0, 0, 0}, sum[4] = {0};
    for (int i = 0; i <= 256; i++) {
        if (i < 256) memcpy(g_rpow[i], x, sizeof x);
        if (i == 0 || i == 2 || i == 5 || i == 10 || i == 256)
            for (int k = 0; k < 4; k++) sum[k] ^= x[k];
        ref_ghash2_mul(x, x, r.limb);
    }
    /* the root is a root of b256's modulus x^256 + x^10 + x^5 + x^2 + 1 */
    const uint64_t zero[4] = {0};
    deep_eq(S, "iso root: f(r) == 0 with the bit-serial ghash2 product", sum, zero, 32, r.limb, 32);
}

static void suite_iso(void) {
    deep_suite S;
    if (!deep_begin(&S, "gf2", "iso")) return;
    iso_ref_init(&S);
    enum { MAXN = 64 };
    uint64_t a[MAXN][4], fw[MAXN][4], bw[MAXN][4], c[MAXN][4], r[MAXN][4], x[4], y[4], z[4];
    char what[96];
    const zkpi_gf2iso_kernel *port = &zkpi_gf2iso_kernels[zkpi_gf2iso_kernel_count - 1];
    for (size_t k = 0; k < zkpi_gf2iso_kernel_count; k++)
        if (zkpi_kernel_usable(&zkpi_gf2iso_kernels[k].info)) deep_kernel(&S, zkpi_gf2iso_kernels[k].info.name);
    for (uint64_t i = 0, g = 0; i < g_deep.n; g++) {
        const size_t n = 1 + g % MAXN;
        for (size_t j = 0; j < n; j++) {
            rand_elem(ZKP_GF2_B256, a[j]);
            rand_elem(ZKP_GF2_GHASH2, c[j]);
        }
        port->apply(fw[0], a[0], n, zkpi_gf2iso_fwd_tab);
        port->apply(bw[0], c[0], n, zkpi_gf2iso_inv_tab);
        for (size_t j = 0; j < n; j++) {
            iso_ref(x, a[j]);
            deep_eq(&S, "portable b256->ghash2 vs sum of root powers", fw[j], x, 32, a[j], 32);
            iso_ref(x, bw[j]);
            deep_eq(&S, "portable ghash2->b256: map(result) == input", x, c[j], 32, c[j], 32);
            if (deep_oracle_pick(&S, i + j)) {
                const size_t o = (j + 1) % n; /* a second operand */
                ref_b256_mul(x, a[j], a[o]);
                iso_ref(y, x);
                ref_ghash2_mul(z, fw[j], fw[o]);
                deep_eq(&S, "iso(a*b) == iso(a)*iso(b), bit-serial oracle", y, z, 32, a[j], 32);
            }
        }
        for (size_t k = 0; k + 1 < zkpi_gf2iso_kernel_count; k++) {
            const zkpi_gf2iso_kernel *K = &zkpi_gf2iso_kernels[k];
            if (!zkpi_kernel_usable(&K->info)) continue;
            K->apply(r[0], a[0], n, zkpi_gf2iso_fwd_tab);
            snprintf(what, sizeof what, "%s b256->ghash2 n=%zu vs portable", K->info.name, n);
            for (size_t j = 0; j < n; j++) deep_eq(&S, what, r[j], fw[j], 32, a[j], 32);
            K->apply(r[0], c[0], n, zkpi_gf2iso_inv_tab);
            snprintf(what, sizeof what, "%s ghash2->b256 n=%zu vs portable", K->info.name, n);
            for (size_t j = 0; j < n; j++) deep_eq(&S, what, r[j], bw[j], 32, c[j], 32);
        }
        deep_ok(&S, "batch status",
                zkp_gf2_b256_to_ghash2_batch_vartime((zkp_gf2_ghash2 *)r, (const zkp_gf2_b256 *)a, n) == ZKP_OK, NULL, 0);
        for (size_t j = 0; j < n; j++) deep_eq(&S, "b256_to_ghash2_batch_vartime", r[j], fw[j], 32, a[j], 32);
        deep_ok(&S, "batch status",
                zkp_gf2_ghash2_to_b256_batch_vartime((zkp_gf2_b256 *)r, (const zkp_gf2_ghash2 *)c, n) == ZKP_OK, NULL, 0);
        for (size_t j = 0; j < n; j++) deep_eq(&S, "ghash2_to_b256_batch_vartime", r[j], bw[j], 32, c[j], 32);
        for (size_t j = 0; j < n; j++) {
            zkp_gf2_b256_to_ghash2_vartime((zkp_gf2_ghash2 *)x, (const zkp_gf2_b256 *)a[j]);
            deep_eq(&S, "b256_to_ghash2_vartime", x, fw[j], 32, a[j], 32);
            zkp_gf2_b256_to_ghash2((zkp_gf2_ghash2 *)x, (const zkp_gf2_b256 *)a[j]);
            deep_eq(&S, "b256_to_ghash2 (constant time)", x, fw[j], 32, a[j], 32);
            zkp_gf2_ghash2_to_b256_vartime((zkp_gf2_b256 *)x, (const zkp_gf2_ghash2 *)c[j]);
            deep_eq(&S, "ghash2_to_b256_vartime", x, bw[j], 32, c[j], 32);
            zkp_gf2_ghash2_to_b256((zkp_gf2_b256 *)x, (const zkp_gf2_ghash2 *)c[j]);
            deep_eq(&S, "ghash2_to_b256 (constant time)", x, bw[j], 32, c[j], 32);
            zkp_gf2_ghash2_to_b256((zkp_gf2_b256 *)x, (const zkp_gf2_ghash2 *)fw[j]);
            deep_eq(&S, "round trip b256 -> ghash2 -> b256", x, a[j], 32, a[j], 32);
        }
        i += n;
        S.inputs += 2 * n;
    }
    deep_end(&S);
}

int deep_gf2(void) {
    g_k = zkpi_gf2_kernels(&g_nk);
    suite_mul();
    suite_pow();
    suite_iso();
    return 0;
}
