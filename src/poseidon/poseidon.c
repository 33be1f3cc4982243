/*
 * Public Poseidon API: argument checks, canonical <-> Montgomery
 * conversion, the light-poseidon error model and the kernel dispatch
 * (Merkle trees: tree.c). The permutation itself lives in perm_tmpl.h (one compilation per
 * kernel).
 */
#include <string.h>

#include "core/util.h"
#include "bn254/fr.h"
#include "poseidon/internal.h"
#include "zkprim/poseidon.h"

/* ---- dispatch ---------------------------------------------------------------- */

/* avx512ifma and avx2: their batch op (ops->hash_many, behind hash_batch
 * and the trees) runs eight / four states at a time in vector lanes; their
 * other operations are the base scalar kernel's, so they need that kernel's
 * features too. Both also need BMI2 whatever the base: their build flags
 * (ZKP_FLAGS_AVX2 / _AVX512IFMA) let the compiler emit shlx / shrx, as it
 * does in a ZKP_NO_BMI2 build (ctest kernel-isa, knobs stage). */
#if ZKP_HAVE_BMI2
#define BASE_NEED (ZKP_CPU_BMI2 | ZKP_CPU_ADX)
#else
#define BASE_NEED 0
#endif

const zkpi_poseidon_kernel zkpi_poseidon_kernels[] = {
#if ZKP_HAVE_AVX512IFMA
    /* what its build flags let the compiler emit (ctest kernel-isa) */
    {{"avx512ifma",
      ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ | ZKP_CPU_AVX512IFMA | ZKP_CPU_AVX2 |
          ZKP_CPU_BMI2 | BASE_NEED, 1},
     &zkpi_poseidon_ops_ifma},
#endif
#if ZKP_HAVE_AVX2
    /* avx2: hash_batch at t = 2..5 (kernel_avx2.c) */
    {{"avx2", ZKP_CPU_AVX2 | ZKP_CPU_BMI2 | BASE_NEED, 1}, &zkpi_poseidon_ops_avx2},
#endif
#if ZKP_HAVE_BMI2
    {{"bmi2", ZKP_CPU_BMI2 | ZKP_CPU_ADX, 1}, &zkpi_poseidon_ops_bmi2},
#endif
    {{"portable", 0, 1}, &zkpi_poseidon_ops_portable},
};
const size_t zkpi_poseidon_kernel_count = ZKP_ARRAY_LEN(zkpi_poseidon_kernels);

const zkpi_poseidon_kernel *zkpi_poseidon_kernel_active(void) {
    static _Atomic uint64_t cache;
    return ZKP_DISPATCH(&cache, zkpi_poseidon_kernels);
}

const char *zkp_poseidon_implementation(void) { return zkpi_poseidon_kernel_active()->info.name; }

/* ---- conversions ----------------------------------------------------------------- */

static const zkpi_fr k_one_canonical = {{1, 0, 0, 0}};

static void load_be(zkpi_fr *x, const uint8_t b[32]) {
    for (int i = 0; i < 4; i++) x->v[3 - i] = zkpi_load64_be(b + 8 * i);
}
static void load_le(zkpi_fr *x, const uint8_t b[32]) {
    for (int i = 0; i < 4; i++) x->v[i] = zkpi_load64_le(b + 8 * i);
}
static void store_be(uint8_t b[32], const zkpi_fr *x) {
    for (int i = 0; i < 4; i++) zkpi_store64_be(b + 8 * i, x->v[3 - i]);
}
static void store_le(uint8_t b[32], const zkpi_fr *x) {
    for (int i = 0; i < 4; i++) zkpi_store64_le(b + 8 * i, x->v[i]);
}

static void from_pub(zkpi_fr *x, const zkp_poseidon_fr *p) { memcpy(x->v, p->limb, sizeof x->v); }
static void to_pub(zkp_poseidon_fr *p, const zkpi_fr *x) { memcpy(p->limb, x->v, sizeof x->v); }

static void to_mont(const zkpi_poseidon_ops *ops, zkpi_fr *x) { ops->mul(x, x, &zkpi_bn254_r2); }
static void from_mont(const zkpi_poseidon_ops *ops, zkpi_fr *x) { ops->mul(x, x, &k_one_canonical); }

/* 32 bytes (big- or little-endian) to a canonical element, and back. */
static zkp_status fr_from_bytes(zkp_poseidon_fr *out, const uint8_t in[32], int be) {
    if (!out || !in) return ZKP_ERR_NULL;
    zkpi_fr x;
    if (be) load_be(&x, in);
    else load_le(&x, in);
    if (!zkpi_bn254_is_canonical(x.v)) return ZKP_ERR_RANGE;
    to_pub(out, &x);
    return ZKP_OK;
}
static void fr_to_bytes(uint8_t out[32], const zkp_poseidon_fr *in, int be) {
    zkpi_fr x;
    from_pub(&x, in);
    if (be) store_be(out, &x);
    else store_le(out, &x);
}

zkp_status zkp_poseidon_fr_from_be(zkp_poseidon_fr *out, const uint8_t in[32]) { return fr_from_bytes(out, in, 1); }
zkp_status zkp_poseidon_fr_from_le(zkp_poseidon_fr *out, const uint8_t in[32]) { return fr_from_bytes(out, in, 0); }
void zkp_poseidon_fr_to_be(uint8_t out[32], const zkp_poseidon_fr *in) { fr_to_bytes(out, in, 1); }
void zkp_poseidon_fr_to_le(uint8_t out[32], const zkp_poseidon_fr *in) { fr_to_bytes(out, in, 0); }

/* ---- core hash: state holds canonical values, lane 0 = capacity ------------------ */

/* Widths this build carries (ZKP_POSEIDON_ONLY_T, params.h): all in the
 * default build; else one, and the others are ZKP_ERR_COUNT. */
#if ZKP_POSEIDON_ONLY_T
#define WIDTH_BUILT(t) ((t) == ZKP_POSEIDON_ONLY_T)
#else
#define WIDTH_BUILT(t) 1
#endif

/* s[0..t) canonical in, s[0] = hash out (canonical). */
static void hash_state(zkpi_fr *s, unsigned t) {
    const zkpi_poseidon_ops *ops = zkpi_poseidon_kernel_active()->ops;
    for (unsigned i = 0; i < t; i++) to_mont(ops, &s[i]);
    ops->hash(t, s);
    from_mont(ops, &s[0]);
}

zkp_status zkp_poseidon_hash_tagged(const zkp_poseidon_fr *capacity, const zkp_poseidon_fr *inputs, size_t n_inputs,
                                    zkp_poseidon_fr *out) {
    if (n_inputs < 1 || n_inputs > ZKP_POSEIDON_MAX_INPUTS || !WIDTH_BUILT(n_inputs + 1)) return ZKP_ERR_COUNT;
    if (!inputs || !out) return ZKP_ERR_NULL;
    zkpi_fr s[ZKP_POSEIDON_MAX_WIDTH];
    memset(&s[0], 0, sizeof s[0]);
    if (capacity) from_pub(&s[0], capacity);
    for (size_t i = 0; i < n_inputs; i++) from_pub(&s[i + 1], &inputs[i]);
    for (size_t i = 0; i <= n_inputs; i++)
        if (!zkpi_bn254_is_canonical(s[i].v)) return ZKP_ERR_RANGE;
    hash_state(s, (unsigned)n_inputs + 1);
    to_pub(out, &s[0]);
    return ZKP_OK;
}

zkp_status zkp_poseidon_hash(const zkp_poseidon_fr *inputs, size_t n_inputs, zkp_poseidon_fr *out) {
    return zkp_poseidon_hash_tagged(NULL, inputs, n_inputs, out);
}

static zkp_status hash_bytes(const uint8_t *inputs, size_t n, uint8_t out[32], int be) {
    if (n < 1 || n > ZKP_POSEIDON_MAX_INPUTS || !WIDTH_BUILT(n + 1)) return ZKP_ERR_COUNT;
    if (!inputs || !out) return ZKP_ERR_NULL;
    zkpi_fr s[ZKP_POSEIDON_MAX_WIDTH];
    memset(&s[0], 0, sizeof s[0]);
    for (size_t i = 0; i < n; i++) {
        if (be) load_be(&s[i + 1], inputs + 32 * i);
        else load_le(&s[i + 1], inputs + 32 * i);
        if (!zkpi_bn254_is_canonical(s[i + 1].v)) return ZKP_ERR_RANGE;
    }
    hash_state(s, (unsigned)n + 1);
    if (be) store_be(out, &s[0]);
    else store_le(out, &s[0]);
    return ZKP_OK;
}

zkp_status zkp_poseidon_hash_be(const uint8_t *inputs, size_t n_inputs, uint8_t out[32]) {
    return hash_bytes(inputs, n_inputs, out, 1);
}
zkp_status zkp_poseidon_hash_le(const uint8_t *inputs, size_t n_inputs, uint8_t out[32]) {
    return hash_bytes(inputs, n_inputs, out, 0);
}

zkp_status zkp_poseidon_permute(zkp_poseidon_fr *state, size_t t) {
    if (t < ZKP_POSEIDON_MIN_WIDTH || t > ZKP_POSEIDON_MAX_WIDTH || !WIDTH_BUILT(t)) return ZKP_ERR_COUNT;
    if (!state) return ZKP_ERR_NULL;
    zkpi_fr s[ZKP_POSEIDON_MAX_WIDTH];
    for (size_t i = 0; i < t; i++) {
        from_pub(&s[i], &state[i]);
        if (!zkpi_bn254_is_canonical(s[i].v)) return ZKP_ERR_RANGE;
    }
    const zkpi_poseidon_ops *ops = zkpi_poseidon_kernel_active()->ops;
    for (size_t i = 0; i < t; i++) to_mont(ops, &s[i]);
    ops->permute((unsigned)t, s);
    for (size_t i = 0; i < t; i++) {
        from_mont(ops, &s[i]);
        to_pub(&state[i], &s[i]);
    }
    return ZKP_OK;
}

/* ---- batches of hashes ------------------------------------------------------------- */

#define MANY_CHUNK 16 /* two IFMA passes of eight */

zkp_status zkp_poseidon_hash_batch(const zkp_poseidon_fr *inputs, size_t n_inputs, size_t n, zkp_poseidon_fr *outs) {
    if (n_inputs < 1 || n_inputs > ZKP_POSEIDON_MAX_INPUTS || !WIDTH_BUILT(n_inputs + 1)) return ZKP_ERR_COUNT;
    if (n == 0) return ZKP_OK;
    if (!inputs || !outs) return ZKP_ERR_NULL;
    /* n_inputs * n elements are read: an n that wraps that product (or
     * makes it larger than any object) would read out of bounds */
    if (!zkpi_array_ok(n, n_inputs * sizeof *inputs)) return ZKP_ERR_LENGTH;
    for (size_t i = 0; i < n_inputs * n; i++) {
        zkpi_fr x;
        from_pub(&x, &inputs[i]);
        if (!zkpi_bn254_is_canonical(x.v)) return ZKP_ERR_RANGE;
    }
    const zkpi_poseidon_ops *ops = zkpi_poseidon_kernel_active()->ops;
    const unsigned t = (unsigned)n_inputs + 1;
    zkpi_fr s[MANY_CHUNK * ZKP_POSEIDON_MAX_WIDTH];
    for (size_t base = 0; base < n; base += MANY_CHUNK) {
        size_t m = n - base < MANY_CHUNK ? n - base : MANY_CHUNK;
        for (size_t j = 0; j < m; j++) {
            zkpi_fr *st = &s[j * t];
            memset(&st[0], 0, sizeof st[0]);
            for (size_t i = 0; i < n_inputs; i++) {
                from_pub(&st[i + 1], &inputs[(base + j) * n_inputs + i]);
                to_mont(ops, &st[i + 1]);
            }
        }
        ops->hash_many(t, s, m);
        /* outs may alias inputs: every input of this chunk is already read. */
        for (size_t j = 0; j < m; j++) {
            from_mont(ops, &s[j * t]);
            to_pub(&outs[base + j], &s[j * t]);
        }
    }
    return ZKP_OK;
}

/* ---- light-poseidon ------------------------------------------------------------------- */

static const char *const k_lp_names[] = {
    "Ok", "EmptyInput", "InvalidInputLength", "InputLargerThanModulus", "InvalidNumberOfInputs",
    "InvalidWidthCircom", "NullPointer", "InvalidHasher",
};

const char *zkp_poseidon_lp_error_name(zkp_poseidon_lp_error e) {
    if ((unsigned)e >= ZKP_ARRAY_LEN(k_lp_names)) return "Unknown";
    return k_lp_names[e];
}

static zkp_status lp_fail(zkp_poseidon_lp_detail *d, zkp_poseidon_lp_error e, zkp_poseidon_lp_detail f) {
    /* the mapping in poseidon.h; INVALID_WIDTH_CIRCOM is a count of inputs */
    static const zkp_status map[] = {ZKP_OK,        ZKP_ERR_EMPTY_INPUT, ZKP_ERR_LENGTH, ZKP_ERR_RANGE,
                                     ZKP_ERR_COUNT, ZKP_ERR_COUNT,       ZKP_ERR_NULL,   ZKP_ERR_STATE};
    f.error = e;
    if (d) *d = f;
    return map[e];
}

static zkp_status lp_ok(zkp_poseidon_lp_detail *d) {
    if (d) memset(d, 0, sizeof *d);
    return ZKP_OK;
}

#define LP_VALID 0x4c50u /* "LP": set by the constructors */

zkp_status zkp_poseidon_with_domain_tag_circom(zkp_poseidon_circom *h, size_t n_inputs, const zkp_poseidon_fr *tag,
                                               zkp_poseidon_lp_detail *d) {
    zkp_poseidon_lp_detail f = {0};
    if (!h) return lp_fail(d, ZKP_POSEIDON_LP_NULL_POINTER, f);
    if (n_inputs < 1 || n_inputs > ZKP_POSEIDON_LP_MAX_INPUTS || !WIDTH_BUILT(n_inputs + 1)) {
        /* width n + 1 saturates: SIZE_MAX + 1 would wrap to 0, a width that
         * reads as too small rather than too large (issue 26, defect 11) */
        f.width = n_inputs == SIZE_MAX ? SIZE_MAX : n_inputs + 1;
        f.max_limit = ZKP_POSEIDON_LP_MAX_INPUTS + 1;
        return lp_fail(d, ZKP_POSEIDON_LP_INVALID_WIDTH_CIRCOM, f);
    }
    zkpi_fr x = {{0, 0, 0, 0}};
    if (tag) from_pub(&x, tag);
    if (!zkpi_bn254_is_canonical(x.v)) return lp_fail(d, ZKP_POSEIDON_LP_INPUT_LARGER_THAN_MODULUS, f);
    h->n_inputs = (uint32_t)n_inputs;
    h->valid = LP_VALID;
    to_pub(&h->domain_tag, &x);
    return lp_ok(d);
}

zkp_status zkp_poseidon_new_circom(zkp_poseidon_circom *h, size_t n_inputs, zkp_poseidon_lp_detail *d) {
    return zkp_poseidon_with_domain_tag_circom(h, n_inputs, NULL, d);
}

/* Every field the hash trusts: n_inputs sizes the state array on the stack
 * (t = n + 1 <= 13) and the tag goes into the Montgomery conversion, which
 * needs a canonical value. A configuration never constructed, or whose
 * fields were overwritten, fails here instead of overrunning the state. */
static int lp_valid(const zkp_poseidon_circom *h) {
    zkpi_fr x;
    from_pub(&x, &h->domain_tag);
    return h->valid == LP_VALID && h->n_inputs >= 1 && h->n_inputs <= ZKP_POSEIDON_LP_MAX_INPUTS &&
           WIDTH_BUILT((size_t)h->n_inputs + 1) && zkpi_bn254_is_canonical(x.v);
}

static zkp_status lp_count(const zkp_poseidon_circom *h, size_t n, zkp_poseidon_lp_detail *d) {
    zkp_poseidon_lp_detail f = {0};
    if (n != h->n_inputs) {
        f.inputs = n;
        f.max_limit = h->n_inputs;
        f.width = (size_t)h->n_inputs + 1;
        return lp_fail(d, ZKP_POSEIDON_LP_INVALID_NUMBER_OF_INPUTS, f);
    }
    return ZKP_OK;
}

static void lp_hash(const zkp_poseidon_circom *h, zkpi_fr *s) {
    from_pub(&s[0], &h->domain_tag);
    hash_state(s, h->n_inputs + 1);
}

zkp_status zkp_poseidon_circom_hash(const zkp_poseidon_circom *h, const zkp_poseidon_fr *inputs, size_t n,
                                    zkp_poseidon_fr *out, zkp_poseidon_lp_detail *d) {
    zkp_poseidon_lp_detail f = {0};
    if (!h || !out || (n && !inputs)) return lp_fail(d, ZKP_POSEIDON_LP_NULL_POINTER, f);
    if (!lp_valid(h)) return lp_fail(d, ZKP_POSEIDON_LP_INVALID_HASHER, f);
    zkp_status st = lp_count(h, n, d);
    if (st != ZKP_OK) return st;
    zkpi_fr s[ZKP_POSEIDON_MAX_WIDTH];
    for (size_t i = 0; i < n; i++) {
        from_pub(&s[i + 1], &inputs[i]);
        if (!zkpi_bn254_is_canonical(s[i + 1].v)) {
            f.index = i;
            return lp_fail(d, ZKP_POSEIDON_LP_INPUT_LARGER_THAN_MODULUS, f);
        }
    }
    lp_hash(h, s);
    to_pub(out, &s[0]);
    return lp_ok(d);
}

/* Steps 1 and 2 of hash_bytes_*: lengths, then ranges; fills s[1..n]. */
static zkp_status lp_parse(const uint8_t *const *inputs, const size_t *lens, size_t n, zkpi_fr *s, int be,
                           zkp_poseidon_lp_detail *d) {
    zkp_poseidon_lp_detail f = {0};
    if (n && (!inputs || !lens)) return lp_fail(d, ZKP_POSEIDON_LP_NULL_POINTER, f);
    for (size_t i = 0; i < n; i++) {
        f.index = i;
        if (lens[i] == 0) return lp_fail(d, ZKP_POSEIDON_LP_EMPTY_INPUT, f);
        if (lens[i] != ZKP_POSEIDON_BYTES) {
            f.len = lens[i];
            f.modulus_bytes_len = ZKP_POSEIDON_BYTES;
            return lp_fail(d, ZKP_POSEIDON_LP_INVALID_INPUT_LENGTH, f);
        }
        if (!inputs[i]) return lp_fail(d, ZKP_POSEIDON_LP_NULL_POINTER, f);
    }
    for (size_t i = 0; i < n; i++) {
        zkpi_fr x;
        if (be) load_be(&x, inputs[i]);
        else load_le(&x, inputs[i]);
        if (!zkpi_bn254_is_canonical(x.v)) {
            f.index = i;
            return lp_fail(d, ZKP_POSEIDON_LP_INPUT_LARGER_THAN_MODULUS, f);
        }
        /* inputs beyond 16 are only validated (the count check rejects them). */
        if (i < ZKP_POSEIDON_MAX_INPUTS) s[i + 1] = x;
    }
    return ZKP_OK;
}

static zkp_status lp_hash_bytes(const zkp_poseidon_circom *h, const uint8_t *const *inputs, const size_t *lens,
                                size_t n, uint8_t out[32], int be, zkp_poseidon_lp_detail *d) {
    zkp_poseidon_lp_detail f = {0};
    if (!out) return lp_fail(d, ZKP_POSEIDON_LP_NULL_POINTER, f);
    if (h && !lp_valid(h)) return lp_fail(d, ZKP_POSEIDON_LP_INVALID_HASHER, f);
    if (!zkpi_array_ok(n, sizeof *lens)) {
        /* More entries than any array can hold: the per-input checks would
         * walk off the caller's arrays, so the count fails first here. */
        f.inputs = n;
        f.max_limit = h ? h->n_inputs : ZKP_POSEIDON_LP_MAX_INPUTS;
        f.width = f.max_limit + 1;
        return lp_fail(d, ZKP_POSEIDON_LP_INVALID_NUMBER_OF_INPUTS, f);
    }
    zkpi_fr s[ZKP_POSEIDON_MAX_WIDTH];
    zkp_status st = lp_parse(inputs, lens, n, s, be, d);
    if (st != ZKP_OK) return st;
    zkp_poseidon_circom one;
    if (!h) {
        if (n < 1 || n > ZKP_POSEIDON_LP_MAX_INPUTS) {
            f.inputs = n;
            f.max_limit = ZKP_POSEIDON_LP_MAX_INPUTS;
            f.width = n + 1;
            return lp_fail(d, ZKP_POSEIDON_LP_INVALID_NUMBER_OF_INPUTS, f);
        }
        st = zkp_poseidon_new_circom(&one, n, d);
        if (st != ZKP_OK) return st;
        h = &one;
    }
    st = lp_count(h, n, d);
    if (st != ZKP_OK) return st;
    lp_hash(h, s);
    if (be) store_be(out, &s[0]);
    else store_le(out, &s[0]);
    return lp_ok(d);
}

zkp_status zkp_poseidon_circom_hash_bytes_be(const zkp_poseidon_circom *h, const uint8_t *const *inputs,
                                             const size_t *lens, size_t n, uint8_t out[32], zkp_poseidon_lp_detail *d) {
    if (!h) return lp_fail(d, ZKP_POSEIDON_LP_NULL_POINTER, (zkp_poseidon_lp_detail){0});
    return lp_hash_bytes(h, inputs, lens, n, out, 1, d);
}
zkp_status zkp_poseidon_circom_hash_bytes_le(const zkp_poseidon_circom *h, const uint8_t *const *inputs,
                                             const size_t *lens, size_t n, uint8_t out[32], zkp_poseidon_lp_detail *d) {
    if (!h) return lp_fail(d, ZKP_POSEIDON_LP_NULL_POINTER, (zkp_poseidon_lp_detail){0});
    return lp_hash_bytes(h, inputs, lens, n, out, 0, d);
}
zkp_status zkp_poseidon_hash_bytes_be(const uint8_t *const *inputs, const size_t *lens, size_t n, uint8_t out[32],
                                      zkp_poseidon_lp_detail *d) {
    return lp_hash_bytes(NULL, inputs, lens, n, out, 1, d);
}
zkp_status zkp_poseidon_hash_bytes_le(const uint8_t *const *inputs, const size_t *lens, size_t n, uint8_t out[32],
                                      zkp_poseidon_lp_detail *d) {
    return lp_hash_bytes(NULL, inputs, lens, n, out, 0, d);
}
