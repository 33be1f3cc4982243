/*
 * Deep run, Poseidon family (BN254, circom parameters; deep.h).
 *
 *   kernels  every kernel's hash, permute and hash_many (1..64 states, the
 *            interleaved groups and tails) against the portable kernel's
 *            hash / permute, for every width t = 2..17, on canonical
 *            Montgomery-form states with edge values (0, 1, p-1, ...).
 *   narrow   the same for t = 2 and 3 only (one and two inputs), the widths
 *            of Merkle nodes and commitments, where the bulk is cheap.
 *   api      zkp_poseidon_hash, _hash_be, _hash_le and _hash_many at every
 *            CPU level against the portable level; inputs >= p (p, p+1,
 *            2^256-1, ...) must give ZKP_ERR_RANGE and leave the output
 *            untouched, never be reduced; oracle: the plain circom
 *            permutation (dense round constants and MDS, every round as
 *            written) on GMP integers in normal form, itself checked
 *            against circomlibjs' poseidon([1, 2]) and, per oracle input,
 *            one product against tests/ref/poseidon_bigint.c.
 */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu_internal.h"
#include "deep.h"
#include "poseidon/internal.h"
#include "poseidon/params.h"
#include "poseidon_bigint.h"
#include "zkprim/poseidon.h"

static const uint64_t k_p[4] = {0x43e1f593f0000001ull, 0x2833e84879b97091ull, 0xb85045b68181585dull,
                                0x30644e72e131a029ull};

static int below_p(const uint64_t x[4]) {
    for (int i = 3; i >= 0; i--)
        if (x[i] != k_p[i]) return x[i] < k_p[i];
    return 0;
}

/* x = p + d (d small, signed), 256-bit wrap */
static void p_plus(uint64_t x[4], int64_t d) {
    unsigned __int128 c = (unsigned __int128)k_p[0] + (uint64_t)d;
    x[0] = (uint64_t)c;
    uint64_t carry = (uint64_t)(c >> 64), ext = d < 0 ? ~0ull : 0;
    for (int i = 1; i < 4; i++) {
        c = (unsigned __int128)k_p[i] + ext + carry;
        x[i] = (uint64_t)c;
        carry = (uint64_t)(c >> 64);
    }
}

/* A canonical element: an edge value 1 time in 4, else uniform below p. */
static void rand_fr(uint64_t x[4]) {
    if (th_rand_below(4) == 0) {
        memset(x, 0, 32);
        switch (th_rand_below(8)) {
        case 0: break;
        case 1: x[0] = 1; break;
        case 2: x[0] = th_rand_below(1000); break;
        case 3: p_plus(x, -1); break;
        case 4: p_plus(x, -(int64_t)(1 + th_rand_below(1000))); break;
        case 5: x[th_rand_below(4)] = ~0ull; x[3] &= 0x0fffffffffffffffull; break;
        case 6: x[3] = 1ull << th_rand_below(61); break;
        default: memcpy(x, k_p, 32); x[0] -= 1; x[3] >>= 1; break; /* about (p-1)/2 */
        }
        if (below_p(x)) return;
    }
    do {
        th_rand_bytes(x, 32);
        x[3] &= 0x3fffffffffffffffull;
    } while (!below_p(x));
}

/* A value >= p: p, p+1, p + small, 2^256 - 1, random top. */
static void rand_above(uint64_t x[4]) {
    switch (th_rand_below(5)) {
    case 0: memcpy(x, k_p, 32); break;
    case 1: p_plus(x, 1); break;
    case 2: p_plus(x, (int64_t)th_rand_below(1u << 30)); break;
    case 3: memset(x, 0xFF, 32); break;
    default:
        do th_rand_bytes(x, 32);
        while (below_p(x));
    }
}

/* ---- kernels ------------------------------------------------------------------- */

static const zkpi_poseidon_ops *portable_ops(void) {
    return zkpi_poseidon_kernels[zkpi_poseidon_kernel_count - 1].ops;
}

/* Widths tmin..tmax; "narrow" is t = 2, 3 (one and two inputs: Merkle
 * nodes, commitments), where the bulk is cheapest. */
static void suite_kernels(const char *name, unsigned tmin, unsigned tmax) {
    deep_suite S;
    if (!deep_begin(&S, "poseidon", name)) return;
    const zkpi_poseidon_ops *port = portable_ops();
    enum { MAXC = 64 };
    zkpi_fr *in = malloc(MAXC * 17 * sizeof(zkpi_fr)), *hw = malloc(MAXC * sizeof(zkpi_fr));
    zkpi_fr *pw = malloc(MAXC * 17 * sizeof(zkpi_fr)), *m = malloc(MAXC * 17 * sizeof(zkpi_fr)), st[17];
    char what[96];
    for (size_t k = 0; k < zkpi_poseidon_kernel_count; k++)
        if (zkpi_kernel_usable(&zkpi_poseidon_kernels[k].info)) deep_kernel(&S, zkpi_poseidon_kernels[k].info.name);
    for (uint64_t i = 0, g = 0; i < g_deep.n; g++) {
        const unsigned nt = tmax - tmin + 1;
        const unsigned t = tmin + (unsigned)(g % nt); /* every (t, count) pair in 64 nt groups */
        const size_t c = 1 + (g / nt) % MAXC;
        for (size_t j = 0; j < c * t; j++) rand_fr(in[j].v);
        for (size_t j = 0; j < c; j++) {
            memcpy(&pw[j * t], &in[j * t], t * sizeof st[0]);
            port->permute(t, &pw[j * t]);
            memcpy(st, &in[j * t], t * sizeof st[0]);
            hw[j] = pw[j * t];
            if (j % 8 == 0) {
                port->hash(t, st);
                deep_eq(&S, "portable hash vs portable permute lane 0", st, &hw[j], 32, &in[j * t], 32 * t);
            }
        }
        for (size_t k = 0; k < zkpi_poseidon_kernel_count; k++) {
            const zkpi_poseidon_kernel *K = &zkpi_poseidon_kernels[k];
            if (!zkpi_kernel_usable(&K->info)) continue;
            memcpy(m, in, c * t * sizeof st[0]);
            K->ops->hash_many(t, m, c);
            snprintf(what, sizeof what, "%s hash_many t=%u count=%zu vs portable hash", K->info.name, t, c);
            for (size_t j = 0; j < c; j++) deep_eq(&S, what, &m[j * t], &hw[j], 32, &in[j * t], 32 * t);
            if (K->ops == port) continue;
            for (size_t j = 0; j < c; j++) {
                memcpy(st, &in[j * t], t * sizeof st[0]);
                K->ops->permute(t, st);
                snprintf(what, sizeof what, "%s permute t=%u vs portable", K->info.name, t);
                deep_eq(&S, what, st, &pw[j * t], 32 * t, &in[j * t], 32 * t);
                memcpy(st, &in[j * t], t * sizeof st[0]);
                K->ops->hash(t, st);
                snprintf(what, sizeof what, "%s hash t=%u vs portable", K->info.name, t);
                deep_eq(&S, what, st, &hw[j], 32, &in[j * t], 32 * t);
            }
        }
        i += c;
        S.inputs += c;
    }
    free(in);
    free(hw);
    free(pw);
    free(m);
    deep_end(&S);
}

/* ---- the GMP oracle ---------------------------------------------------------------- */

static mpz_t g_p, g_tmp, g_acc;
static mpz_t *g_rc[18], *g_mds[18];

static void mpz_of(mpz_t z, const uint64_t v[4]) { mpz_import(z, 4, -1, sizeof v[0], 0, 0, v); }
static void u64_of(uint64_t v[4], const mpz_t z) {
    memset(v, 0, 32);
    mpz_export(v, NULL, -1, sizeof v[0], 0, 0, z);
}

/* Montgomery-form tables -> normal form: x * 2^-256 mod p. */
static void oracle_init(void) {
    if (g_rc[2]) return;
    mpz_inits(g_p, g_tmp, g_acc, NULL);
    mpz_set_str(g_p, "21888242871839275222246405745257275088548364400416034343698204186575808495617", 10);
    mpz_t rinv;
    mpz_init(rinv);
    mpz_ui_pow_ui(rinv, 2, 256);
    if (!mpz_invert(rinv, rinv, g_p)) abort();
    for (unsigned t = 2; t <= 17; t++) {
        const size_t nrc = (ZKP_POSEIDON_RF + zkpi_poseidon_rp[t]) * (size_t)t, nm = (size_t)t * t;
        g_rc[t] = malloc(nrc * sizeof(mpz_t));
        g_mds[t] = malloc(nm * sizeof(mpz_t));
        for (size_t i = 0; i < nrc + nm; i++) {
            mpz_ptr z = i < nrc ? g_rc[t][i] : g_mds[t][i - nrc];
            mpz_init(z);
            mpz_of(z, i < nrc ? zkpi_poseidon_rc[t][i].v : zkpi_poseidon_mds[t][i - nrc].v);
            mpz_mul(z, z, rinv);
            mpz_mod(z, z, g_p);
        }
    }
    mpz_clear(rinv);
}

static void mulmod(mpz_t r, const mpz_t a, const mpz_t b) {
    mpz_mul(r, a, b);
    mpz_mod(r, r, g_p);
}

/* circom's Poseidon permutation of t lanes, as written: per round add the
 * constants, x^5 on every lane (full rounds) or lane 0 (partial), then the
 * dense MDS matrix. */
static void oracle_permute(unsigned t, mpz_t *s) {
    const unsigned rp = zkpi_poseidon_rp[t];
    mpz_t n[17];
    for (unsigned i = 0; i < t; i++) mpz_init(n[i]);
    for (unsigned r = 0; r < ZKP_POSEIDON_RF + rp; r++) {
        const int full = r < ZKP_POSEIDON_RF / 2 || r >= ZKP_POSEIDON_RF / 2 + rp;
        for (unsigned i = 0; i < t; i++) {
            mpz_add(s[i], s[i], g_rc[t][r * t + i]);
            mpz_mod(s[i], s[i], g_p);
            if (full || i == 0) {
                mulmod(g_tmp, s[i], s[i]);
                mulmod(g_tmp, g_tmp, g_tmp);
                mulmod(s[i], g_tmp, s[i]);
            }
        }
        for (unsigned i = 0; i < t; i++) {
            mpz_set_ui(g_acc, 0);
            for (unsigned j = 0; j < t; j++) mpz_addmul(g_acc, g_mds[t][i * t + j], s[j]);
            mpz_mod(n[i], g_acc, g_p);
        }
        for (unsigned i = 0; i < t; i++) mpz_set(s[i], n[i]);
    }
    for (unsigned i = 0; i < t; i++) mpz_clear(n[i]);
}

/* hash(inputs[0..n)) = lane 0 of the permutation of (0, inputs...). */
static void oracle_hash(const zkp_poseidon_fr *in, size_t n, uint64_t out[4]) {
    mpz_t s[17];
    for (size_t i = 0; i <= n; i++) {
        mpz_init(s[i]);
        if (i) mpz_of(s[i], in[i - 1].limb);
    }
    oracle_permute((unsigned)n + 1, s);
    u64_of(out, s[0]);
    for (size_t i = 0; i <= n; i++) mpz_clear(s[i]);
}

/* The oracle on a known answer (circomlibjs poseidon([1, 2])) and one of
 * its products against the 32-bit-limb long-division oracle. */
static void oracle_selftest(deep_suite *S, const zkp_poseidon_fr *a, const zkp_poseidon_fr *b) {
    uint64_t got[4], want[4];
    if (!a) {
        zkp_poseidon_fr in[2] = {{{1, 0, 0, 0}}, {{2, 0, 0, 0}}};
        oracle_hash(in, 2, got);
        mpz_set_str(g_tmp, "7853200120776062878684798364095072458815029376092732009249414926327459813530", 10);
        u64_of(want, g_tmp);
        deep_eq(S, "GMP oracle vs circomlibjs poseidon([1,2])", got, want, 32, in, sizeof in);
        return;
    }
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    mpz_of(x, a->limb);
    mpz_of(y, b->limb);
    mulmod(x, x, y);
    u64_of(got, x);
    rb ra = rb_from_u64x4(a->limb), rbb = rb_from_u64x4(b->limb), rr = rb_mulmod(&ra, &rbb);
    rb_to_u64x4(want, &rr);
    deep_eq(S, "GMP product vs poseidon_bigint", got, want, 32, a, 64);
    mpz_clears(x, y, NULL);
}

/* ---- api --------------------------------------------------------------------------- */

static void impl_name(char *buf, size_t cap) { snprintf(buf, cap, "%s", zkp_poseidon_implementation()); }

static void to_bytes(uint8_t *out, const zkp_poseidon_fr *x, int be) {
    if (be) zkp_poseidon_fr_to_be(out, x);
    else zkp_poseidon_fr_to_le(out, x);
}

static void suite_api(void) {
    deep_suite S;
    if (!deep_begin(&S, "poseidon", "api")) return;
    oracle_init();
    oracle_selftest(&S, NULL, NULL);
    enum { MAXC = 64 };
    zkp_poseidon_fr *in = malloc(MAXC * 16 * sizeof *in), *want = malloc(MAXC * sizeof *want);
    zkp_poseidon_fr *outs = malloc(MAXC * sizeof *outs), out;
    uint8_t *encbuf = malloc(16 * 32 + 8), *enc = encbuf, ob[32], wb[32];
    uint64_t o[4];
    char what[96];
    const zkp_poseidon_fr sentinel = {{0x5a5a5a5a5a5a5a5aull, 1, 2, 3}};
    for (uint64_t i = 0, g = 0; i < g_deep.n; g++) {
        const size_t n = 1 + g % 16, c = 1 + (g / 16) % MAXC;
        for (size_t j = 0; j < c * n; j++) rand_fr(in[j].limb);
        enc = encbuf + g % 8; /* misaligned byte encodings */
        deep_force("portable");
        for (size_t j = 0; j < c; j++) {
            zkp_status s = zkp_poseidon_hash(&in[j * n], n, &want[j]);
            deep_ok(&S, "portable hash status", s == ZKP_OK, &in[j * n], 32 * n);
            if (deep_oracle_pick(&S, i + j)) {
                oracle_hash(&in[j * n], n, o);
                deep_eq(&S, "hash vs GMP oracle", want[j].limb, o, 32, &in[j * n], 32 * n);
                oracle_selftest(&S, &in[j * n], &want[j]);
            }
        }
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_name)) {
            deep_kernel(&S, it.impl);
            for (size_t j = 0; j < c; j++) {
                const zkp_poseidon_fr *x = &in[j * n];
                if (it.nseen > 1) {
                    zkp_status s = zkp_poseidon_hash(x, n, &out);
                    if (s != ZKP_OK) out = sentinel;
                    snprintf(what, sizeof what, "hash n=%zu level %s (%s) vs portable", n, it.level, it.impl);
                    deep_eq(&S, what, &out, &want[j], 32, x, 32 * n);
                }
                if (j % 4 == 0) { /* the byte forms, both orders */
                    const int be = (int)(j / 4 % 2);
                    for (size_t k = 0; k < n; k++) to_bytes(enc + 32 * k, &x[k], be);
                    zkp_status s = be ? zkp_poseidon_hash_be(enc, n, ob) : zkp_poseidon_hash_le(enc, n, ob);
                    if (s != ZKP_OK) memset(ob, 0xEE, 32);
                    to_bytes(wb, &want[j], be);
                    deep_eq(&S, be ? "hash_be vs hash" : "hash_le vs hash", ob, wb, 32, enc, 32 * n);
                }
            }
            zkp_status s = zkp_poseidon_hash_batch(in, n, c, outs);
            deep_ok(&S, "hash_many status", s == ZKP_OK, NULL, 0);
            snprintf(what, sizeof what, "hash_many n=%zu count=%zu level %s (%s) vs hash", n, c, it.level,
                     it.impl);
            for (size_t j = 0; j < c; j++) deep_eq(&S, what, &outs[j], &want[j], 32, &in[j * n], 32 * n);
            /* one input >= p: rejected, nothing written, never reduced */
            if (th_rand_below(4) == 0) {
                const size_t bad = th_rand_below(c * n), row = bad / n;
                zkp_poseidon_fr keep = in[bad];
                rand_above(in[bad].limb);
                out = sentinel;
                s = zkp_poseidon_hash(&in[row * n], n, &out);
                deep_ok(&S, "hash of an input >= p: ZKP_ERR_RANGE", s == ZKP_ERR_RANGE, &in[row * n], 32 * n);
                deep_eq(&S, "hash of an input >= p: output untouched", &out, &sentinel, 32, &in[row * n], 32 * n);
                for (size_t k = 0; k < n; k++) to_bytes(enc + 32 * k, &in[row * n + k], (int)(g & 1));
                memset(ob, 0xA5, 32);
                s = g & 1 ? zkp_poseidon_hash_be(enc, n, ob) : zkp_poseidon_hash_le(enc, n, ob);
                deep_ok(&S, "hash_be/le of an input >= p: ZKP_ERR_RANGE", s == ZKP_ERR_RANGE, enc, 32 * n);
                memset(wb, 0xA5, 32);
                deep_eq(&S, "hash_be/le of an input >= p: output untouched", ob, wb, 32, enc, 32 * n);
                for (size_t j = 0; j < c; j++) outs[j] = sentinel;
                s = zkp_poseidon_hash_batch(in, n, c, outs);
                deep_ok(&S, "hash_many with an input >= p: ZKP_ERR_RANGE", s == ZKP_ERR_RANGE, &in[bad], 32);
                int untouched = 1;
                for (size_t j = 0; j < c; j++) untouched &= !memcmp(&outs[j], &sentinel, 32);
                deep_ok(&S, "hash_many with an input >= p: outputs untouched", untouched, &in[bad], 32);
                in[bad] = keep;
            }
        }
        i += c;
        S.inputs += c;
    }
    free(in);
    free(want);
    free(outs);
    free(encbuf);
    deep_end(&S);
}

int deep_poseidon(void) {
    suite_kernels("kernels", 2, 17);
    suite_kernels("narrow", 2, 3);
    suite_api();
    return 0;
}
