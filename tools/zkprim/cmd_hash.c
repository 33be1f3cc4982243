/*
 * zkprim hash -a ALGO [--length N] [--keyed] [--derive-key CTX] [--check] [FILE...]
 *
 * Output in the coreutils sha3sum / b3sum style: "<hex>  <name>" per file,
 * "-" for standard input. --check reads such lines back and prints
 * "<name>: OK" or "<name>: FAILED", exiting 1 if any failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_OUT (1u << 20)  /* --length cap: 1 MiB of XOF output per file */

static void usage(void) {
    printf("usage: zkprim hash -a ALGO [--length N] [--keyed] [--derive-key CONTEXT] [--check] [FILE...]\n\n"
           "Hashes each FILE (standard input when none, or for '-') and prints \"<hex>  <FILE>\".\n"
           "  -a ALGO             algorithm (default: the first listed below)\n"
           "  --length N          output N bytes (extendable-output algorithms only)\n"
           "  --keyed             keyed hash; the 32-byte key is read raw from standard input\n"
           "  --derive-key CTX    derive a key from each FILE with context string CTX\n"
           "  -c, --check         read \"<hex>  <FILE>\" lines from the FILEs and verify them\n\nalgorithms:");
    for (size_t i = 0; i < cli_hash_algo_count; i++) {
        const cli_hash_algo *a = cli_hash_algos[i];
        printf(" %s%s", a->name, a->flags & CLI_HASH_XOF ? "(xof)" : "");
    }
    printf("\n");
}

static const cli_hash_algo *find_algo(const char *name) {
    for (size_t i = 0; i < cli_hash_algo_count; i++)
        if (strcmp(cli_hash_algos[i]->name, name) == 0) return cli_hash_algos[i];
    return NULL;
}

/* Streams one file through the algorithm; returns 0, or 1 after a message. */
static int hash_file(const cli_hash_algo *a, const cli_hash_opts *o, const char *path, uint8_t *out, size_t len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "zkprim hash: %s: %s\n", path, strerror(errno));
        return 1;
    }
    void *ctx = calloc(1, a->ctx_size);
    zkp_status st = a->init(ctx, o);
    static uint8_t buf[1 << 16];
    size_t r;
    while (st == ZKP_OK && (r = fread(buf, 1, sizeof buf, f)) > 0) st = a->update(ctx, buf, r);
    int err = ferror(f);
    if (f != stdin) fclose(f);
    if (st == ZKP_OK && !err) st = a->final(ctx, out, len);
    free(ctx);
    if (err) {
        fprintf(stderr, "zkprim hash: %s: read error\n", path);
        return 1;
    }
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim hash: %s: %s\n", path, zkp_status_str(st));
        return 1;
    }
    return 0;
}

static int check_file(const cli_hash_algo *a, const cli_hash_opts *o, const char *list, size_t fixed_len) {
    FILE *f = strcmp(list, "-") == 0 ? stdin : fopen(list, "r");
    if (!f) {
        fprintf(stderr, "zkprim hash: %s: %s\n", list, strerror(errno));
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    int bad = 0, lines = 0, malformed = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        char *sep = strstr(line, "  ");
        size_t hexlen = sep ? (size_t)(sep - line) : 0;
        if (!sep || hexlen % 2 || hexlen == 0 || hexlen / 2 > MAX_OUT ||
            (fixed_len && hexlen / 2 != fixed_len)) {
            malformed++;
            continue;
        }
        lines++;
        size_t len = hexlen / 2;
        uint8_t *want = malloc(len), *got = malloc(len);
        *sep = 0;
        const char *name = sep + 2;
        int ok = cli_parse_hex(line, want, len) == 0 && hash_file(a, o, name, got, len) == 0 &&
                 memcmp(want, got, len) == 0;
        printf("%s: %s\n", name, ok ? "OK" : "FAILED");
        bad += !ok;
        free(want);
        free(got);
    }
    free(line);
    if (f != stdin) fclose(f);
    if (malformed) fprintf(stderr, "zkprim hash: %s: %d improperly formatted line(s)\n", list, malformed);
    if (bad) fprintf(stderr, "zkprim hash: WARNING: %d computed checksum(s) did NOT match\n", bad);
    if (lines == 0) {
        fprintf(stderr, "zkprim hash: %s: no properly formatted checksum lines found\n", list);
        return 1;
    }
    return bad || malformed ? 1 : 0;
}

int cmd_hash(int argc, char **argv) {
    const cli_hash_algo *a = cli_hash_algo_count ? cli_hash_algos[0] : NULL;
    cli_hash_opts o = {NULL, NULL};
    uint64_t length = 0;
    int have_length = 0, keyed = 0, check = 0, nfiles = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) { usage(); free(files); return 0; }
        else if (!strcmp(s, "-a") || !strcmp(s, "--algorithm")) {
            if (i + 1 >= argc) { free(files); return cli_usage_error("hash", "-a needs an algorithm name"); }
            a = find_algo(argv[++i]);
            if (!a) { free(files); return cli_usage_error("hash", "unknown algorithm '%s'", argv[i]); }
        } else if (!strcmp(s, "--length") || !strcmp(s, "-l")) {
            if (i + 1 >= argc || cli_parse_size(argv[++i], &length) || length == 0 || length > MAX_OUT) {
                free(files);
                return cli_usage_error("hash", "--length needs a byte count in 1..%u", MAX_OUT);
            }
            have_length = 1;
        } else if (!strcmp(s, "--keyed")) keyed = 1;
        else if (!strcmp(s, "--derive-key")) {
            if (i + 1 >= argc) { free(files); return cli_usage_error("hash", "--derive-key needs a context string"); }
            o.context = argv[++i];
        } else if (!strcmp(s, "-c") || !strcmp(s, "--check")) check = 1;
        else if (!strcmp(s, "--")) { while (++i < argc) files[nfiles++] = argv[i]; }
        else if (s[0] == '-' && s[1]) { free(files); return cli_usage_error("hash", "unknown option '%s'", s); }
        else files[nfiles++] = argv[i];
    }
    if (!a) { free(files); return cli_usage_error("hash", "no hash algorithm is built in"); }
    size_t len = a->default_len;
    if (have_length) {
        if (!(a->flags & CLI_HASH_XOF) && length != a->default_len) {
            free(files);
            return cli_usage_error("hash", "%s has a fixed %zu-byte output; --length applies to XOFs", a->name,
                                   a->default_len);
        }
        len = (size_t)length;
    }
    if (keyed && o.context) { free(files); return cli_usage_error("hash", "--keyed and --derive-key exclude each other"); }
    if (keyed && !(a->flags & CLI_HASH_KEYED)) { free(files); return cli_usage_error("hash", "%s has no keyed mode", a->name); }
    if (o.context && !(a->flags & CLI_HASH_DERIVE)) { free(files); return cli_usage_error("hash", "%s has no derive-key mode", a->name); }
    static uint8_t key[32];
    if (keyed) {
        size_t klen = fread(key, 1, sizeof key, stdin);
        int extra = fgetc(stdin);
        if (klen != 32 || extra != EOF) {
            free(files);
            return cli_usage_error("hash", "--keyed needs exactly 32 key bytes on standard input");
        }
        o.key = key;
        for (int i = 0; i < nfiles; i++)
            if (!strcmp(files[i], "-")) { free(files); return cli_usage_error("hash", "with --keyed, standard input holds the key"); }
        if (nfiles == 0) { free(files); return cli_usage_error("hash", "with --keyed, name the files to hash"); }
    }
    if (nfiles == 0) files[nfiles++] = "-";
    if (check) {
        for (int i = 0; i < nfiles; i++) rc |= check_file(a, &o, files[i], have_length ? len : 0);
        free(files);
        return rc;
    }
    uint8_t *out = malloc(len);
    for (int i = 0; i < nfiles; i++) {
        if (hash_file(a, &o, files[i], out, len)) { rc = 1; continue; }
        cli_print_hex(stdout, out, len);
        printf("  %s\n", files[i]);
    }
    free(out);
    free(files);
    return rc;
}
