#include "poseidon_bigint.h"

#include <string.h>

rb rb_small(uint32_t x) {
    rb r;
    memset(&r, 0, sizeof r);
    r.w[0] = x;
    return r;
}

rb rb_pow2(unsigned k) {
    rb r = rb_small(0);
    r.w[k / 32] = (uint32_t)1 << (k % 32);
    return r;
}

int rb_cmp(const rb *a, const rb *b) {
    for (int i = RB_LIMBS - 1; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

rb rb_add(const rb *a, const rb *b) {
    rb r;
    uint64_t c = 0;
    for (int i = 0; i < RB_LIMBS; i++) {
        c += (uint64_t)a->w[i] + b->w[i];
        r.w[i] = (uint32_t)c;
        c >>= 32;
    }
    return r;
}

static rb rb_sub(const rb *a, const rb *b) {
    rb r;
    int64_t br = 0;
    for (int i = 0; i < RB_LIMBS; i++) {
        int64_t d = (int64_t)a->w[i] - b->w[i] - br;
        br = d < 0;
        r.w[i] = (uint32_t)(d + (br ? ((int64_t)1 << 32) : 0));
    }
    return r;
}

rb rb_mul(const rb *a, const rb *b) {
    uint64_t acc[2 * RB_LIMBS] = {0};
    for (int i = 0; i < RB_LIMBS; i++)
        for (int j = 0; i + j < RB_LIMBS; j++) {
            uint64_t pr = (uint64_t)a->w[i] * b->w[j];
            acc[i + j] += pr & 0xffffffffu;
            acc[i + j + 1] += pr >> 32;
        }
    rb r;
    uint64_t c = 0;
    for (int i = 0; i < RB_LIMBS; i++) {
        c += acc[i];
        r.w[i] = (uint32_t)c;
        c >>= 32;
    }
    return r;
}

static rb rb_shl1(const rb *a) {
    rb r;
    uint32_t c = 0;
    for (int i = 0; i < RB_LIMBS; i++) {
        r.w[i] = (a->w[i] << 1) | c;
        c = a->w[i] >> 31;
    }
    return r;
}

rb rb_mod(const rb *a, const rb *m) {
    /* Binary long division, most significant bit first: r = 2r + bit, then
     * subtract m if r >= m. r < m <= 2^511 keeps 2r in range. */
    rb r = rb_small(0);
    for (int bit = 32 * RB_LIMBS - 1; bit >= 0; bit--) {
        r = rb_shl1(&r);
        r.w[0] |= (a->w[bit / 32] >> (bit % 32)) & 1;
        if (rb_cmp(&r, m) >= 0) r = rb_sub(&r, m);
    }
    return r;
}

const rb *rb_p(void) {
    static rb p;
    static int done;
    if (!done) {
        rb_from_dec(&p, "21888242871839275222246405745257275088548364400416034343698204186575808495617");
        done = 1;
    }
    return &p;
}

rb rb_mulmod(const rb *a, const rb *b) {
    rb x = rb_mod(a, rb_p()), y = rb_mod(b, rb_p());
    rb pr = rb_mul(&x, &y); /* < p^2 < 2^512: exact */
    return rb_mod(&pr, rb_p());
}

rb rb_addmod(const rb *a, const rb *b) {
    rb s = rb_add(a, b);
    return rb_mod(&s, rb_p());
}

rb rb_submod(const rb *a, const rb *b) {
    rb s = rb_add(a, rb_p());
    s = rb_sub(&s, b);
    return rb_mod(&s, rb_p());
}

rb rb_from_u64x4(const uint64_t v[4]) {
    rb r = rb_small(0);
    for (int i = 0; i < 4; i++) {
        r.w[2 * i] = (uint32_t)v[i];
        r.w[2 * i + 1] = (uint32_t)(v[i] >> 32);
    }
    return r;
}

void rb_to_u64x4(uint64_t v[4], const rb *a) {
    for (int i = 0; i < 4; i++) v[i] = (uint64_t)a->w[2 * i] | (uint64_t)a->w[2 * i + 1] << 32;
}

int rb_from_dec(rb *out, const char *s) {
    rb r = rb_small(0), ten = rb_small(10);
    if (!*s) return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        r = rb_mul(&r, &ten);
        rb d = rb_small((uint32_t)(*s - '0'));
        r = rb_add(&r, &d);
    }
    *out = r;
    return 0;
}

void rb_to_dec(char *buf, const rb *a) {
    rb x = *a;
    char tmp[160];
    int n = 0;
    rb zero = rb_small(0);
    do {
        /* divide by 10: long division on 32-bit limbs */
        uint64_t rem = 0;
        for (int i = RB_LIMBS - 1; i >= 0; i--) {
            uint64_t cur = (rem << 32) | x.w[i];
            x.w[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
        }
        tmp[n++] = (char)('0' + rem);
    } while (rb_cmp(&x, &zero) != 0);
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
}
