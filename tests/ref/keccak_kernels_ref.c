/*
 * Keccak-f[1600] straight from FIPS 202 section 3.2 (Algorithms 1-7), for
 * clarity, not speed: lanes are A[x][y] = a[x + 5*y], bit z of a lane is bit
 * z of the uint64_t.
 */
#include "keccak_kernels_ref.h"

#define LANE(x, y) ((x) + 5 * (y))

static uint64_t rotl(uint64_t v, unsigned n) {
    n &= 63;
    return n ? (v << n) | (v >> (64 - n)) : v;
}

/* theta: XOR each bit with the parities of two neighbouring columns. */
void fips_theta(uint64_t a[25]) {
    uint64_t c[5], d[5];
    for (int x = 0; x < 5; x++) c[x] = a[LANE(x, 0)] ^ a[LANE(x, 1)] ^ a[LANE(x, 2)] ^ a[LANE(x, 3)] ^ a[LANE(x, 4)];
    for (int x = 0; x < 5; x++) d[x] = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) a[LANE(x, y)] ^= d[x];
}

/* rho offsets by Algorithm 2: walk (x, y) -> (y, 2x + 3y) from (1, 0); the
 * t-th lane visited is rotated by (t + 1)(t + 2) / 2. */
unsigned fips_rho_offset(int x, int y) {
    int cx = 1, cy = 0;
    if (x == 0 && y == 0) return 0;
    for (unsigned t = 0; t < 24; t++) {
        if (cx == x && cy == y) return ((t + 1) * (t + 2) / 2) % 64;
        int nx = cy, ny = (2 * cx + 3 * cy) % 5;
        cx = nx;
        cy = ny;
    }
    return 0xFFFFFFFFu; /* unreachable for 0 <= x, y < 5 */
}

void fips_rho(uint64_t a[25]) {
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) a[LANE(x, y)] = rotl(a[LANE(x, y)], fips_rho_offset(x, y));
}

/* pi: A'[x][y] = A[(x + 3y) mod 5][x]. */
void fips_pi(uint64_t a[25]) {
    uint64_t b[25];
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) b[LANE(x, y)] = a[LANE((x + 3 * y) % 5, x)];
    for (int i = 0; i < 25; i++) a[i] = b[i];
}

/* chi: A'[x][y] = A[x][y] ^ (~A[x+1][y] & A[x+2][y]), row by row. */
void fips_chi(uint64_t a[25]) {
    for (int y = 0; y < 5; y++) {
        uint64_t row[5];
        for (int x = 0; x < 5; x++) row[x] = a[LANE(x, y)];
        for (int x = 0; x < 5; x++) a[LANE(x, y)] = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5]);
    }
}

/* rc(t) by Algorithm 5: the LFSR x^8 + x^6 + x^5 + x^4 + 1 over GF(2). */
static unsigned rc_bit(unsigned t) {
    if (t % 255 == 0) return 1;
    unsigned r = 0x01; /* bits R[0..7], R[0] in bit 0 */
    for (unsigned i = 1; i <= t % 255; i++) {
        unsigned r8 = (r >> 7) & 1; /* the bit shifted out of R[7] */
        r = (r << 1) & 0xFF;        /* R = 0 || R, truncated to 8 bits */
        r ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6);
    }
    return r & 1;
}

/* RC for round i (Algorithm 6): bit 2^j - 1 is rc(j + 7i), j = 0..6. */
uint64_t fips_round_constant(int round) {
    uint64_t rc = 0;
    for (unsigned j = 0; j <= 6; j++)
        if (rc_bit(j + 7 * (unsigned)round)) rc |= (uint64_t)1 << ((1u << j) - 1);
    return rc;
}

void fips_iota(uint64_t a[25], int round) { a[0] ^= fips_round_constant(round); }

void fips_permute(uint64_t a[25]) {
    for (int i = 0; i < 24; i++) {
        fips_theta(a);
        fips_rho(a);
        fips_pi(a);
        fips_chi(a);
        fips_iota(a, i);
    }
}
