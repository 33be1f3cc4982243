/*
 * Fuzz target: the command-line tool's text parsers (tools/zkprim/cli_util.c)
 * against reference grammars written here character by character:
 *   - cli_parse_hex: exactly 2n hex digits, nothing else;
 *   - cli_parse_size: digits, then optionally K/M/G (any case) with an
 *     optional "i", then an optional "B"; no sign or space; the value times
 *     the unit must fit 64 bits.
 * The input (up to 95 bytes, cut at the first NUL) is the string both see.
 */
#include "fuzz.h"

#include "cli.h"

static int ref_nibble(unsigned char c) {
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++)
        if (c == (unsigned char)digits[i] || (i >= 10 && c == (unsigned char)(digits[i] - 'a' + 'A'))) return i;
    return -1;
}

static int ref_parse_hex(const char *s, uint8_t *out, size_t n) {
    size_t len = 0;
    while (s[len]) len++;
    if (len != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = ref_nibble((unsigned char)s[2 * i]), lo = ref_nibble((unsigned char)s[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(16 * hi + lo);
    }
    return 0;
}

/* the digits' value in 128 bits, saturated once it passes 2^64 */
static int ref_parse_size(const char *s, uint64_t *out) {
    size_t i = 0, nd = 0;
    unsigned __int128 v = 0;
    const unsigned __int128 big = (unsigned __int128)1 << 64;
    for (; s[i] >= '0' && s[i] <= '9'; i++, nd++) {
        v = v * 10 + (unsigned)(s[i] - '0');
        if (v > big) v = big + 1;
    }
    if (nd == 0) return -1;
    unsigned __int128 unit = 1;
    const char u = s[i];
    if (u == 'K' || u == 'k' || u == 'M' || u == 'm' || u == 'G' || u == 'g') {
        unit = (unsigned __int128)1 << (u == 'K' || u == 'k' ? 10 : u == 'M' || u == 'm' ? 20 : 30);
        i++;
        if (s[i] == 'i') i++;
    }
    if (s[i] == 'B') i++;
    if (s[i]) return -1;
    v *= unit;
    if (v >> 64) return -1;
    *out = (uint64_t)v;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char s[96];
    const size_t n = size < sizeof s - 1 ? size : sizeof s - 1;
    memcpy(s, data, n);
    s[n] = 0;
    size_t len = strlen(s);

    uint8_t got[48], want[48];
    const size_t nb = len / 2 + (len & 1); /* odd lengths must fail */
    if (nb <= sizeof got) {
        const int a = cli_parse_hex(s, got, nb), b = ref_parse_hex(s, want, nb);
        FUZZ_CHECK(a == b);
        if (a == 0) FUZZ_CHECK(memcmp(got, want, nb) == 0);
    }
    /* a wrong expected length is refused whatever the text */
    FUZZ_CHECK(cli_parse_hex(s, got, nb + 1) == -1);

    uint64_t x = 0, y = 0;
    const int a = cli_parse_size(s, &x), b = ref_parse_size(s, &y);
    FUZZ_CHECK(a == b);
    if (a == 0) FUZZ_CHECK(x == y);
    return 0;
}
