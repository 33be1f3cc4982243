/* zkprim poseidon2: Poseidon2 of field elements given as arguments, for the
 * three instance families of include/zkprim/poseidon2.h and the HorizenLabs
 * reference instances (permutation only). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "zkprim/poseidon2.h"

#define P2_MAX_ARGS 64

static void usage(FILE *f) {
    fprintf(f, "usage: zkprim poseidon2 [-a ALGO] [--permute | --compress] [--hex] X1 [X2 ...]\n\n"
               "Poseidon2 of field elements (non-negative integers below p, decimal or 0x-hex; values\n"
               ">= p are rejected with exit 1, not reduced). At most %d elements.\n"
               "  -a ALGO      poseidon2-bn254 (default): barretenberg / Noir, width 4;\n"
               "               poseidon2-babybear, poseidon2-koalabear: Plonky3's defaults;\n"
               "               poseidon2-horizen-{babybear,goldilocks,bn254,bls12-381,pallas,vesta}:\n"
               "               the HorizenLabs reference instances, permutation only (the width is\n"
               "               the number of elements: babybear 16, 24; goldilocks 8, 12, 16, 20;\n"
               "               bn254 3; bls12-381 2, 3, 4, 8; pallas 3, 4, 8; vesta 3)\n"
               "  (default)    hash: Noir's poseidon2 hash (one element out) for bn254, Plonky3's\n"
               "               width-16 sponge (8 elements out) for the 31-bit fields\n"
               "  --permute    the permutation of a whole state: 4 elements (bn254), 16 or 24\n"
               "  --compress   (31-bit) the 2-to-1 compression of 16 elements (left, right)\n"
               "  --hex        print 0x-hex instead of decimal\n" CLI_EXIT_HELP,
            P2_MAX_ARGS);
}

typedef enum { P2_BN254, P2_BABYBEAR, P2_KOALABEAR, P2_HORIZEN } p2_algo;

/* The HorizenLabs reference instances by CLI name. */
static const char *const k_horizen[6] = {"babybear", "goldilocks", "bn254", "bls12-381", "pallas", "vesta"};

static void print_u256(const uint64_t v[4], int hex) {
    if (hex) {
        printf("0x%016llx%016llx%016llx%016llx", (unsigned long long)v[3], (unsigned long long)v[2],
               (unsigned long long)v[1], (unsigned long long)v[0]);
    } else {
        char dec[CLI_DEC_U256];
        cli_u256_to_dec(v, dec);
        fputs(dec, stdout);
    }
}

static int run31(p2_algo a, int mode, int hex, const zkp_poseidon_fr *in, size_t n) {
    uint32_t x[P2_MAX_ARGS], out[24];
    size_t nout = 8;
    for (size_t i = 0; i < n; i++) {
        /* above 32 bits: out of range for either field; the library says so for the rest */
        x[i] = (in[i].limb[1] | in[i].limb[2] | in[i].limb[3] | (in[i].limb[0] >> 32)) ? UINT32_MAX
                                                                                        : (uint32_t)in[i].limb[0];
    }
    zkp_status s;
    if (mode == 1) {
        if (n != 16 && n != 24) return cli_usage_error("poseidon2", "--permute takes 16 or 24 elements, not %zu", n);
        memcpy(out, x, n * sizeof x[0]);
        nout = n;
        s = a == P2_BABYBEAR ? zkp_poseidon2_babybear_permute(out, n) : zkp_poseidon2_koalabear_permute(out, n);
    } else if (mode == 2) {
        if (n != 16) return cli_usage_error("poseidon2", "--compress takes 16 elements, not %zu", n);
        s = a == P2_BABYBEAR ? zkp_poseidon2_babybear_compress(x, x + 8, out)
                             : zkp_poseidon2_koalabear_compress(x, x + 8, out);
    } else {
        s = a == P2_BABYBEAR ? zkp_poseidon2_babybear_hash(x, n, out) : zkp_poseidon2_koalabear_hash(x, n, out);
    }
    if (s != ZKP_OK) {
        fprintf(stderr, "zkprim poseidon2: %s\n", zkp_status_str(s));
        return 1;
    }
    for (size_t i = 0; i < nout; i++) printf(hex ? "%s0x%08x" : "%s%u", i ? " " : "", (unsigned)out[i]);
    putchar('\n');
    return 0;
}

static int run_bn254(int mode, int hex, zkp_poseidon_fr *in, size_t n) {
    zkp_status s;
    size_t nout = 1;
    zkp_poseidon_fr out;
    if (mode == 2) return cli_usage_error("poseidon2", "--compress is for the 31-bit fields");
    if (mode == 1) {
        if (n != 4) return cli_usage_error("poseidon2", "--permute takes 4 elements for bn254, not %zu", n);
        s = zkp_poseidon2_bn254_permute(in);
        nout = 4;
    } else {
        s = zkp_poseidon2_bn254_hash(in, n, &out);
        in = &out;
    }
    if (s != ZKP_OK) {
        fprintf(stderr, "zkprim poseidon2: %s\n", zkp_status_str(s));
        return 1;
    }
    for (size_t i = 0; i < nout; i++) {
        if (i) putchar(' ');
        print_u256(in[i].limb, hex);
    }
    putchar('\n');
    return 0;
}

/* A HorizenLabs instance (k indexes k_horizen): the permutation of the n
 * elements given, n being the width. */
static int run_horizen(int k, int mode, int hex, zkp_poseidon_fr *in, size_t n) {
    if (mode == 2) return cli_usage_error("poseidon2", "poseidon2-horizen-%s has no compression", k_horizen[k]);
    zkp_status s;
    uint32_t x32[P2_MAX_ARGS];
    uint64_t x64[P2_MAX_ARGS];
    for (size_t i = 0; i < n; i++) { /* above the type: out of range, as run31 does */
        int wide = (in[i].limb[1] | in[i].limb[2] | in[i].limb[3]) != 0;
        x64[i] = wide ? UINT64_MAX : in[i].limb[0];
        x32[i] = wide || (in[i].limb[0] >> 32) ? UINT32_MAX : (uint32_t)in[i].limb[0];
    }
    switch (k) {
    case 0: s = zkp_poseidon2_horizen_babybear_permute(x32, n); break;
    case 1: s = zkp_poseidon2_horizen_goldilocks_permute(x64, n); break;
    case 2: s = zkp_poseidon2_horizen_bn254_permute(in, n); break;
    case 3: s = zkp_poseidon2_horizen_bls12_381_permute(in, n); break;
    case 4: s = zkp_poseidon2_horizen_pallas_permute(in, n); break;
    default: s = zkp_poseidon2_horizen_vesta_permute(in, n); break;
    }
    if (s == ZKP_ERR_COUNT)
        return cli_usage_error("poseidon2", "poseidon2-horizen-%s has no width %zu (see --help)", k_horizen[k], n);
    if (s != ZKP_OK) {
        fprintf(stderr, "zkprim poseidon2: %s\n", zkp_status_str(s));
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        if (i) putchar(' ');
        if (k == 0) printf(hex ? "0x%08x" : "%u", (unsigned)x32[i]);
        else if (k == 1) printf(hex ? "0x%016llx" : "%llu", (unsigned long long)x64[i]);
        else print_u256(in[i].limb, hex);
    }
    putchar('\n');
    return 0;
}

int cmd_poseidon2(int argc, char **argv) {
    p2_algo a = P2_BN254;
    int mode = 0, hex = 0, horizen = 0;
    static zkp_poseidon_fr in[P2_MAX_ARGS];
    size_t n = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(s, "-a")) {
            if (++i >= argc) return cli_usage_error("poseidon2", "-a needs an algorithm");
            if (!strcmp(argv[i], "poseidon2-bn254")) a = P2_BN254;
            else if (!strcmp(argv[i], "poseidon2-babybear")) a = P2_BABYBEAR;
            else if (!strcmp(argv[i], "poseidon2-koalabear")) a = P2_KOALABEAR;
            else if (!strncmp(argv[i], "poseidon2-horizen-", 18)) {
                a = P2_HORIZEN;
                for (horizen = 0; horizen < 6 && strcmp(argv[i] + 18, k_horizen[horizen]); horizen++) {}
                if (horizen == 6) return cli_usage_error("poseidon2", "unknown algorithm '%s'", argv[i]);
            } else return cli_usage_error("poseidon2", "unknown algorithm '%s'", argv[i]);
        } else if (!strcmp(s, "--permute")) {
            mode = 1;
        } else if (!strcmp(s, "--compress")) {
            mode = 2;
        } else if (!strcmp(s, "--hex")) {
            hex = 1;
        } else if (s[0] == '-' && s[1] != 0 && (s[1] < '0' || s[1] > '9')) {
            return cli_usage_error("poseidon2", "unknown option '%s'", s);
        } else {
            if (n == P2_MAX_ARGS) return cli_usage_error("poseidon2", "at most %d elements", P2_MAX_ARGS);
            int r = cli_parse_u256(s, in[n].limb);
            if (r < 0)
                return cli_usage_error("poseidon2", "'%s' is not a valid field element: a non-negative integer below p, "
                                                    "in decimal or 0x-hex", s);
            if (r > 0) memset(in[n].limb, 0xff, sizeof in[n].limb); /* >= 2^256: out of range */
            n++;
        }
    }
    if (a == P2_BN254) return run_bn254(mode, hex, in, n);
    if (a == P2_HORIZEN) return run_horizen(horizen, mode, hex, in, n);
    return run31(a, mode, hex, in, n);
}
