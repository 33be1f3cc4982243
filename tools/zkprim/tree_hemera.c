/*
 * `zkprim tree -a hemera`: Hemera tree roots and inclusion proofs.
 *
 *   zkprim tree -a hemera [--cdc] [--threads N] [--progress] FILE   root, streamed (fixed 4 KiB tree, batched, N threads;
 *                                                 --cdc: content-defined)
 *   zkprim tree -a hemera prove FILE INDEX        proof for chunk INDEX, binary, to stdout
 *   zkprim tree -a hemera verify ROOT DATA INDEX PROOF
 *
 * Proof file = 24-byte header + the library's proof bytes:
 *   bytes 0..8    "HEMPROOF" (magic, format version 1 implied by the name)
 *   bytes 8..16   total data length in bytes, u64 little-endian
 *   bytes 16..24  chunk index, u64 little-endian
 *   bytes 24..    sibling digests, bottom-up, 32 bytes each
 *                 (zkp_hemera_tree_proof; count = zkp_hemera_tree_proof_size / 32)
 * The header lets `verify` take either the whole file or just the chunk as
 * DATA: a DATA file of exactly the total length is the whole file (chunk
 * INDEX is cut out of it), anything else is the chunk itself.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "zkprim/hemera.h"

#define PROOF_MAGIC "HEMPROOF"
#define PROOF_HEADER 24

static const char k_usage[] =
    "    zkprim tree -a hemera [--cdc] [--threads N] [--progress|--no-progress] FILE\n"
    "        print the root: the fixed 4 KiB-chunk tree (crate 0.2.0 root_hash, the tree\n"
    "        proofs use), or with --cdc the content-defined-chunking root of the newest\n"
    "        crate (same value up to 2048 bytes, different above in general); the fixed\n"
    "        tree is hashed through the batched permutation on N threads (default 1;\n"
    "        the root does not depend on N); FILE ('-': standard input) is read as a\n"
    "        stream in bounded memory, with a progress line on standard error for large\n"
    "        inputs when it is a terminal (--progress / --no-progress force it)\n"
    "    zkprim tree -a hemera prove FILE INDEX > PROOF\n"
    "        inclusion proof (binary) that chunk INDEX (0-based, 4096 bytes) is in FILE's fixed-tree root\n"
    "    zkprim tree -a hemera verify ROOT FILE|CHUNKFILE INDEX PROOF\n"
    "        check a proof against a root (64 hex digits); prints OK (exit 0) or FAILED (exit 1)\n"
    "    zkprim tree -a hemera prove --multi I,J,... FILE > MPROOF\n"
    "    zkprim tree -a hemera verify --multi ROOT FILE|CHUNKS MPROOF [--threads N]\n"
    "        multiproof of several chunks (text; docs/hemera.md) and its check\n";

static int oom(void) {
    fprintf(stderr, "zkprim tree: out of memory\n");
    return 1;
}

static zkp_status feed_fixed(void *h, const uint8_t *d, size_t n) { return zkp_hemera_tree_hasher_update(h, d, n); }
static zkp_status feed_cdc(void *h, const uint8_t *d, size_t n) { return zkp_hemera_cdc_hasher_update(h, d, n); }

/* The root streamed through a tree hasher: memory stays bounded whatever the
 * input size (the hasher's struct plus one read block). With N threads a
 * read block is 8N MiB (at most 32 MiB): the hasher shares an update's
 * aligned groups of chunks out to the threads in rounds of 1 MiB each and
 * hashes the few chunks before the first group boundary and after the last
 * on one thread, so a long read keeps that serial part to a few percent. */
static int hemera_root(int argc, char **argv) {
    int cdc = 0, have_threads = 0, progress = CLI_PROGRESS_AUTO;
    uint64_t threads = 1;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cdc")) cdc = 1;
        else if (cli_progress_option(argv[i], &progress)) continue;
        else if (!strcmp(argv[i], "--threads")) {
            if (i + 1 >= argc) return cli_usage_error("tree", "%s needs a thread count", argv[i]);
            const char *v = argv[++i];
            if (cli_parse_size(v, &threads) || strspn(v, "0123456789") != strlen(v) || threads < 1 || threads > 64)
                return cli_usage_error("tree", "--threads takes a count from 1 to 64, got '%s'", v);
            have_threads = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (file) return cli_usage_error("tree", "-a hemera takes one FILE");
        else file = argv[i];
    }
    if (!file) return cli_usage_error("tree", "-a hemera needs a FILE ('-' for standard input)");
    if (cdc && have_threads) return cli_usage_error("tree", "--threads applies to the fixed tree, not --cdc");
    uint8_t root[ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st;
    int rc;
    if (cdc) {
        zkp_hemera_cdc_hasher *h = malloc(sizeof *h);
        if (!h) return oom();
        zkp_hemera_cdc_hasher_init(h);
        rc = cli_stream_file("tree", file, (size_t)1 << 20, progress, feed_cdc, h);
        st = rc ? ZKP_OK : zkp_hemera_cdc_hasher_finalize(h, root);
        free(h);
    } else {
        zkp_hemera_tree_hasher *h = malloc(sizeof *h);
        if (!h) return oom();
        zkp_hemera_tree_hasher_init(h, (unsigned)threads);
        rc = cli_stream_file("tree", file, cli_stream_block((unsigned)threads), progress, feed_fixed, h);
        st = rc ? ZKP_OK : zkp_hemera_tree_hasher_finalize(h, root);
        free(h);
    }
    if (rc) return rc;
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", file, zkp_status_str(st));
        return 1;
    }
    cli_print_hex(stdout, root, sizeof root);
    printf("\n");
    return 0;
}

static int hemera_prove(int argc, char **argv) {
    uint64_t index;
    if (argc != 4) return cli_usage_error("tree", "usage: zkprim tree -a hemera prove FILE INDEX > PROOF");
    if (cli_parse_index(argv[3], &index)) return cli_usage_error("tree", "INDEX must be a chunk number, got '%s'", argv[3]);
    if (isatty(STDOUT_FILENO)) {
        fprintf(stderr, "zkprim tree: the proof is binary; redirect standard output to a file\n");
        return 2;
    }
    size_t len;
    uint8_t *data = cli_read_all(argv[2], &len);
    if (!data) return 1;
    uint64_t n = zkp_hemera_tree_chunk_count(len);
    if (index >= n) {
        fprintf(stderr, "zkprim tree: %s: chunk %llu out of range (the file has %llu chunk%s of 4096 bytes)\n",
                argv[2], (unsigned long long)index, (unsigned long long)n, n == 1 ? "" : "s");
        free(data);
        return 1;
    }
    uint8_t buf[PROOF_HEADER + ZKP_HEMERA_PROOF_MAX_BYTES];
    size_t plen = 0;
    zkp_status st = zkp_hemera_tree_proof(data, len, index, buf + PROOF_HEADER, ZKP_HEMERA_PROOF_MAX_BYTES, &plen);
    free(data);
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", argv[2], zkp_status_str(st));
        return 1;
    }
    memcpy(buf, PROOF_MAGIC, 8);
    for (int i = 0; i < 8; i++) {
        buf[8 + i] = (uint8_t)((uint64_t)len >> (8 * i));
        buf[16 + i] = (uint8_t)(index >> (8 * i));
    }
    if (fwrite(buf, 1, PROOF_HEADER + plen, stdout) != PROOF_HEADER + plen || fflush(stdout) != 0) {
        fprintf(stderr, "zkprim tree: writing the proof failed\n");
        return 1;
    }
    return 0;
}

static uint64_t le64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static int failed(const char *why) {
    printf("FAILED: %s\n", why);
    return 1;
}

static int hemera_verify(int argc, char **argv) {
    uint8_t root[ZKP_HEMERA_DIGEST_BYTES];
    uint64_t index;
    if (argc != 6)
        return cli_usage_error("tree", "usage: zkprim tree -a hemera verify ROOT FILE|CHUNKFILE INDEX PROOF");
    if (cli_parse_hex(argv[2], root, sizeof root))
        return cli_usage_error("tree", "ROOT must be 64 hex digits, got '%s'", argv[2]);
    if (cli_parse_index(argv[4], &index)) return cli_usage_error("tree", "INDEX must be a chunk number, got '%s'", argv[4]);
    size_t plen, dlen;
    uint8_t *proof = cli_read_all(argv[5], &plen);
    if (!proof) return 1;
    uint8_t *data = cli_read_all(argv[3], &dlen);
    if (!data) {
        free(proof);
        return 1;
    }
    int rc;
    char why[512];
    if (plen < PROOF_HEADER || memcmp(proof, PROOF_MAGIC, 8) != 0) {
        snprintf(why, sizeof why, "%s is not a hemera proof file (no %s header)", argv[5], PROOF_MAGIC);
        rc = failed(why);
    } else if (le64(proof + 16) != index) {
        snprintf(why, sizeof why, "%s proves chunk %llu, not chunk %llu", argv[5],
                 (unsigned long long)le64(proof + 16), (unsigned long long)index);
        rc = failed(why);
    } else {
        uint64_t total = le64(proof + 8), n = zkp_hemera_tree_chunk_count(total);
        const uint8_t *chunk = data;
        size_t clen = dlen;
        /* chunk INDEX's length in a file of `total` bytes (the last one may be short) */
        const uint64_t off = index < n ? index * ZKP_HEMERA_CHUNK_BYTES : 0;
        const uint64_t want = total - off < ZKP_HEMERA_CHUNK_BYTES ? total - off : ZKP_HEMERA_CHUNK_BYTES;
        if ((uint64_t)dlen == total && index < n) {  /* the whole file: cut chunk INDEX out */
            chunk = data + off;
            clen = (size_t)want;
        }
        zkp_status st = index < n && (uint64_t)dlen != total && (uint64_t)dlen != want
                            ? ZKP_ERR_LENGTH
                            : zkp_hemera_tree_verify(root, chunk, clen, index, total, proof + PROOF_HEADER,
                                                     plen - PROOF_HEADER);
        switch (st) {
        case ZKP_OK:
            printf("OK\n");
            rc = 0;
            break;
        case ZKP_ERR_RANGE:
            snprintf(why, sizeof why, "chunk %llu is out of range for %llu bytes of data", (unsigned long long)index,
                     (unsigned long long)total);
            rc = failed(why);
            break;
        case ZKP_ERR_PROOF_SHAPE:
            snprintf(why, sizeof why, "%s has %zu sibling bytes; chunk %llu of %llu bytes needs a different size",
                     argv[5], plen - PROOF_HEADER, (unsigned long long)index, (unsigned long long)total);
            rc = failed(why);
            break;
        case ZKP_ERR_LENGTH: /* DATA is neither form: no hashing could make it pass */
            snprintf(why, sizeof why, "%s has %zu bytes: neither the whole file (%llu bytes) nor chunk %llu (%llu bytes)",
                     argv[3], dlen, (unsigned long long)total, (unsigned long long)index, (unsigned long long)want);
            rc = failed(why);
            break;
        default:
            rc = failed("the chunk and proof do not lead to this root");
        }
    }
    free(proof);
    free(data);
    return rc;
}

static int hemera_tree_run(int argc, char **argv) {
    /* --help is answered by cmd_tree, wherever it stands */
    int multi = cli_tree_multi("hemera", argc, argv); /* prove/verify --multi: tree_multi.c */
    if (multi >= 0) return multi;
    if (argc >= 2 && !strcmp(argv[1], "prove")) return hemera_prove(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "verify")) return hemera_verify(argc, argv);
    return hemera_root(argc, argv);
}

const cli_tree_algo cli_tree_hemera = {"hemera", hemera_tree_run, k_usage};
