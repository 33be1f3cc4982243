/*
 * The gf2 API layer: field descriptors, the generic (field-id) and typed
 * entry points, inversion, powers and fixed-base tables. Arithmetic goes
 * to the dispatched kernel's per-field functions; the kernel is looked up
 * once per call (once per batch for the batch functions).
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "gf2/gf2_internal.h"

/* Default window widths: from `zkprim field-bench --sweep-windows 9..15
 * --min-log 20 --max-log 20 --cpu-time` on the development machine (Xeon,
 * 2 MiB L2): 11 bits was best or tied for every field at 2^20 powers, where
 * the table shares L2 with the streamed exponents and results; for small
 * cache-resident batches 13 bits is ~15% faster (see docs/gf2.md). */
const gf2_field_desc zkpi_gf2_fields[ZKP_GF2_FIELD_COUNT] = {
    {"b127", 127, 2, ~(uint64_t)0 >> 1, 11},
    {"ghash128", 128, 2, ~(uint64_t)0, 11},
    {"b163", 163, 3, ((uint64_t)1 << 35) - 1, 11},
    {"b191", 191, 3, ~(uint64_t)0 >> 1, 11},
    {"sect193", 193, 4, 1, 11},
    {"ghash2", 256, 4, ~(uint64_t)0, 11},
    {"b256", 256, 4, ~(uint64_t)0, 11},
};

#define VALID(f) ((unsigned)(f) < ZKP_GF2_FIELD_COUNT)

zkp_status zkp_gf2_field_by_name(const char *name, zkp_gf2_field *out) {
    if (!name || !out) return ZKP_ERR_NULL;
    for (unsigned i = 0; i < ZKP_GF2_FIELD_COUNT; i++)
        if (strcmp(name, zkpi_gf2_fields[i].name) == 0) {
            *out = (zkp_gf2_field)i;
            return ZKP_OK;
        }
    return ZKP_ERR_PARAM;
}
const char *zkp_gf2_field_name(zkp_gf2_field f) { return VALID(f) ? zkpi_gf2_fields[f].name : NULL; }
unsigned zkp_gf2_field_limbs(zkp_gf2_field f) { return VALID(f) ? zkpi_gf2_fields[f].limbs : 0; }
unsigned zkp_gf2_field_degree(zkp_gf2_field f) { return VALID(f) ? zkpi_gf2_fields[f].degree : 0; }

static int reduced(zkp_gf2_field f, const uint64_t *a) {
    unsigned nl = zkpi_gf2_fields[f].limbs;
    return (a[nl - 1] & ~zkpi_gf2_fields[f].top_mask) == 0;
}

/* ---- generic entry points -------------------------------------------------- */

zkp_status zkp_gf2_check(zkp_gf2_field f, const uint64_t *a) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!a) return ZKP_ERR_NULL;
    return reduced(f, a) ? ZKP_OK : ZKP_ERR_RANGE;
}

zkp_status zkp_gf2_add(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!r || !a || !b) return ZKP_ERR_NULL;
    for (unsigned i = 0; i < zkpi_gf2_fields[f].limbs; i++) r[i] = a[i] ^ b[i];
    return ZKP_OK;
}

zkp_status zkp_gf2_mul(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!r || !a || !b) return ZKP_ERR_NULL;
    zkpi_gf2_kernel_active()->ops[f].mul(r, a, b);
    return ZKP_OK;
}

zkp_status zkp_gf2_square(zkp_gf2_field f, uint64_t *r, const uint64_t *a) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!r || !a) return ZKP_ERR_NULL;
    zkpi_gf2_kernel_active()->ops[f].sqr(r, a);
    return ZKP_OK;
}

zkp_status zkp_gf2_mul_batch(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (n == 0) return ZKP_OK;
    if (!r || !a || !b) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n, zkpi_gf2_fields[f].limbs * sizeof *r)) return ZKP_ERR_LENGTH;
    zkpi_gf2_kernel_active()->ops[f].mul_batch(r, a, b, n);
    return ZKP_OK;
}

/* a^(2^n - 2) by Itoh-Tsujii: b_k = a^(2^k - 1) with b_{k+j} = b_k^(2^j) b_j
 * along the binary expansion of n - 1, then one square. About n squarings
 * and 2 log2(n) multiplications; no branch on a (the chain depends on n
 * only). a = 0 gives 0. */
static void inv_ops(const gf2_field_ops *op, unsigned n, unsigned nl, uint64_t *r, const uint64_t *a) {
    uint64_t b[ZKP_GF2_MAX_LIMBS], t[ZKP_GF2_MAX_LIMBS];
    unsigned m = n - 1, k = 1;
    int top = 31;
    while (!((m >> top) & 1)) top--;
    memcpy(b, a, nl * 8);
    for (int i = top - 1; i >= 0; i--) {
        memcpy(t, b, nl * 8);
        for (unsigned s = 0; s < k; s++) op->sqr(t, t);
        op->mul(b, t, b);   /* b_{2k} */
        k *= 2;
        if ((m >> i) & 1) {
            op->sqr(b, b);
            op->mul(b, b, a);  /* b_{k+1} */
            k++;
        }
    }
    op->sqr(r, b);
}

zkp_status zkp_gf2_inv(zkp_gf2_field f, uint64_t *r, const uint64_t *a) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!r || !a) return ZKP_ERR_NULL;
    const gf2_field_desc *d = &zkpi_gf2_fields[f];
    uint64_t nz = 0;
    for (unsigned i = 0; i < d->limbs; i++) nz |= a[i];
    inv_ops(&zkpi_gf2_kernel_active()->ops[f], d->degree, d->limbs, r, a);
    return nz ? ZKP_OK : ZKP_ERR_RANGE;
}

/* Left-to-right square-and-multiply; the multiply always runs and a mask
 * selects its result, so timing depends on e_limbs only. */
static void pow_ops(const gf2_field_ops *op, unsigned nl, uint64_t *r, const uint64_t *a, const uint64_t *e,
                    size_t e_limbs) {
    uint64_t acc[ZKP_GF2_MAX_LIMBS] = {1, 0, 0, 0}, base[ZKP_GF2_MAX_LIMBS], t[ZKP_GF2_MAX_LIMBS];
    memcpy(base, a, nl * 8);
    for (size_t i = e_limbs; i-- > 0;) {
        for (int bit = 63; bit >= 0; bit--) {
            op->sqr(acc, acc);
            op->mul(t, acc, base);
            uint64_t m = zkpi_value_barrier_u64((uint64_t)0 - ((e[i] >> bit) & 1));
            for (unsigned l = 0; l < nl; l++) acc[l] = zkpi_ct_select(m, t[l], acc[l]);
        }
    }
    memcpy(r, acc, nl * 8);
}

zkp_status zkp_gf2_pow(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!r || !a || (!e && e_limbs)) return ZKP_ERR_NULL;
    /* the exponent is read from its top limb down: e + e_limbs must not wrap */
    if (!zkpi_array_ok(e_limbs, sizeof *e)) return ZKP_ERR_LENGTH;
    pow_ops(&zkpi_gf2_kernel_active()->ops[f], zkpi_gf2_fields[f].limbs, r, a, e, e_limbs);
    return ZKP_OK;
}

zkp_status zkp_gf2_from_bytes(zkp_gf2_field f, uint64_t *r, const uint8_t *in) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!r || !in) return ZKP_ERR_NULL;
    uint64_t t[ZKP_GF2_MAX_LIMBS];
    unsigned nl = zkpi_gf2_fields[f].limbs;
    for (unsigned i = 0; i < nl; i++) t[i] = zkpi_load64_le(in + 8 * i);
    if (!reduced(f, t)) return ZKP_ERR_RANGE;
    memcpy(r, t, nl * 8);
    return ZKP_OK;
}

zkp_status zkp_gf2_to_bytes(zkp_gf2_field f, uint8_t *out, const uint64_t *a) {
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (!out || !a) return ZKP_ERR_NULL;
    for (unsigned i = 0; i < zkpi_gf2_fields[f].limbs; i++) zkpi_store64_le(out + 8 * i, a[i]);
    return ZKP_OK;
}

/* ---- typed entry points: the field is a constant, no switch ----------------- */

#define GF2_TYPED(F, ID)                                                                           \
    void zkp_gf2_##F##_add(zkp_gf2_##F *r, const zkp_gf2_##F *a, const zkp_gf2_##F *b) {           \
        for (unsigned i = 0; i < sizeof r->limb / 8; i++) r->limb[i] = a->limb[i] ^ b->limb[i];    \
    }                                                                                              \
    void zkp_gf2_##F##_mul(zkp_gf2_##F *r, const zkp_gf2_##F *a, const zkp_gf2_##F *b) {           \
        zkpi_gf2_kernel_active()->ops[ID].mul(r->limb, a->limb, b->limb);                               \
    }                                                                                              \
    void zkp_gf2_##F##_square(zkp_gf2_##F *r, const zkp_gf2_##F *a) {                              \
        zkpi_gf2_kernel_active()->ops[ID].sqr(r->limb, a->limb);                                        \
    }                                                                                              \
    zkp_status zkp_gf2_##F##_mul_batch(zkp_gf2_##F *r, const zkp_gf2_##F *a, const zkp_gf2_##F *b, \
                                       size_t n) {                                                 \
        return zkp_gf2_mul_batch(ID, r ? r->limb : NULL, a ? a->limb : NULL, b ? b->limb : NULL, n); \
    }                                                                                              \
    zkp_status zkp_gf2_##F##_inv(zkp_gf2_##F *r, const zkp_gf2_##F *a) {                          \
        return zkp_gf2_inv(ID, r ? r->limb : NULL, a ? a->limb : NULL);                            \
    }                                                                                              \
    zkp_status zkp_gf2_##F##_pow(zkp_gf2_##F *r, const zkp_gf2_##F *a, const uint64_t *e,          \
                                 size_t e_limbs) {                                                 \
        return zkp_gf2_pow(ID, r ? r->limb : NULL, a ? a->limb : NULL, e, e_limbs);                \
    }                                                                                              \
    zkp_status zkp_gf2_##F##_from_bytes(zkp_gf2_##F *r, const uint8_t *in) {                       \
        return zkp_gf2_from_bytes(ID, r ? r->limb : NULL, in);                                     \
    }                                                                                              \
    void zkp_gf2_##F##_to_bytes(uint8_t *out, const zkp_gf2_##F *a) {                              \
        for (unsigned i = 0; i < sizeof a->limb / 8; i++) zkpi_store64_le(out + 8 * i, a->limb[i]); \
    }

GF2_TYPED(b127, ZKP_GF2_B127)
GF2_TYPED(ghash128, ZKP_GF2_GHASH128)
GF2_TYPED(b163, ZKP_GF2_B163)
GF2_TYPED(b191, ZKP_GF2_B191)
GF2_TYPED(sect193, ZKP_GF2_SECT193)
GF2_TYPED(ghash2, ZKP_GF2_GHASH2)
GF2_TYPED(b256, ZKP_GF2_B256)

/* ---- fixed-base tables ---------------------------------------------------------- */

unsigned zkp_gf2_fixed_base_default_window(zkp_gf2_field f) {
    return VALID(f) ? zkpi_gf2_fields[f].default_window : 0;
}

size_t zkp_gf2_fixed_base_table_bytes(zkp_gf2_field f, unsigned w) {
    if (!VALID(f) || w < 1 || w > 20) return 0;
    unsigned nwin = (128 + w - 1) / w;
    return (size_t)nwin * ((size_t)1 << w) * zkpi_gf2_fields[f].limbs * 8;
}

zkp_status zkp_gf2_fixed_base_new(zkp_gf2_fixed_base **out, zkp_gf2_field f, const uint64_t *base, unsigned w) {
    if (!out || !base) return ZKP_ERR_NULL;
    *out = NULL;
    if (!VALID(f)) return ZKP_ERR_PARAM;
    if (w == 0) w = zkpi_gf2_fields[f].default_window;
    if (w > 20) return ZKP_ERR_PARAM;
    if (!reduced(f, base)) return ZKP_ERR_RANGE;
    const unsigned nl = zkpi_gf2_fields[f].limbs, nwin = (128 + w - 1) / w;
    const size_t per = (size_t)1 << w;
    zkp_gf2_fixed_base *t = malloc(sizeof *t);
    if (!t) return ZKP_ERR_NOMEM;
    t->tab = malloc(zkp_gf2_fixed_base_table_bytes(f, w));
    if (!t->tab) {
        free(t);
        return ZKP_ERR_NOMEM;
    }
    t->magic = GF2_FB_MAGIC;
    t->field = f;
    t->w = w;
    t->nwin = nwin;
    const gf2_field_ops *op = &zkpi_gf2_kernel_active()->ops[f];
    uint64_t g[ZKP_GF2_MAX_LIMBS];
    memcpy(g, base, nl * 8);
    for (unsigned j = 0; j < nwin; j++) {
        uint64_t *blk = t->tab + (size_t)j * per * nl;
        memset(blk, 0, nl * 8);
        blk[0] = 1;
        /* entry d = g_j^d: even d as a square of d/2, odd d as (d-1) times g_j */
        for (size_t d = 1; d < per; d++) {
            if (d & 1) op->mul(blk + d * nl, blk + (d - 1) * nl, g);
            else op->sqr(blk + d * nl, blk + (d / 2) * nl);
        }
        for (unsigned s = 0; s < w; s++) op->sqr(g, g);   /* g_{j+1} = g_j^(2^w) */
    }
    *out = t;
    return ZKP_OK;
}

/* The kernels index the table with (field, w, nwin) and the exponent bits,
 * so a table whose header was overwritten (or freed, or never built) would
 * send them far outside it. Every entry point checks the header first: the
 * magic, a known field, a window width _new accepts and the window count
 * that width implies. */
static int fb_valid(const zkp_gf2_fixed_base *t) {
    return t->magic == GF2_FB_MAGIC && VALID(t->field) && t->w >= 1 && t->w <= 20 &&
           t->nwin == (128 + t->w - 1) / t->w && t->tab;
}

void zkp_gf2_fixed_base_free(zkp_gf2_fixed_base *t) {
    /* An invalid header is left alone (leaked) rather than passed to free:
     * its tab pointer cannot be trusted. */
    if (!t || !fb_valid(t)) return;
    t->magic = 0;  /* a second free of the same pointer is then ignored too */
    free(t->tab);
    free(t);
}


unsigned zkp_gf2_fixed_base_window(const zkp_gf2_fixed_base *t) { return t && fb_valid(t) ? t->w : 0; }
zkp_gf2_field zkp_gf2_fixed_base_field(const zkp_gf2_fixed_base *t) {
    return t && fb_valid(t) ? t->field : ZKP_GF2_FIELD_COUNT;
}

zkp_status zkp_gf2_fixed_base_pow_batch_vartime(const zkp_gf2_fixed_base *t, uint64_t *out, const uint64_t *exps,
                                                size_t n) {
    if (!t) return ZKP_ERR_NULL;
    if (!fb_valid(t)) return ZKP_ERR_STATE;
    if (n == 0) return ZKP_OK;
    if (!out || !exps) return ZKP_ERR_NULL;
    /* two exponent limbs in, one element out per power */
    if (!zkpi_array_ok(n, 2 * sizeof *exps) || !zkpi_array_ok(n, zkpi_gf2_fields[t->field].limbs * sizeof *out))
        return ZKP_ERR_LENGTH;
    zkpi_gf2_kernel_active()->ops[t->field].fb_batch(out, t->tab, t->w, t->nwin, exps, n);
    return ZKP_OK;
}

zkp_status zkp_gf2_fixed_base_pow_vartime(const zkp_gf2_fixed_base *t, uint64_t *out, const uint64_t exp[2]) {
    return zkp_gf2_fixed_base_pow_batch_vartime(t, out, exp, 1);
}
