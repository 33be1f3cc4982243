/* 256-bit integers as the CLI reads and prints field elements: decimal or
 * 0x-hex in, decimal out (the way circomlibjs and BigInt.toString print). */
#include <string.h>

#include "cli.h"

int cli_parse_u256(const char *s, uint64_t v[4]) {
    memset(v, 0, 4 * sizeof v[0]);
    if (!*s) return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        if (!*s) return -1;
        while (s[0] == '0' && s[1]) s++;  /* leading zeros do not count toward the 64 digits */
        const size_t n = strlen(s);
        for (size_t i = 0; i < n; i++) {
            const int d = cli_hex_digit(s[n - 1 - i]);
            if (d < 0) return -1;
            if (i < 64) v[i / 16] |= (uint64_t)d << (4 * (i % 16));
        }
        return n > 64 ? 1 : 0;
    }
    int big = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned __int128 c = (unsigned)(*s - '0');
        for (int i = 0; i < 4; i++) {
            c += (unsigned __int128)v[i] * 10;
            v[i] = (uint64_t)c;
            c >>= 64;
        }
        big |= c != 0;  /* keep reading: a later letter still makes it not a number */
    }
    return big;
}

void cli_u256_to_dec(const uint64_t v[4], char out[CLI_DEC_U256]) {
    uint64_t x[4] = {v[0], v[1], v[2], v[3]};
    char buf[CLI_DEC_U256];
    int n = 0;
    do {
        unsigned __int128 rem = 0;
        for (int i = 3; i >= 0; i--) {
            unsigned __int128 cur = (rem << 64) | x[i];
            x[i] = (uint64_t)(cur / 10);
            rem = cur % 10;
        }
        buf[n++] = (char)('0' + (int)rem);
    } while (x[0] | x[1] | x[2] | x[3]);
    for (int i = 0; i < n; i++) out[i] = buf[n - 1 - i];
    out[n] = 0;
}
