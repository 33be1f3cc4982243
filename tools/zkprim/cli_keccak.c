/*
 * Keccak in the CLI: the hash algorithms of `zkprim hash` (keccak256,
 * sha3-224/256/384/512, shake128, shake256) and `zkprim tree -a keccak256`.
 * Registered in cli_registry.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "zkprim/keccak.h"

#define KECCAK_ALGO(ident, cname, alg, dlen, fl)                                                   \
    static zkp_status ident##_init(void *ctx, const cli_hash_opts *o) {                            \
        (void)o;                                                                                   \
        return zkp_keccak_init(ctx, alg);                                                          \
    }                                                                                              \
    const cli_hash_algo cli_hash_##ident = {cname, dlen, fl, sizeof(zkp_keccak_state), ident##_init, keccak_update, \
                                            keccak_final};

static zkp_status keccak_update(void *ctx, const uint8_t *data, size_t len) { return zkp_keccak_update(ctx, data, len); }
static zkp_status keccak_final(void *ctx, uint8_t *out, size_t len) { return zkp_keccak_final(ctx, out, len); }

KECCAK_ALGO(keccak256, "keccak256", ZKP_KECCAK_256, 32, 0)
KECCAK_ALGO(sha3_224, "sha3-224", ZKP_SHA3_224, 28, 0)
KECCAK_ALGO(sha3_256, "sha3-256", ZKP_SHA3_256, 32, 0)
KECCAK_ALGO(sha3_384, "sha3-384", ZKP_SHA3_384, 48, 0)
KECCAK_ALGO(sha3_512, "sha3-512", ZKP_SHA3_512, 64, 0)
/* XOF default lengths follow coreutils/OpenSSL: 16 and 32 bytes */
KECCAK_ALGO(shake128, "shake128", ZKP_SHAKE128, 16, CLI_HASH_XOF)
KECCAK_ALGO(shake256, "shake256", ZKP_SHAKE256, 32, CLI_HASH_XOF)

/*
 * zkprim tree -a keccak256 [--leaf-size BYTES] [--threads N] [--sha3] FILE
 *
 * Leaves: FILE cut into BYTES-sized chunks (the last may be shorter; an
 * empty file is one empty leaf), each hashed with Keccak-256; the leaf count
 * is padded up to a power of two with all-zero 32-byte nodes; parent =
 * Keccak-256(left || right). Prints "<root hex>  FILE". FILE is streamed
 * through zkp_keccak_tree_hasher (that same tree) in 1 MiB reads, so memory
 * stays bounded; with --threads N the hasher hashes on N threads
 * (zkp_keccak_tree_hasher_init_threads) from reads of 8N MiB, at most
 * 32 MiB (cli_stream_block). Any leaf size goes to the library as given.
 */
static zkp_status keccak_tree_feed(void *h, const uint8_t *d, size_t n) { return zkp_keccak_tree_hasher_update(h, d, n); }

static int tree_keccak(int argc, char **argv) {
    int multi = cli_tree_multi("keccak256", argc, argv); /* prove/verify --multi: tree_multi.c */
    if (multi >= 0) return multi;
    uint64_t leaf_size = 64, threads = 1;  /* default: 64-byte leaves */
    const char *file = NULL;
    int progress = CLI_PROGRESS_AUTO;
    zkp_keccak_alg alg = ZKP_KECCAK_256;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--leaf-size")) {
            if (i + 1 >= argc || cli_parse_size(argv[++i], &leaf_size) || leaf_size == 0)
                return cli_usage_error("tree", "--leaf-size needs a positive byte count");
        } else if (!strcmp(s, "--threads")) {
            if (i + 1 >= argc || cli_parse_size(argv[++i], &threads) || threads == 0 || threads > 64)
                return cli_usage_error("tree", "--threads needs a count in 1..64");
        } else if (!strcmp(s, "--sha3")) {
            alg = ZKP_SHA3_256;
        } else if (cli_progress_option(s, &progress)) {
            continue;
        } else if (s[0] == '-' && s[1]) {
            return cli_usage_error("tree", "unknown option '%s'", s);
        } else if (file) {
            return cli_usage_error("tree", "one FILE only");
        } else {
            file = s;
        }
    }
    if (!file) return cli_usage_error("tree", "name a FILE ('-' for standard input)");
    uint8_t root[32];
    zkp_keccak_tree_hasher *h = malloc(sizeof *h);
    if (!h) {
        fprintf(stderr, "zkprim tree: out of memory\n");
        return 1;
    }
    if (leaf_size > SIZE_MAX) leaf_size = SIZE_MAX; /* 32-bit hosts: still above any input */
    zkp_status st = zkp_keccak_tree_hasher_init_threads(h, alg, (size_t)leaf_size, (unsigned)threads);
    int rc = 0;
    if (st == ZKP_OK) rc = cli_stream_file("tree", file, cli_stream_block((unsigned)threads), progress, keccak_tree_feed, h);
    if (st == ZKP_OK && rc == 0) st = zkp_keccak_tree_hasher_finalize(h, root);
    free(h);
    if (rc) return rc;
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s\n", zkp_status_str(st));
        return 1;
    }
    cli_print_digest_line(stdout, root, 32, file);
    return 0;
}

const cli_tree_algo cli_tree_keccak256 = {
    "keccak256", tree_keccak,
    "    --leaf-size BYTES  cut FILE into leaves of BYTES (default 64; the last may be shorter),\n"
    "                       leaf = Keccak-256(chunk)\n"
    "    --threads N        hash on N threads (default 1; in aligned blocks of whole subtrees)\n"
    "    --progress, --no-progress  force the progress line on standard error (default: on for\n"
    "                       64 MiB or more when stderr is a terminal)\n"
    "    --sha3             SHA3-256 instead of Keccak-256 for leaves and parents\n"
    "    leaf count padded to a power of two with zero nodes; parent = H(left || right)\n"
    "    prove --multi I,J,... [--leaf-size B] [--sha3] FILE > MPROOF / verify --multi ROOT FILE|CHUNKS MPROOF\n"
    "                       multiproof of several leaves (text; docs/keccak.md) and its check"};

