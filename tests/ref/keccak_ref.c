/* Plain FIPS 202 oracle for the tests (see keccak_ref.h). Written for
 * obviousness, not speed: lanes are assembled from bytes on every access. */
#include "keccak_ref.h"

#include <string.h>

static uint64_t get_lane(const uint8_t s[200], int x, int y) {
    uint64_t v = 0;
    for (int b = 7; b >= 0; b--) v = (v << 8) | s[8 * (x + 5 * y) + b];
    return v;
}

static void set_lane(uint8_t s[200], int x, int y, uint64_t v) {
    for (int b = 0; b < 8; b++) s[8 * (x + 5 * y) + b] = (uint8_t)(v >> (8 * b));
}

static uint64_t rot(uint64_t v, int n) {
    n %= 64;
    return n ? (v << n) | (v >> (64 - n)) : v;
}

/* rc(t) from the LFSR of FIPS 202 algorithm 5 */
static int rc_bit(int t) {
    if (t % 255 == 0) return 1;
    unsigned r = 1;
    for (int i = 1; i <= t % 255; i++) {
        r <<= 1;
        if (r & 0x100) r ^= 0x171;  /* x^8 + x^6 + x^5 + x^4 + 1 */
    }
    return r & 1;
}

void ref_keccakf1600_bytes(uint8_t s[200]) {
    uint64_t A[5][5];
    for (int x = 0; x < 5; x++)
        for (int y = 0; y < 5; y++) A[x][y] = get_lane(s, x, y);
    for (int ir = 0; ir < 24; ir++) {
        uint64_t C[5], D[5], B[5][5];
        for (int x = 0; x < 5; x++) C[x] = A[x][0] ^ A[x][1] ^ A[x][2] ^ A[x][3] ^ A[x][4];
        for (int x = 0; x < 5; x++) D[x] = C[(x + 4) % 5] ^ rot(C[(x + 1) % 5], 1);
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++) A[x][y] ^= D[x];
        /* rho: walk (x, y) = (1, 0) -> (y, 2x + 3y) with offsets (t+1)(t+2)/2 */
        int x = 1, y = 0;
        for (int t = 0; t < 24; t++) {
            A[x][y] = rot(A[x][y], ((t + 1) * (t + 2) / 2) % 64);
            int nx = y, ny = (2 * x + 3 * y) % 5;
            x = nx, y = ny;
        }
        /* pi */
        for (x = 0; x < 5; x++)
            for (y = 0; y < 5; y++) B[y][(2 * x + 3 * y) % 5] = A[x][y];
        /* chi */
        for (x = 0; x < 5; x++)
            for (y = 0; y < 5; y++) A[x][y] = B[x][y] ^ (~B[(x + 1) % 5][y] & B[(x + 2) % 5][y]);
        /* iota */
        uint64_t rc = 0;
        for (int j = 0; j <= 6; j++)
            if (rc_bit(j + 7 * ir)) rc |= (uint64_t)1 << ((1 << j) - 1);
        A[0][0] ^= rc;
    }
    for (int x = 0; x < 5; x++)
        for (int y = 0; y < 5; y++) set_lane(s, x, y, A[x][y]);
}

void ref_keccakf1600_lanes(uint64_t st[25]) {
    uint8_t s[200];
    for (int i = 0; i < 25; i++)
        for (int b = 0; b < 8; b++) s[8 * i + b] = (uint8_t)(st[i] >> (8 * b));
    ref_keccakf1600_bytes(s);
    for (int i = 0; i < 25; i++) {
        st[i] = 0;
        for (int b = 7; b >= 0; b--) st[i] = (st[i] << 8) | s[8 * i + b];
    }
}

void ref_keccak_sponge(unsigned rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    uint8_t s[200];
    memset(s, 0, sizeof s);
    size_t pos = 0;
    for (size_t i = 0; i < len; i++) {
        s[pos++] ^= in[i];
        if (pos == rate) {
            ref_keccakf1600_bytes(s);
            pos = 0;
        }
    }
    s[pos] ^= suffix;
    s[rate - 1] ^= 0x80;
    ref_keccakf1600_bytes(s);
    pos = 0;
    for (size_t i = 0; i < outlen; i++) {
        if (pos == rate) {
            ref_keccakf1600_bytes(s);
            pos = 0;
        }
        out[i] = s[pos++];
    }
}
