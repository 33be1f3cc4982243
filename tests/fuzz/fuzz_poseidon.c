/*
 * Poseidon (BN254) fuzz target for the byte-level APIs, where untrusted
 * input arrives: for any number of inputs of any lengths and values,
 * light-poseidon's hash_bytes_be/_le return exactly the error (and detail)
 * its documented check order gives, computed here independently with the
 * big-integer oracle (tests/ref/poseidon_bigint.c); when they succeed the
 * hash equals the limb API on the same values, the little-endian form equals
 * the big-endian one on reversed bytes, and hash_many agrees. The
 * permutation refuses a non-canonical lane and leaves the state unchanged.
 * Framing: input count, then per input a shape byte (length class and value
 * class) and 32 bytes; values are shaped to hit 0, p - 1, p, p + 1 and
 * 2^256 - 1 often.
 */
#include "fuzz.h"
#include "poseidon_bigint.h"
#include "zkprim/poseidon.h"

#define MAX_IN 17

/* 32 big-endian bytes of a value shaped by `cls` from the raw bytes. */
static void shape(uint8_t be[32], const uint8_t raw[32], unsigned cls) {
    uint64_t v[4];
    memcpy(be, raw, 32);
    switch (cls % 6) {
    case 0: break;                                       /* raw: usually >= p */
    case 1: be[0] &= 0x1F; break;                        /* < 2^253 < p */
    case 2: case 3: {                                    /* p - k or p + k, k < 4 */
        rb_to_u64x4(v, rb_p());
        uint64_t k = raw[31] % 4;
        if (cls % 6 == 2) v[0] -= k + 1; else v[0] += k; /* no borrow/carry: p's low limb is large */
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 8; j++) be[31 - 8 * i - j] = (uint8_t)(v[i] >> (8 * j));
        break;
    }
    case 4: memset(be, raw[0] & 1 ? 0xFF : 0x00, 32); break;  /* 0 or 2^256 - 1 */
    default: memset(be, 0, 32); be[31] = raw[1] & 1; break;   /* 0 or 1 */
    }
}

static int below_p(const uint8_t be[32]) {
    uint64_t v[4];
    for (int i = 0; i < 4; i++) {
        v[i] = 0;
        for (int j = 0; j < 8; j++) v[i] |= (uint64_t)be[31 - 8 * i - j] << (8 * j);
    }
    rb x = rb_from_u64x4(v);
    return rb_cmp(&x, rb_p()) < 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    size_t n = fz_u8(&c) % (MAX_IN + 1);
    static const size_t k_lens[8] = {32, 32, 32, 32, 32, 0, 31, 33};
    uint8_t be[MAX_IN][33], le[MAX_IN][33];
    size_t lens[MAX_IN];
    const uint8_t *pbe[MAX_IN], *ple[MAX_IN];
    for (size_t i = 0; i < n; i++) {
        uint8_t s = fz_u8(&c), raw[32];
        fz_bytes(&c, raw, 32);
        lens[i] = k_lens[s % 8];
        shape(be[i], raw, s / 8);
        be[i][32] = raw[0];
        for (int j = 0; j < 32; j++) le[i][j] = be[i][31 - j];
        le[i][32] = raw[0];
        pbe[i] = be[i];
        ple[i] = le[i];
    }

    /* The expected outcome, in light-poseidon 0.4's order. */
    zkp_status want = ZKP_OK;
    zkp_poseidon_lp_error want_err = ZKP_POSEIDON_LP_OK;
    size_t want_index = 0;
    for (size_t i = 0; i < n && want == ZKP_OK; i++) {
        if (lens[i] == 0) want = ZKP_ERR_EMPTY_INPUT, want_err = ZKP_POSEIDON_LP_EMPTY_INPUT, want_index = i;
        else if (lens[i] != 32) want = ZKP_ERR_LENGTH, want_err = ZKP_POSEIDON_LP_INVALID_INPUT_LENGTH, want_index = i;
    }
    for (size_t i = 0; i < n && want == ZKP_OK; i++)
        if (!below_p(be[i]))
            want = ZKP_ERR_RANGE, want_err = ZKP_POSEIDON_LP_INPUT_LARGER_THAN_MODULUS, want_index = i;
    if (want == ZKP_OK && (n < 1 || n > 12)) want = ZKP_ERR_COUNT, want_err = ZKP_POSEIDON_LP_INVALID_NUMBER_OF_INPUTS;

    uint8_t out_be[32], out_le[32];
    zkp_poseidon_lp_detail d;
    memset(&d, 0xA5, sizeof d);
    zkp_status got = zkp_poseidon_hash_bytes_be(n ? pbe : NULL, n ? lens : NULL, n, out_be, &d);
    FUZZ_CHECK(got == want);
    FUZZ_CHECK(d.error == want_err);
    if (want == ZKP_ERR_EMPTY_INPUT || want == ZKP_ERR_LENGTH || want == ZKP_ERR_RANGE) FUZZ_CHECK(d.index == want_index);
    if (want == ZKP_ERR_LENGTH) FUZZ_CHECK(d.len == lens[want_index] && d.modulus_bytes_len == 32);
    if (want == ZKP_ERR_COUNT) FUZZ_CHECK(d.inputs == n && d.max_limit == 12 && d.width == n + 1);
    FUZZ_CHECK(zkp_poseidon_hash_bytes_le(n ? ple : NULL, n ? lens : NULL, n, out_le, NULL) == want);

    /* The element APIs accept every count 1..16 whose values are < p. */
    zkp_poseidon_fr fr[MAX_IN];
    int all_ok = n >= 1;
    for (size_t i = 0; i < n; i++) {
        zkp_status s = zkp_poseidon_fr_from_be(&fr[i], be[i]);
        FUZZ_CHECK(s == (below_p(be[i]) ? ZKP_OK : ZKP_ERR_RANGE));
        all_ok &= s == ZKP_OK;
    }
    if (n >= 1 && n <= 16) { /* the concatenated-encoding form agrees on validity */
        uint8_t cat[16 * 32], o[32];
        for (size_t i = 0; i < n; i++) memcpy(cat + 32 * i, be[i], 32);
        FUZZ_CHECK(zkp_poseidon_hash_be(cat, n, o) == (all_ok ? ZKP_OK : ZKP_ERR_RANGE));
    }
    if (!all_ok || n > 16) return 0;
    zkp_poseidon_fr h, many[3], in3[3 * 16];
    FUZZ_CHECK(zkp_poseidon_hash(fr, n, &h) == ZKP_OK);
    for (int k = 0; k < 3; k++) memcpy(&in3[k * n], fr, n * sizeof fr[0]);
    FUZZ_CHECK(zkp_poseidon_hash_batch(in3, n, 3, many) == ZKP_OK);
    for (int k = 0; k < 3; k++) FUZZ_CHECK(memcmp(&many[k], &h, sizeof h) == 0);
    if (want == ZKP_OK) {
        uint8_t h_be[32];
        zkp_poseidon_fr_to_be(h_be, &h);
        FUZZ_CHECK(memcmp(out_be, h_be, 32) == 0);
        for (int j = 0; j < 32; j++) FUZZ_CHECK(out_le[j] == out_be[31 - j]);
    }

    /* The permutation refuses a lane >= p (the state stays as it was). */
    zkp_poseidon_fr state[MAX_IN + 1], before[MAX_IN + 1];
    size_t t = n + 1;
    memset(state, 0, sizeof state);
    memcpy(&state[1], fr, n * sizeof fr[0]);
    if (be[0][32] & 1) { /* make one lane non-canonical: p + 0 or 2^256 - 1 */
        rb_to_u64x4(state[t - 1].limb, rb_p());
        if (be[0][32] & 2) memset(&state[t - 1], 0xFF, sizeof state[0]);
        memcpy(before, state, sizeof state);
        FUZZ_CHECK(zkp_poseidon_permute(state, t) == ZKP_ERR_RANGE);
        FUZZ_CHECK(memcmp(before, state, sizeof state) == 0);
    } else {
        FUZZ_CHECK(zkp_poseidon_permute(state, t) == ZKP_OK);
        FUZZ_CHECK(memcmp(&state[0], &h, sizeof h) == 0); /* circom: hash = lane 0 of perm(0, inputs) */
    }
    return 0;
}
