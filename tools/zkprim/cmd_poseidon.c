/* zkprim poseidon: the circom Poseidon hash (BN254) of 1..16 field elements,
 * printed as circomlibjs prints it (decimal) or as 32 bytes of hex. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "zkprim/poseidon.h"

/* One field element for `what` ("input" or "--tag value"): 0, or 2 after a
 * usage message for text that is not a non-negative integer ("-1" used to be
 * taken for an unknown option). An integer >= p is parsed; *big records it
 * for in_field() (range errors come after all usage errors, so that exit 2
 * always means nothing was looked at). */
static int parse_element(const char *what, const char *s, zkp_poseidon_fr *out, int *big) {
    const int r = cli_parse_u256(s, out->limb);
    if (r < 0)
        return cli_usage_error("poseidon", "%s '%s' is not a valid field element: a non-negative integer below p, "
                                           "in decimal or 0x-hex",
                               what, s);
    *big = r > 0;
    return 0;
}

/* 1 if the parsed value is below p (the library's own range check). */
static int in_field(const zkp_poseidon_fr *x, int big) {
    uint8_t b[32];
    zkp_poseidon_fr check;
    for (int i = 0; i < 32; i++) b[i] = (uint8_t)(x->limb[i / 8] >> (8 * (i % 8)));
    return !big && zkp_poseidon_fr_from_le(&check, b) == ZKP_OK;
}

/* Exit 1 for an integer >= p: rejected, not reduced (tests/js/poseidon_diff.js
 * pins that exit code). */
static int not_in_field(const char *what, const char *s) {
    fprintf(stderr, "zkprim poseidon: %s '%s' is not below the field modulus p; values are rejected, not reduced\n",
            what, s);
    return 1;
}

static void usage(FILE *f) {
    fprintf(f, "usage: zkprim poseidon [--dec|--be|--le] [--tag X] X1 [X2 ... X16]\n\n"
               "Poseidon hash over BN254 with circom's parameters (circomlibjs poseidon([X1, ...])).\n"
               "Each X is a field element: a non-negative integer below p, in decimal or 0x-hex.\n"
               "Values >= p are rejected (exit 1), not reduced; text that is not such an integer\n"
               "(\"-1\", \"1.5\", \"0x\") is a usage error (exit 2).\n"
               "  --dec      print the hash in decimal (default, as circomlibjs F.toString)\n"
               "  --be/--le  print the hash as 32 bytes of hex, big- / little-endian\n"
               "  --tag X    initial capacity element (light-poseidon domain tag; default 0)\n" CLI_EXIT_HELP);
}

int cmd_poseidon(int argc, char **argv) {
    enum { DEC, BE, LE } fmt = DEC;
    zkp_poseidon_fr in[ZKP_POSEIDON_MAX_INPUTS], tag = {{0, 0, 0, 0}}, out;
    const char *text[ZKP_POSEIDON_MAX_INPUTS], *tag_text = NULL;  /* as given, for messages */
    int big[ZKP_POSEIDON_MAX_INPUTS], tag_big = 0;
    size_t n = 0;
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
            if (parse_element("--tag value", argv[i], &tag, &tag_big)) return 2;
            tag_text = argv[i];
        } else if (a[0] == '-' && a[1] != 0 && (a[1] < '0' || a[1] > '9')) {
            return cli_usage_error("poseidon", "unknown option '%s'", a);
        } else {  /* an element, or a negative number that parse_element refuses as one */
            if (n == ZKP_POSEIDON_MAX_INPUTS) return cli_usage_error("poseidon", "at most 16 inputs");
            if (parse_element("input", a, &in[n], &big[n])) return 2;
            text[n++] = a;
        }
    }
    if (n == 0) return cli_usage_error("poseidon", "give 1 to 16 inputs");
    if (tag_text && !in_field(&tag, tag_big)) return not_in_field("--tag value", tag_text);
    for (size_t k = 0; k < n; k++)
        if (!in_field(&in[k], big[k])) return not_in_field("input", text[k]);
    zkp_status s = zkp_poseidon_hash_tagged(tag_text ? &tag : NULL, in, n, &out);
    if (s != ZKP_OK) {
        fprintf(stderr, "zkprim poseidon: %s\n", zkp_status_str(s));
        return 1;
    }
    if (fmt == DEC) {
        char dec[CLI_DEC_U256];
        cli_u256_to_dec(out.limb, dec);
        puts(dec);
    } else {
        uint8_t b[32];
        if (fmt == BE) zkp_poseidon_fr_to_be(b, &out);
        else zkp_poseidon_fr_to_le(b, &out);
        cli_print_hex(stdout, b, 32);
        putchar('\n');
    }
    return 0;
}
