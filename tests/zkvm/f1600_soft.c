/*
 * The software Keccak-f[1600] that host builds with -DZKP_KECCAK_F1600=external
 * link as zkp_keccakf1600_external, standing in for a zkVM precompile so the
 * whole Keccak suite runs through the hook. Written from FIPS 202 section 3.2
 * as a third implementation (neither src/keccak nor tests/ref/keccak_ref.c):
 * lanes a[x + 5y], rho offsets and pi positions walked along the (x, y) ->
 * (y, 2x + 3y) orbit, round constants from the rc(t) LFSR.
 * Counts its calls so a test can see that the library really came here.
 */
#include <stdint.h>

#include "f1600_soft.h"

zkpi_test_counter zkpi_test_external_calls;

static uint64_t rotl(uint64_t v, unsigned n) { return n ? (v << n) | (v >> (64 - n)) : v; }

/* RC[ir] of FIPS 202 algorithm 6: bit 2^j - 1 is rc(j + 7 ir), where rc(t)
 * (algorithm 5) is output t of the LFSR x^8 + x^6 + x^5 + x^4 + 1 started at
 * 1. The 168 outputs are stepped through once per call (no shared state:
 * the suite calls this from several threads). */
static void round_constants(uint64_t rc[24]) {
    unsigned r = 1;
    for (unsigned t = 0; t < 7 * 24; t++) {
        unsigned ir = t / 7, j = t % 7;
        if (j == 0) rc[ir] = 0;
        if (r & 1) rc[ir] |= (uint64_t)1 << ((1u << j) - 1);
        r <<= 1;
        if (r & 0x100) r ^= 0x171;
    }
}

void zkp_keccakf1600_external(uint64_t a[25]) {
    zkpi_test_external_calls++;
    uint64_t rcs[24];
    round_constants(rcs);
    for (unsigned ir = 0; ir < 24; ir++) {
        uint64_t c[5], b[25];
        for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++) a[x + 5 * y] ^= c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
        /* rho and pi together: lane (x, y) rotates by (t+1)(t+2)/2 and moves to (y, 2x + 3y) */
        b[0] = a[0];
        for (int t = 0, x = 1, y = 0; t < 24; t++) {
            int nx = y, ny = (2 * x + 3 * y) % 5;
            b[nx + 5 * ny] = rotl(a[x + 5 * y], (unsigned)(((t + 1) * (t + 2) / 2) % 64));
            x = nx, y = ny;
        }
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 5; x++)
                a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
        a[0] ^= rcs[ir];
    }
}
