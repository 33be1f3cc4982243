/*
 * The 64-byte Merkle parent and hash_many.
 *
 * pair: load the eight input lanes, XOR the two padding bits, one
 * permutation, store four lanes; nothing else runs.
 *
 * hash_many: groups of N inputs (N = lanes of the widest usable multi-lane
 * kernel) run through one N-way sponge whose interleaved state is the only
 * buffer; input lanes go in through the kernel's vector transposer when it
 * has one (AVX2), else through scalar loads. A tail of r < N inputs runs in
 * an N-way call with the free lanes fed copies of a real input and their
 * output discarded (r >= 2), or through the single sponge (r == 1). The
 * pointer form groups consecutive inputs with the same number of whole
 * blocks (lengths may differ inside the last block).
 */
#include <string.h>

#include "keccak/f1600.h"
#include "keccak/many_internal.h"
#include "keccak/sponge_internal.h"

#define PAD_END 0x8000000000000000ULL

static const unsigned char all_real[ZKP_KECCAK_MAX_LANES] = {1, 1, 1, 1, 1, 1, 1, 1};

void zkp_keccak256_pair(const uint8_t left[32], const uint8_t right[32], uint8_t out[32]) {
    keccak_hash64_with(zkpi_keccak_single(), left, right, out, 0x01);
}

void zkp_sha3_256_pair(const uint8_t left[32], const uint8_t right[32], uint8_t out[32]) {
    keccak_hash64_with(zkpi_keccak_single(), left, right, out, 0x06);
}

/* XOR lanes [lane0, lane0 + nlanes) of in[i] + 8*lane0 into instance i. */
ZKP_INLINE void xor_lanes(const zkpi_keccak_kernelN *k, const unsigned N, uint64_t *st, const uint8_t *const *in,
                          size_t lane0, size_t nlanes) {
    if (k->xor_lanes) {
        const uint8_t *p[ZKP_KECCAK_MAX_LANES];
        for (unsigned i = 0; i < N; i++) p[i] = in[i] + 8 * lane0;
        k->xor_lanes(st + N * lane0, p, nlanes);
        return;
    }
    for (size_t l = lane0; l < lane0 + nlanes; l++)
        for (unsigned i = 0; i < N; i++) st[N * l + i] ^= zkpi_load64_le(in[i] + 8 * l);
}

/* The group body, inlined once per lane count so N is a constant and the
 * per-instance loops unroll. */
ZKP_INLINE void many_group(const zkpi_keccak_kernelN *k, const unsigned N, const keccak_params *p,
                           const uint8_t *const *in, size_t len, const size_t *lens, uint8_t *const *out,
                           const unsigned char *real, size_t outlen) {
    if (k->hash64 && len == 64 && !lens && outlen == 32 && p->rate == 136) {
        const uint8_t *right[ZKP_KECCAK_MAX_LANES];
        for (unsigned i = 0; i < N; i++) right[i] = in[i] + 32;
        k->hash64(in, right, out, p->suffix);  /* Merkle parents: the state stays in registers */
        return;
    }
    const size_t rl = p->rate / 8;
    uint64_t st[25 * ZKP_KECCAK_MAX_LANES];
    memset(st, 0, 25 * N * sizeof st[0]);
    const uint8_t *cur[ZKP_KECCAK_MAX_LANES];
    for (unsigned i = 0; i < N; i++) cur[i] = in[i];
    /* whole blocks (every lane has the same number) */
    size_t done = 0;
    for (; len - done >= p->rate; done += p->rate) {
        xor_lanes(k, N, st, cur, 0, rl);
        for (unsigned i = 0; i < N; i++) cur[i] += p->rate;
        zkpi_keccak_multi_permute(k, st);
    }
    /* last block: whole lanes, one partial lane, padding */
    if (!lens) {
        const size_t whole = (len - done) / 8, rem = (len - done) % 8;
        if (whole) xor_lanes(k, N, st, cur, 0, whole);
        for (unsigned i = 0; i < N; i++) {
            st[N * whole + i] ^= keccak_load_partial(cur[i] + 8 * whole, rem) ^ ((uint64_t)p->suffix << (8 * rem));
            st[N * (rl - 1) + i] ^= PAD_END;
        }
    } else {
        /* lengths differ only in the last block: the lanes all share go
         * through the vector mover, each lane's extra ones one by one */
        size_t common = rl;
        for (unsigned i = 0; i < N; i++)
            if ((lens[i] - done) / 8 < common) common = (lens[i] - done) / 8;
        if (common) xor_lanes(k, N, st, cur, 0, common);
        for (unsigned i = 0; i < N; i++) {
            const size_t whole = (lens[i] - done) / 8, rem = (lens[i] - done) % 8;
            for (size_t l = common; l < whole; l++) st[N * l + i] ^= zkpi_load64_le(cur[i] + 8 * l);
            st[N * whole + i] ^= keccak_load_partial(cur[i] + 8 * whole, rem) ^ ((uint64_t)p->suffix << (8 * rem));
            st[N * (rl - 1) + i] ^= PAD_END;
        }
    }
    zkpi_keccak_multi_permute(k, st);
    /* squeeze */
    uint8_t *o[ZKP_KECCAK_MAX_LANES];
    for (unsigned i = 0; i < N; i++) o[i] = out[i];
    for (;;) {
        size_t take = outlen < p->rate ? outlen : p->rate;
        size_t wl = take / 8, wr = take % 8;
        if (k->extract_lanes && wl && outlen == take) {
            /* vector stores of whole lanes; lanes of padding instances go to
             * their (scratch) outputs just the same */
            k->extract_lanes(st, o, wl);
        } else {
            for (size_t l = 0; l < wl; l++)
                for (unsigned i = 0; i < N; i++) zkpi_store64_le(o[i] + 8 * l, st[N * l + i]);
        }
        if (wr)
            for (unsigned i = 0; i < N; i++) keccak_store_partial(o[i] + 8 * wl, st[N * wl + i], wr);
        outlen -= take;
        if (!outlen) break;
        for (unsigned i = 0; i < N; i++)
            if (real[i]) o[i] += take;
        zkpi_keccak_multi_permute(k, st);
    }
}

void zkpi_keccak_many_group(const zkpi_keccak_kernelN *k, const keccak_params *p, const uint8_t *const *in, size_t len,
                       const size_t *lens, uint8_t *const *out, const unsigned char *real, size_t outlen) {
    switch (k->lanes) {
    case 4: many_group(k, 4, p, in, len, lens, out, real, outlen); break;
    case 8: many_group(k, 8, p, in, len, lens, out, real, outlen); break;
    case 2: many_group(k, 2, p, in, len, lens, out, real, outlen); break;
    default: many_group(k, k->lanes, p, in, len, lens, out, real, outlen); break;
    }
}

/* Runs n <= N inputs with the same number of whole blocks: all of length
 * len, or lens[0..n) when lens is not NULL. Free lanes hash copies of input 0
 * into scratch. */
static void run_group(const zkpi_keccak_kernelN *k, const keccak_params *p, const uint8_t *const *in, size_t len,
                      const size_t *lens, uint8_t *const *out, size_t n, size_t outlen) {
    const unsigned N = k->lanes;
    if (n == 1 || N == 1) {
        for (size_t i = 0; i < n; i++) zkpi_keccak_oneshot(p, in[i], lens ? lens[i] : len, out[i], outlen);
        return;
    }
    const uint8_t *pi[ZKP_KECCAK_MAX_LANES];
    uint8_t *po[ZKP_KECCAK_MAX_LANES];
    size_t pl[ZKP_KECCAK_MAX_LANES];
    unsigned char real[ZKP_KECCAK_MAX_LANES];
    uint8_t junk[200];  /* output of padding lanes: at most one rate block at a time */
    for (unsigned i = 0; i < N; i++) {
        real[i] = i < n;
        pi[i] = i < n ? in[i] : in[0];
        po[i] = i < n ? out[i] : junk;
        pl[i] = lens ? lens[i < n ? i : 0] : len;
    }
    zkpi_keccak_many_group(k, p, pi, lens ? pl[0] : len, lens ? pl : NULL, po, real, outlen);
}

static zkp_status check_common(zkp_keccak_alg alg, keccak_params *p, const void *in, size_t n, const uint8_t *out,
                               size_t outlen) {
    if (!keccak_params_of(alg, p)) return ZKP_ERR_PARAM;
    zkp_status s = keccak_check_outlen(p, outlen);
    if (s != ZKP_OK) return s;
    if (n && (!in || !out)) return ZKP_ERR_NULL;
    return ZKP_OK;
}

void zkpi_keccak_many_stride(const keccak_params *p, const uint8_t *in, size_t len, size_t stride, size_t n, uint8_t *out,
                        size_t outlen) {
    const zkpi_keccak_kernelN *k = zkpi_keccak_multi();
    const unsigned N = k->lanes;
    const uint8_t *pi[ZKP_KECCAK_MAX_LANES];
    uint8_t *po[ZKP_KECCAK_MAX_LANES];
    size_t i = 0;
    if (N == 1 && len == 64 && outlen == 32 && p->rate == 136) {
        /* one state at a time (the portable or external permutation): Merkle
         * parents take the fixed-shape pair, not the general sponge */
        const zkpi_keccak_kernel1 *k1 = zkpi_keccak_single();
        for (; i < n; i++) keccak_hash64_with(k1, in + i * stride, in + i * stride + 32, out + 32 * i, p->suffix);
        return;
    }
    if (N > 1) {
        /* full groups straight into the group body */
        for (; i + N <= n; i += N) {
            for (unsigned j = 0; j < N; j++) {
                pi[j] = in + (i + j) * stride;
                po[j] = out + (i + j) * outlen;
            }
            zkpi_keccak_many_group(k, p, pi, len, NULL, po, all_real, outlen);
        }
    }
    for (; i < n; i += N) {
        size_t m = n - i < N ? n - i : N;
        for (size_t j = 0; j < m; j++) {
            pi[j] = in + (i + j) * stride;
            po[j] = out + (i + j) * outlen;
        }
        run_group(k, p, pi, len, NULL, po, m, outlen);
    }
}

int zkpi_keccak_many_has_halves(const keccak_params *p) { return zkpi_keccak_multi()->hash64 && p->rate == 136; }

void zkpi_keccak_many_halves(const keccak_params *p, const uint8_t *const *left, const uint8_t *const *right, size_t n,
                             uint8_t (*out)[32]) {
    const zkpi_keccak_kernelN *k = zkpi_keccak_multi();
    const unsigned N = k->lanes;
    uint8_t *po[ZKP_KECCAK_MAX_LANES];
    size_t i = 0;
    if (k->hash64 && p->rate == 136) {
        for (; i + N <= n; i += N) {
            /* the inputs lie anywhere (a proof's sibling may be out of
             * cache): ask for those two groups ahead while this one runs */
            for (size_t j = i + 2 * N; j < i + 3 * N && j < n; j++) {
                zkpi_prefetch(left[j]);
                zkpi_prefetch(right[j]);
            }
            for (unsigned j = 0; j < N; j++) po[j] = out[i + j];
            k->hash64(left + i, right + i, po, p->suffix);
        }
        if (n - i >= 2) { /* a short group: free lanes hash copies of the first into scratch */
            const uint8_t *pl[ZKP_KECCAK_MAX_LANES], *pr[ZKP_KECCAK_MAX_LANES];
            uint8_t junk[32];
            for (unsigned j = 0; j < N; j++) {
                int real = i + j < n;
                pl[j] = left[real ? i + j : i], pr[j] = right[real ? i + j : i];
                po[j] = real ? out[i + j] : junk;
            }
            k->hash64(pl, pr, po, p->suffix);
            return;
        }
    }
    /* the last pair, or every pair without a fused kernel (the multiproof
     * walk copies pairs then, zkpi_keccak_many_has_halves) */
    const zkpi_keccak_kernel1 *k1 = zkpi_keccak_single();
    for (; i < n; i++) keccak_hash64_with(k1, left[i], right[i], out[i], p->suffix);
}

zkp_status zkp_keccak_hash_batch(zkp_keccak_alg alg, const uint8_t *in, size_t len, size_t stride, size_t n,
                                uint8_t *out, size_t outlen) {
    keccak_params p;
    zkp_status s = check_common(alg, &p, len ? (const void *)in : (const void *)"", n, out, outlen);
    if (s != ZKP_OK) return s;
    if (n > 1 && stride < len) return ZKP_ERR_LENGTH;
    /* input i starts at in + i*stride, digest i at out + i*outlen: both
     * extents must be real object sizes, or those products wrap */
    if (!zkpi_strided_ok(n, len, stride) || !zkpi_array_ok(n, outlen)) return ZKP_ERR_LENGTH;
    if (!in) in = (const uint8_t *)"";  /* len == 0: nothing is read */
    zkpi_keccak_many_stride(&p, in, len, stride, n, out, outlen);
    return ZKP_OK;
}

zkp_status zkp_keccak_hash_batch_ptrs(zkp_keccak_alg alg, const uint8_t *const *in, const size_t *lens, size_t n,
                                     uint8_t *out, size_t outlen) {
    keccak_params p;
    zkp_status s = check_common(alg, &p, in, n, out, outlen);
    if (s != ZKP_OK) return s;
    if (n && !lens) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n, outlen) || !zkpi_array_ok(n, sizeof *lens)) return ZKP_ERR_LENGTH;
    for (size_t i = 0; i < n; i++) {
        if (!in[i] && lens[i]) return ZKP_ERR_NULL;
        if (!zkpi_bytes_ok(lens[i])) return ZKP_ERR_LENGTH;
    }
    const zkpi_keccak_kernelN *k = zkpi_keccak_multi();
    const unsigned N = k->lanes;
    const uint8_t *pi[ZKP_KECCAK_MAX_LANES];
    uint8_t *po[ZKP_KECCAK_MAX_LANES];
    size_t i = 0;
    while (i < n) {
        /* up to N consecutive inputs with the same number of whole blocks;
         * equal lengths keep the all-equal fast paths */
        size_t m = 1, blocks = lens[i] / p.rate;
        int equal = 1;
        while (m < N && i + m < n && lens[i + m] / p.rate == blocks) {
            equal &= lens[i + m] == lens[i];
            m++;
        }
        for (size_t j = 0; j < m; j++) {
            pi[j] = in[i + j] ? in[i + j] : (const uint8_t *)"";
            po[j] = out + (i + j) * outlen;
        }
        run_group(k, &p, pi, lens[i], equal ? NULL : lens + i, po, m, outlen);
        i += m;
    }
    return ZKP_OK;
}
