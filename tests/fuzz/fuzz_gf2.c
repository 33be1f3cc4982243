/*
 * GF(2^n) fuzz target: for any field and any bytes, from_bytes accepts
 * exactly the reduced encodings (degree below n) and round-trips them;
 * mul, square, mul_batch, pow and inv agree with the bit-serial oracle
 * (tests/ref/gf2_ref.c) at the CPU level the dispatcher picks; and for b256
 * the isomorphism's constant-time and _vartime forms agree, invert each
 * other and carry products to ghash2 products (tests/ref/gf2iso_oracle.c).
 * Framing: field, then a, b (32 bytes each, shaped), exponent (16 bytes).
 */
#include "fuzz.h"
#include "gf2_ref.h"
#include "gf2iso_oracle.h"
#include "zkprim/gf2.h"
#include "zkprim/gf2_iso.h"

/* Value classes: raw bytes (often unreduced), reduced random, 0, 1, all ones below the degree. */
static void shape(uint8_t bytes[32], unsigned cls, unsigned degree) {
    if (cls % 5 == 0) return;
    if (cls % 5 == 2 || cls % 5 == 3) memset(bytes, 0, 32);
    if (cls % 5 == 3) bytes[0] = 1;
    if (cls % 5 == 4) memset(bytes, 0xFF, 32);
    for (unsigned bit = degree; bit < 256; bit++) bytes[bit / 8] &= (uint8_t) ~(1u << (bit % 8));
}

static int reduced(const uint8_t bytes[32], unsigned nbytes, unsigned degree) {
    for (unsigned bit = degree; bit < 8 * nbytes; bit++)
        if (bytes[bit / 8] >> (bit % 8) & 1) return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    uint8_t fb = fz_u8(&c), cls = fz_u8(&c);
    zkp_gf2_field f = (zkp_gf2_field)(fb % ZKP_GF2_FIELD_COUNT);
    const unsigned nl = zkp_gf2_field_limbs(f), deg = zkp_gf2_field_degree(f), nbytes = 8 * nl;
    uint8_t ab[32], bb[32];
    uint64_t e[2];
    fz_bytes(&c, ab, 32);
    fz_bytes(&c, bb, 32);
    e[0] = fz_u64(&c);
    e[1] = fz_u64(&c);
    shape(ab, cls, deg);
    shape(bb, cls / 5, deg);

    uint64_t a[4] = {0}, b[4] = {0}, r[4], w[4], back[4];
    uint8_t out[32];
    const int a_ok = reduced(ab, nbytes, deg), b_ok = reduced(bb, nbytes, deg);
    memset(r, 0x5A, sizeof r);
    FUZZ_CHECK(zkp_gf2_from_bytes(f, r, ab) == (a_ok ? ZKP_OK : ZKP_ERR_RANGE));
    if (!a_ok) { /* rejected: nothing written */
        for (unsigned i = 0; i < nl; i++) FUZZ_CHECK(r[i] == 0x5A5A5A5A5A5A5A5Aull);
        return 0;
    }
    memcpy(a, r, sizeof a);
    FUZZ_CHECK(zkp_gf2_check(f, a) == ZKP_OK);
    FUZZ_CHECK(zkp_gf2_to_bytes(f, out, a) == ZKP_OK);
    FUZZ_CHECK(memcmp(out, ab, nbytes) == 0);
    if (!b_ok) return 0;
    FUZZ_CHECK(zkp_gf2_from_bytes(f, b, bb) == ZKP_OK);

    ref_gf2_mul(f, w, a, b);
    FUZZ_CHECK(zkp_gf2_mul(f, r, a, b) == ZKP_OK);
    FUZZ_CHECK(memcmp(r, w, 8 * nl) == 0);
    uint64_t ra[8], rb2[8], rr[8]; /* two-element batch, second product a*a */
    memcpy(ra, a, 8 * nl), memcpy(ra + nl, a, 8 * nl);
    memcpy(rb2, b, 8 * nl), memcpy(rb2 + nl, a, 8 * nl);
    FUZZ_CHECK(zkp_gf2_mul_batch(f, rr, ra, rb2, 2) == ZKP_OK);
    FUZZ_CHECK(memcmp(rr, w, 8 * nl) == 0);
    ref_gf2_mul(f, w, a, a);
    FUZZ_CHECK(memcmp(rr + nl, w, 8 * nl) == 0);
    FUZZ_CHECK(zkp_gf2_square(f, r, a) == ZKP_OK);
    FUZZ_CHECK(memcmp(r, w, 8 * nl) == 0);

    ref_gf2_pow(f, w, a, e, 2);
    FUZZ_CHECK(zkp_gf2_pow(f, r, a, e, 2) == ZKP_OK);
    FUZZ_CHECK(memcmp(r, w, 8 * nl) == 0);

    int zero = 1;
    for (unsigned i = 0; i < nl; i++) zero &= a[i] == 0;
    FUZZ_CHECK(zkp_gf2_inv(f, r, a) == (zero ? ZKP_ERR_RANGE : ZKP_OK));
    if (!zero) { /* a * a^-1 = 1 */
        ref_gf2_mul(f, w, a, r);
        FUZZ_CHECK(w[0] == 1);
        for (unsigned i = 1; i < nl; i++) FUZZ_CHECK(w[i] == 0);
    }

    if (f == ZKP_GF2_B256) {
        zkp_gf2_b256 x, y;
        zkp_gf2_ghash2 gx, gy, gv;
        memcpy(x.limb, a, 32);
        memcpy(y.limb, b, 32);
        zkp_gf2_b256_to_ghash2(&gx, &x);
        zkp_gf2_b256_to_ghash2_vartime(&gv, &x);
        FUZZ_CHECK(memcmp(&gx, &gv, 32) == 0);
        zkp_gf2_ghash2_to_b256(&y, &gx);
        FUZZ_CHECK(memcmp(&y, &x, 32) == 0);
        zkp_gf2_ghash2_to_b256_vartime(&y, &gv);
        FUZZ_CHECK(memcmp(&y, &x, 32) == 0);
        /* iso(a b) = iso(a) iso(b) */
        memcpy(y.limb, b, 32);
        zkp_gf2_b256_to_ghash2(&gy, &y);
        ref_b256_mul(back, a, b);
        memcpy(x.limb, back, 32);
        zkp_gf2_b256_to_ghash2(&gv, &x);
        ref_ghash2_mul(w, gx.limb, gy.limb);
        FUZZ_CHECK(memcmp(gv.limb, w, 32) == 0);
    }
    return 0;
}
