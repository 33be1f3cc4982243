/* zkprim poseidon: the circom Poseidon hash (BN254) of 1..16 field elements,
 * printed as circomlibjs prints it (decimal) or as 32 bytes of hex. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "zkprim/poseidon.h"

/* Decimal or 0x-hex text -> 256-bit integer (limbs LE); -1 if not a number
 * or >= 2^256. Range against p is the library's job. */
static int parse_u256(const char *s, uint64_t v[4]) {
    memset(v, 0, 4 * sizeof v[0]);
    if (!*s) return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        size_t n = strlen(s);
        if (n == 0 || n > 64) return -1;
        for (size_t i = 0; i < n; i++) {
            const int d = cli_hex_digit(s[n - 1 - i]);
            if (d < 0) return -1;
            v[i / 16] |= (uint64_t)d << (4 * (i % 16));
        }
        return 0;
    }
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned __int128 c = (unsigned)(*s - '0');
        for (int i = 0; i < 4; i++) {
            c += (unsigned __int128)v[i] * 10;
            v[i] = (uint64_t)c;
            c >>= 64;
        }
        if (c) return -1;
    }
    return 0;
}

static void print_dec(const uint64_t v[4]) {
    uint64_t x[4] = {v[0], v[1], v[2], v[3]};
    char buf[80];
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
    while (n) putchar(buf[--n]);
    putchar('\n');
}

static void usage(FILE *f) {
    fprintf(f, "usage: zkprim poseidon [--dec|--be|--le] [--tag X] X1 [X2 ... X16]\n\n"
               "Poseidon hash over BN254 with circom's parameters (circomlibjs poseidon([X1, ...])).\n"
               "Each X is a field element in decimal or 0x-hex; values >= p are rejected, not reduced.\n"
               "  --dec      print the hash in decimal (default, as circomlibjs F.toString)\n"
               "  --be/--le  print the hash as 32 bytes of hex, big- / little-endian\n"
               "  --tag X    initial capacity element (light-poseidon domain tag; default 0)\n" CLI_EXIT_HELP);
}

int cmd_poseidon(int argc, char **argv) {
    enum { DEC, BE, LE } fmt = DEC;
    zkp_poseidon_fr in[ZKP_POSEIDON_MAX_INPUTS], tag = {{0, 0, 0, 0}}, out;
    size_t n = 0;
    int have_tag = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--dec") == 0) {
            fmt = DEC;
        } else if (strcmp(a, "--be") == 0) {
            fmt = BE;
        } else if (strcmp(a, "--le") == 0) {
            fmt = LE;
        } else if (strcmp(a, "--tag") == 0) {
            if (++i >= argc) return cli_usage_error("poseidon", "--tag needs a value");
            if (parse_u256(argv[i], tag.limb)) return cli_usage_error("poseidon", "bad --tag value '%s'", argv[i]);
            have_tag = 1;
        } else if (a[0] == '-' && a[1] != 0) {
            return cli_usage_error("poseidon", "unknown option '%s'", a);
        } else {
            if (n == ZKP_POSEIDON_MAX_INPUTS) return cli_usage_error("poseidon", "at most 16 inputs");
            if (parse_u256(a, in[n].limb))
                return cli_usage_error("poseidon", "'%s' is not a decimal or 0x-hex number below 2^256", a);
            n++;
        }
    }
    if (n == 0) return cli_usage_error("poseidon", "give 1 to 16 inputs");
    zkp_status s = zkp_poseidon_hash_tagged(have_tag ? &tag : NULL, in, n, &out);
    if (s == ZKP_ERR_RANGE) {
        fprintf(stderr, "zkprim poseidon: an input (or the tag) is not below the field modulus p; "
                        "values are rejected, not reduced\n");
        return 1;
    }
    if (s != ZKP_OK) {
        fprintf(stderr, "zkprim poseidon: %s\n", zkp_status_str(s));
        return 1;
    }
    if (fmt == DEC) {
        print_dec(out.limb);
    } else {
        uint8_t b[32];
        if (fmt == BE) zkp_poseidon_fr_to_be(b, &out);
        else zkp_poseidon_fr_to_le(b, &out);
        cli_print_hex(stdout, b, 32);
        putchar('\n');
    }
    return 0;
}
