/* Reference Hemera modes (see hemera_modes_ref.h). */
#include "hemera_modes_ref.h"

#include <stdlib.h>
#include <string.h>

#include "hemera_oracle.h"

#define P 0xFFFFFFFF00000001ull

void hmref_permute(uint64_t st[16]) { hemera_oracle_permute(st); }

static uint64_t fadd(uint64_t a, uint64_t b) {
    return (uint64_t)(((unsigned __int128)(a % P) + (b % P)) % P);
}

static uint64_t le_bytes(const uint8_t *b, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | b[i];
    return v;
}

void hmref_digest(const uint64_t st[16], uint8_t out[32]) {
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 8; i++) out[8 * k + i] = (uint8_t)(st[k] >> (8 * i));
}

void hmref_sponge(const uint64_t init[16], const uint8_t *msg, size_t len, uint64_t fin[16]) {
    /* Padded message: msg || 0x01 || zeros up to a multiple of 56. */
    size_t blocks = len / 56 + 1;
    uint8_t *pad = calloc(blocks, 56);
    if (len) memcpy(pad, msg, len);
    pad[len] = 0x01;
    uint64_t st[16];
    memcpy(st, init, sizeof st);
    for (size_t b = 0; b < blocks; b++) {
        for (int i = 0; i < 8; i++) st[i] = fadd(st[i], le_bytes(pad + 56 * b + 7 * i, 7));
        if (b + 1 == blocks) st[10] = (uint64_t)len;   /* length, assigned */
        hmref_permute(st);
    }
    memcpy(fin, st, sizeof st);
    free(pad);
}

void hmref_final_state(int mode, const uint8_t key[32], const uint8_t *ctx, size_t clen, const uint8_t *msg,
                     size_t len, uint64_t fin[16]) {
    uint64_t init[16] = {0};
    if (mode == 0) {
        hmref_sponge(init, msg, len, fin);
    } else if (mode == 1) {
        /* keyed: tag 1 over key || msg */
        uint8_t *km = malloc(32 + len);
        memcpy(km, key, 32);
        if (len) memcpy(km + 32, msg, len);
        init[11] = 1;
        hmref_sponge(init, km, 32 + len, fin);
        free(km);
    } else {
        uint64_t c[16];
        uint8_t cd[32];
        init[11] = 2;
        hmref_sponge(init, ctx, clen, c);
        hmref_digest(c, cd);
        uint64_t seed[16] = {0};
        for (int k = 0; k < 4; k++) seed[k] = le_bytes(cd + 8 * k, 8);
        seed[11] = 3;
        hmref_permute(seed);
        hmref_sponge(seed, msg, len, fin);
    }
}

void hmref_hash(const uint8_t *msg, size_t len, uint8_t out[32]) {
    uint64_t f[16];
    hmref_final_state(0, NULL, NULL, 0, msg, len, f);
    hmref_digest(f, out);
}

void hmref_keyed(const uint8_t key[32], const uint8_t *msg, size_t len, uint8_t out[32]) {
    uint64_t f[16];
    hmref_final_state(1, key, NULL, 0, msg, len, f);
    hmref_digest(f, out);
}

void hmref_derive(const uint8_t *ctx, size_t clen, const uint8_t *mat, size_t mlen, uint8_t out[32]) {
    uint64_t f[16];
    hmref_final_state(2, NULL, ctx, clen, mat, mlen, f);
    hmref_digest(f, out);
}

void hmref_xof(const uint64_t fin[16], uint8_t *out, size_t n) {
    uint64_t st[16];
    memcpy(st, fin, sizeof st);
    for (size_t off = 0; off < n; off += 32) {
        uint8_t d[32];
        if (off) hmref_permute(st);
        hmref_digest(st, d);
        memcpy(out + off, d, n - off < 32 ? n - off : 32);
    }
}

void hmref_leaf(const uint8_t *chunk, size_t len, uint64_t counter, int is_root, uint8_t out[32]) {
    uint8_t h[32];
    hmref_hash(chunk, len, h);
    uint64_t st[16] = {0};
    for (int k = 0; k < 4; k++) st[k] = le_bytes(h + 8 * k, 8);
    st[8] = counter;
    st[9] = 4 | (is_root ? 1 : 0);
    hmref_permute(st);
    hmref_digest(st, out);
}

void hmref_node_nmt(const uint8_t l[32], const uint8_t r[32], uint64_t ns_min, uint64_t ns_max, int is_root,
                  uint8_t out[32]) {
    uint64_t st[16] = {0};
    for (int k = 0; k < 4; k++) {
        st[k] = le_bytes(l + 8 * k, 8);
        st[4 + k] = le_bytes(r + 8 * k, 8);
    }
    st[9] = 2 | (is_root ? 1 : 0);
    st[12] = ns_min;
    st[13] = ns_max;
    hmref_permute(st);
    hmref_digest(st, out);
}

void hmref_node(const uint8_t l[32], const uint8_t r[32], int is_root, uint8_t out[32]) {
    hmref_node_nmt(l, r, 0, 0, is_root, out);
}

void hmref_merge(const uint8_t (*leaves)[32], size_t n, int is_root, uint8_t out[32]) {
    if (n == 1) {
        memcpy(out, leaves[0], 32);
        return;
    }
    size_t k = 1;
    while (2 * k < n) k *= 2;   /* largest power of two strictly below n */
    uint8_t l[32], r[32];
    hmref_merge(leaves, k, 0, l);
    hmref_merge(leaves + k, n - k, 0, r);
    hmref_node(l, r, is_root, out);
}

static void root_of_chunks(const uint8_t *data, size_t len, const size_t *bounds, size_t nchunks, uint8_t out[32]) {
    /* bounds[i] = start of chunk i; bounds[nchunks] = len. */
    if (nchunks == 1) {
        hmref_leaf(data, len, 0, 1, out);
        return;
    }
    uint8_t (*lv)[32] = malloc(nchunks * 32);
    for (size_t i = 0; i < nchunks; i++) hmref_leaf(data + bounds[i], bounds[i + 1] - bounds[i], i, 0, lv[i]);
    hmref_merge((const uint8_t (*)[32])lv, nchunks, 1, out);
    free(lv);
}

void hmref_root_fixed(const uint8_t *data, size_t len, uint8_t out[32]) {
    size_t n = len == 0 ? 1 : (len + 4095) / 4096;
    size_t *b = malloc((n + 1) * sizeof *b);
    for (size_t i = 0; i < n; i++) b[i] = 4096 * i;
    b[n] = len;
    root_of_chunks(data, len, b, n, out);
    free(b);
}

uint64_t hmref_gear(unsigned b) {
    uint8_t x = (uint8_t)b, h[32];
    hmref_hash(&x, 1, h);
    return le_bytes(h, 8);
}

void hmref_root_cdc(const uint8_t *data, size_t len, uint8_t out[32]) {
    static uint64_t gear[256];
    static int have;
    if (!have) {
        for (unsigned b = 0; b < 256; b++) gear[b] = hmref_gear(b);
        have = 1;
    }
    const size_t W = 4096;
    size_t *b = malloc((len / (W / 2) + 2) * sizeof *b), n = 0, s = 0;
    b[n++] = 0;
    while (s < len) {
        size_t lo = s + W / 2 - 1, e;
        if (lo >= len) {
            e = len;
        } else {
            size_t hi = s + 2 * W - 1 < len - 1 ? s + 2 * W - 1 : len - 1, m = lo;
            for (size_t j = lo; j <= hi; j++)
                if (gear[data[j]] < gear[data[m]]) m = j;
            e = m + 1;
        }
        b[n++] = e;
        s = e;
    }
    /* n - 1 chunks, or none for empty input: treated as one empty chunk. */
    if (n == 1) b[n++] = 0;
    root_of_chunks(data, len, b, n - 1, out);
    free(b);
}
