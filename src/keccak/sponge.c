/*
 * The in-place sponge: the 25 state lanes are the only buffer. Input is
 * XORed into the rate lanes at a running byte offset (whole lanes when the
 * offset is lane-aligned, bytes otherwise), padding is XORed in place, and
 * output is read straight out of the lanes. No staging block, no copies.
 */
#include <string.h>

#include "keccak/f1600.h"
#include "keccak/sponge_internal.h"

enum { PHASE_ABSORB = 1, PHASE_SQUEEZE = 2, PHASE_DONE = 3 };

/* Absorbs at offset *pos; permutes whenever the rate fills. */
static void absorb(uint64_t *st, unsigned *pos, unsigned rate, const uint8_t *in, size_t len,
                   const zkpi_keccak_kernel1 *k) {
    void (*permute)(uint64_t *) = k->permute;
    if (*pos) {
        size_t take = rate - *pos;
        if (take > len) take = len;
        keccak_xor_bytes(st, *pos, in, take);
        *pos += (unsigned)take, in += take, len -= take;
        if (*pos < rate) return;
        permute(st);
        *pos = 0;
    }
    /* whole blocks: the hot loop of long messages (in the kernel itself
     * when it can keep the state in registers across blocks) */
    if (k->absorb && len >= rate) {
        size_t done = k->absorb(st, in, len / rate, rate);
        in += done, len -= done;
    }
    const size_t lanes = rate / 8;
#if KECCAK_STRICT_ALIGN
    if (lanes == 17 && keccak_aligned8(in)) /* checked once: in stays aligned block to block */
        for (; len >= 136; len -= 136, in += 136) {
            keccak_lanes_xor17_aligned(st, in);
            permute(st);
        }
#endif
    for (; len >= rate; len -= rate, in += rate) {
#if KECCAK_STRICT_ALIGN
        keccak_lanes_xor(st, in, lanes);
#else
        for (size_t i = 0; i < lanes; i++) st[i] ^= zkpi_load64_le(in + 8 * i);
#endif
        permute(st);
    }
    if (len) keccak_xor_bytes(st, 0, in, len);
    *pos = (unsigned)len;
}

static inline void pad(uint64_t *st, unsigned pos, const keccak_params *p) {
    st[pos >> 3] ^= (uint64_t)p->suffix << (8 * (pos & 7));
    st[(p->rate - 1) >> 3] ^= 0x8000000000000000ULL;  /* last rate byte |= 0x80 */
}

/* Squeezes n bytes starting at *pos of the current output block. */
static void squeeze(uint64_t *st, unsigned *pos, unsigned rate, uint8_t *out, size_t n, void (*permute)(uint64_t *)) {
    while (n) {
        if (*pos == rate) {
            permute(st);
            *pos = 0;
        }
        size_t take = rate - *pos;
        if (take > n) take = n;
        keccak_extract_bytes(st, *pos, out, take);
        *pos += (unsigned)take, out += take, n -= take;
    }
}

void zkpi_keccak_oneshot(const keccak_params *p, const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    const zkpi_keccak_kernel1 *k = zkpi_keccak_single();
    void (*permute)(uint64_t *) = k->permute;
    uint64_t st[25] = {0};
    unsigned pos = (unsigned)len;
    if (len < p->rate) keccak_xor_bytes(st, 0, in, len);  /* one block: no loop state */
    else {
        pos = 0;
        absorb(st, &pos, p->rate, in, len, k);
    }
    pad(st, pos, p);
    permute(st);
    if (outlen <= p->rate) {
        keccak_extract_bytes(st, 0, out, outlen);
    } else {
        pos = 0;
        squeeze(st, &pos, p->rate, out, outlen, permute);
    }
}

size_t zkp_keccak_digest_bytes(zkp_keccak_alg alg) {
    keccak_params p;
    return keccak_params_of(alg, &p) ? p.digest : 0;
}

zkp_status zkp_keccak_hash(zkp_keccak_alg alg, const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    keccak_params p;
    if (!keccak_params_of(alg, &p)) return ZKP_ERR_PARAM;
    if ((!in && len) || !out) return ZKP_ERR_NULL;
    zkp_status s = keccak_check_outlen(&p, outlen);
    if (s != ZKP_OK) return s;
    if (!zkpi_bytes_ok(len) || !zkpi_bytes_ok(outlen)) return ZKP_ERR_LENGTH;
    zkpi_keccak_oneshot(&p, in, len, out, outlen);
    return ZKP_OK;
}

/* Keccak-256 and SHA3-256 (rate 136, 32-byte digest) keep their own short
 * bodies: the hot cases of verifiers and Merkle code stay a straight line,
 * and exactly 64 bytes (two nodes) is the fixed-shape one-permutation hash. */
static ZKP_NOINLINE zkp_status hash256_other(const uint8_t *in, size_t len, uint8_t *out, uint64_t suffix) {
    if (ZKP_UNLIKELY((!in && len) || !out)) return ZKP_ERR_NULL;
    if (ZKP_UNLIKELY(!zkpi_bytes_ok(len))) return ZKP_ERR_LENGTH;
#if KECCAK_STRICT_ALIGN
    if (len == 32 && keccak_aligned8((const void *)((uintptr_t)in | (uintptr_t)out))) {
        /* a 32-byte word (the other fixed shape of EVM-style code) */
        keccak_hash_aligned(in, NULL, 4, out, suffix, zkpi_keccak_single()->permute);
        return ZKP_OK;
    }
#endif
    if (len < 136) {
        uint64_t st[25] = {0};
        keccak_xor_bytes(st, 0, in, len);
        st[len >> 3] ^= suffix << (8 * (len & 7));
        st[16] ^= 0x8000000000000000ULL;
        zkpi_keccak_single()->permute(st);
        for (int i = 0; i < 4; i++) zkpi_store64_le(out + 8 * i, st[i]);
        return ZKP_OK;
    }
    const keccak_params p = {136, (unsigned)suffix, 32};
    zkpi_keccak_oneshot(&p, in, len, out, 32);
    return ZKP_OK;
}

/* The 64-byte case lives in a leaf path of its own so it pays for no
 * register saves of the general code. */
ZKP_INLINE zkp_status hash256(const uint8_t *in, size_t len, uint8_t *out, uint64_t suffix) {
    if (ZKP_LIKELY(len == 64 && in && out)) {
        keccak_hash64_with(zkpi_keccak_single(), in, in + 32, out, suffix);
        return ZKP_OK;
    }
    return hash256_other(in, len, out, suffix);
}

zkp_status zkp_keccak256(const uint8_t *in, size_t len, uint8_t out[32]) { return hash256(in, len, out, 0x01); }

zkp_status zkp_sha3_224(const uint8_t *in, size_t len, uint8_t out[28]) { return zkp_keccak_hash(ZKP_SHA3_224, in, len, out, 28); }
zkp_status zkp_sha3_256(const uint8_t *in, size_t len, uint8_t out[32]) { return hash256(in, len, out, 0x06); }
zkp_status zkp_sha3_384(const uint8_t *in, size_t len, uint8_t out[48]) { return zkp_keccak_hash(ZKP_SHA3_384, in, len, out, 48); }
zkp_status zkp_sha3_512(const uint8_t *in, size_t len, uint8_t out[64]) { return zkp_keccak_hash(ZKP_SHA3_512, in, len, out, 64); }
zkp_status zkp_shake128(const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    return zkp_keccak_hash(ZKP_SHAKE128, in, len, out, outlen);
}
zkp_status zkp_shake256(const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    return zkp_keccak_hash(ZKP_SHAKE256, in, len, out, outlen);
}

/* ---- streaming ------------------------------------------------------------ */

/* The private fields are trusted by the loops below (pos indexes the lanes,
 * rate bounds every copy and divides lengths), so a struct overwritten by a
 * use-after-free, a stray write or never initialised must be caught here,
 * at every entry: (rate, suffix, digest) must be exactly one algorithm's
 * parameters, and pos must lie inside the rate for the phase. Anything else
 * is ZKP_ERR_STATE. Per call, not per block: the cost is a few compares. */
static int state_valid(const zkp_keccak_state *s) {
    keccak_params p;
    int known = 0;
    for (int a = ZKP_KECCAK_256; a <= ZKP_SHAKE256 && !known; a++)
        known = keccak_params_of((zkp_keccak_alg)a, &p) && p.rate == s->rate && p.suffix == s->suffix &&
                p.digest == s->digest;
    if (!known) return 0;
    switch (s->phase) {
    case PHASE_ABSORB: return s->pos < s->rate;     /* a full rate is permuted at once */
    case PHASE_SQUEEZE: return s->pos <= s->rate && !s->digest;  /* rate: block used up */
    case PHASE_DONE: return 1;
    default: return 0;
    }
}

zkp_status zkp_keccak_init(zkp_keccak_state *s, zkp_keccak_alg alg) {
    keccak_params p;
    if (!s) return ZKP_ERR_NULL;
    if (!keccak_params_of(alg, &p)) return ZKP_ERR_PARAM;
    memset(s, 0, sizeof *s);
    s->rate = (uint16_t)p.rate;
    s->suffix = (uint8_t)p.suffix;
    s->digest = (uint8_t)p.digest;
    s->phase = PHASE_ABSORB;
    return ZKP_OK;
}

zkp_status zkp_keccak_update(zkp_keccak_state *s, const uint8_t *in, size_t len) {
    if (!s || (!in && len)) return ZKP_ERR_NULL;
    if (!state_valid(s) || s->phase != PHASE_ABSORB) return ZKP_ERR_STATE;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    unsigned pos = s->pos;
    absorb(s->st, &pos, s->rate, in, len, zkpi_keccak_single());
    s->pos = (uint16_t)pos;
    return ZKP_OK;
}

static void finish_absorb(zkp_keccak_state *s) {
    keccak_params p = {s->rate, s->suffix, s->digest};
    pad(s->st, s->pos, &p);
    zkpi_keccak_single()->permute(s->st);
    s->pos = 0;
}

zkp_status zkp_keccak_squeeze(zkp_keccak_state *s, uint8_t *out, size_t outlen) {
    if (!s || (!out && outlen)) return ZKP_ERR_NULL;
    if (!state_valid(s) || s->digest || (s->phase != PHASE_ABSORB && s->phase != PHASE_SQUEEZE))
        return ZKP_ERR_STATE;
    if (!zkpi_bytes_ok(outlen)) return ZKP_ERR_LENGTH;
    if (s->phase == PHASE_ABSORB) {
        finish_absorb(s);
        s->phase = PHASE_SQUEEZE;
    }
    unsigned pos = s->pos;
    squeeze(s->st, &pos, s->rate, out, outlen, zkpi_keccak_single()->permute);
    s->pos = (uint16_t)pos;
    return ZKP_OK;
}

zkp_status zkp_keccak_final(zkp_keccak_state *s, uint8_t *out, size_t outlen) {
    if (!s || !out) return ZKP_ERR_NULL;
    if (!state_valid(s)) return ZKP_ERR_STATE;
    if (!s->digest) {
        if (!outlen) return ZKP_ERR_LENGTH;
        return zkp_keccak_squeeze(s, out, outlen);
    }
    if (s->phase != PHASE_ABSORB) return ZKP_ERR_STATE;
    if (outlen != s->digest) return ZKP_ERR_LENGTH;
    finish_absorb(s);
    keccak_extract_bytes(s->st, 0, out, outlen);
    s->phase = PHASE_DONE;
    zkpi_secure_zero(s->st, sizeof s->st);  /* the state may hold secrets */
    return ZKP_OK;
}
