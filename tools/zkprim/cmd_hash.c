/*
 * zkprim hash -a ALGO [--length N] [--keyed] [--derive-key CTX] [--check] [FILE...]
 *
 * Output in the coreutils sha3sum / b3sum style: "<hex>  <name>" per file,
 * "-" for standard input, and for a name with a backslash, newline or CR
 * their escaped line "\\<hex>  <escaped name>" (check_line.c). --check reads
 * such lines back and prints "<name>: OK" or "<name>: FAILED", exiting 1 if
 * any failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_OUT (1u << 20)  /* --length cap: 1 MiB of XOF output per file */

static void usage(void) {
    printf("usage: zkprim hash -a ALGO [--length N] [--keyed] [--derive-key CONTEXT] [--check] [--trace FILE] [FILE...]\n\n"
           "Hashes each FILE (standard input when none, or for '-') and prints \"<hex>  <FILE>\".\n"
           "  -a ALGO             algorithm (default: the first listed below)\n"
           "  --length N          output N bytes (extendable-output algorithms only)\n"
           "  --keyed             keyed hash; the 32-byte key is read raw from standard input\n"
           "  --derive-key CTX    derive a key from each FILE with context string CTX\n"
           "  --trace FILE        (hemera) also write every permutation's input and output state to\n"
           "                      FILE as JSON, for circuit work; not with --check or --length\n"
           "  -c, --check         read \"<hex>  <FILE>\" lines from the FILEs and verify them; each\n"
           "                      digest must have the algorithm's length (or --length N's): a line\n"
           "                      with a shorter or longer one is FAILED, as is a FILE that cannot\n"
           "                      be read; lines not in that form are counted as improperly formatted.\n"
           "                      A name with a backslash, newline or CR is written as sha256sum\n"
           "                      does (a leading backslash, then \\\\, \\n, \\r in the name) and read back\n"
           "  --progress, --no-progress  force the progress line on standard error on or off (default:\n"
           "                      on for inputs of 64 MiB or more when stderr is a terminal)\n"
           "\nalgorithms:");
    for (size_t i = 0; i < cli_hash_algo_count; i++) {
        const cli_hash_algo *a = cli_hash_algos[i];
        if (!(a->flags & CLI_HASH_ELEMENTS)) printf(" %s%s", a->name, a->flags & CLI_HASH_XOF ? "(xof)" : "");
    }
    /* hashes of field elements read a file of numbers, not its bytes: a line of their own */
    printf("\nelement hashes (FILE: field elements, decimal or 0x-hex, separated by blanks, commas or\n"
           "newlines; docs/poseidon2.md):");
    for (size_t i = 0; i < cli_hash_algo_count; i++)
        if (cli_hash_algos[i]->flags & CLI_HASH_ELEMENTS) printf(" %s", cli_hash_algos[i]->name);
    printf("\n" CLI_EXIT_HELP);
}

static const cli_hash_algo *find_algo(const char *name) {
    for (size_t i = 0; i < cli_hash_algo_count; i++)
        if (strcmp(cli_hash_algos[i]->name, name) == 0) return cli_hash_algos[i];
    return NULL;
}

/* --progress / --no-progress (cli.h); the progress line is on stderr. */
static int g_progress = CLI_PROGRESS_AUTO;

/* Streams one file through the algorithm; returns 0, or 1 after a message. */
static int hash_file(const cli_hash_algo *a, const cli_hash_opts *o, const char *path, uint8_t *out, size_t len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "zkprim hash: %s: %s\n", path, strerror(errno));
        return 1;
    }
    void *ctx = calloc(1, a->ctx_size);
    zkp_status st = ctx ? a->init(ctx, o) : ZKP_ERR_NOMEM;
    static uint8_t buf[1 << 16];
    size_t r;
    cli_progress p;
    cli_progress_start(&p, g_progress, path, f);
    while (st == ZKP_OK && (r = fread(buf, 1, sizeof buf, f)) > 0) {
        st = a->update(ctx, buf, r);
        cli_progress_add(&p, r);
    }
    cli_progress_end(&p);
    const int err = ferror(f) ? errno : 0;   /* a directory opens, then fails to read (EISDIR) */
    if (f != stdin) fclose(f);
    if (st == ZKP_OK && !err) st = a->final(ctx, out, len);
    free(ctx);
    if (err) {
        fprintf(stderr, "zkprim hash: %s: %s\n", path, strerror(err));
        return 1;
    }
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim hash: %s: %s\n", path, zkp_status_str(st));
        return 1;
    }
    return 0;
}

typedef struct {
    int lines, malformed, mismatched, unreadable;
} check_counts;

/* The name in a result line ("NAME: OK"): escaped, after a backslash, when
 * it holds a newline or CR, which would break the line (as sha256sum -c). */
static void put_result_name(const char *name) {
    if (cli_name_needs_escape(name, "\n\r")) {
        putchar('\\');
        cli_put_escaped_name(stdout, name);
    } else fputs(name, stdout);
}

/* Verifies one parsed line against FILE `name`; prints "name: OK" or
 * "name: FAILED ...". `len` is the digest length this run computes: the
 * algorithm's default or --length, never the line's own length. Taking the
 * line's length was a security defect: a line holding only the first byte
 * ("9c  FILE") verified as OK, so anyone who could write the check list
 * could pass a file matching 8 bits of the real digest. */
static void check_entry(const cli_hash_algo *a, const cli_hash_opts *o, const cli_check_line *l, const char *name,
                        size_t len, check_counts *c) {
    c->lines++;
    if (l->digest_len != len) {
        const int shorter = l->digest_len < len;
        /* counted in hex digits: always at least 2, so always a plural */
        put_result_name(name);
        printf(": FAILED digest too %s: %zu hex digits, %s needs %zu", shorter ? "short" : "long",
               2 * l->digest_len, a->name, 2 * len);
        /* a hint toward a longer check only: a shorter one is what this refuses */
        if (!shorter && (a->flags & CLI_HASH_XOF)) printf(" (--length %zu checks %zu bytes)", l->digest_len, l->digest_len);
        printf("\n");
        c->mismatched++;
        return;
    }
    uint8_t *want = malloc(len), *got = malloc(len);
    if (!want || !got) {
        put_result_name(name);
        printf(": FAILED out of memory\n");
        c->unreadable++;
    } else if (hash_file(a, o, name, got, len)) {
        put_result_name(name);
        printf(": FAILED open or read\n");
        c->unreadable++;
    } else {
        const int ok = cli_decode_hex(l->hex, want, len) == 0 && memcmp(want, got, len) == 0;
        put_result_name(name);
        printf(": %s\n", ok ? "OK" : "FAILED");
        c->mismatched += !ok;
    }
    free(want);
    free(got);
}

/* Reads "<hex>  <FILE>" lines from `list` and checks each; 0 if all match. */
static int check_file(const cli_hash_algo *a, const cli_hash_opts *o, const char *list, size_t len) {
    FILE *f = strcmp(list, "-") == 0 ? stdin : fopen(list, "r");
    if (!f) {
        fprintf(stderr, "zkprim hash: %s: %s\n", list, strerror(errno));
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    check_counts c = {0, 0, 0, 0};
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        cli_check_line l;
        const cli_check_kind k = cli_parse_check_line(line, (size_t)n, &l);
        if (k == CLI_CHECK_MALFORMED) c.malformed++;
        if (k != CLI_CHECK_OK) continue;
        char *name = line + (l.name - line);
        /* the name as a C string (the parser saw no NUL in it), unescaped in
         * place (never longer) */
        name[l.escaped ? cli_unescape_name(name, l.name_len, name) : l.name_len] = '\0';
        check_entry(a, o, &l, name, len, &c);
    }
    /* getline() returns -1 for a read error too (a directory: EISDIR) */
    const int err = ferror(f) ? errno : 0;
    free(line);
    if (f != stdin) fclose(f);
    if (err) {
        fprintf(stderr, "zkprim hash: %s: %s\n", list, strerror(err));
        return 1;
    }
    if (c.malformed) fprintf(stderr, "zkprim hash: %s: %d improperly formatted line(s)\n", list, c.malformed);
    if (c.unreadable) fprintf(stderr, "zkprim hash: WARNING: %d listed file(s) could not be read\n", c.unreadable);
    if (c.mismatched) fprintf(stderr, "zkprim hash: WARNING: %d computed checksum(s) did NOT match\n", c.mismatched);
    if (c.lines == 0) {
        fprintf(stderr, "zkprim hash: %s: no properly formatted checksum lines found\n", list);
        return 1;
    }
    return c.mismatched || c.unreadable || c.malformed ? 1 : 0;
}

int cmd_hash(int argc, char **argv) {
    const cli_hash_algo *a = cli_hash_algo_count ? cli_hash_algos[0] : NULL;
    cli_hash_opts o = {NULL, NULL};
    uint64_t length = 0;
    int have_length = 0, keyed = 0, check = 0, nfiles = 0;
    const char *trace = NULL;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int rc = 0;
    if (!files) {
        fprintf(stderr, "zkprim hash: out of memory\n");
        return 1;
    }
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
        } else if (!strcmp(s, "--trace")) {
            if (i + 1 >= argc) { free(files); return cli_usage_error("hash", "--trace needs an output file"); }
            trace = argv[++i];
        } else if (!strcmp(s, "-c") || !strcmp(s, "--check")) check = 1;
        else if (cli_progress_option(s, &g_progress)) continue;
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
    if (trace && (strcmp(a->name, "hemera") != 0 || check || have_length)) {
        free(files);
        return cli_usage_error("hash", "--trace is for -a hemera digests, without --check or --length");
    }
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
    if (trace) {
        rc = cli_hemera_trace(&o, files, nfiles, trace);
        free(files);
        return rc;
    }
    if (check) {
        for (int i = 0; i < nfiles; i++) rc |= check_file(a, &o, files[i], len);
        free(files);
        return rc;
    }
    uint8_t *out = malloc(len);
    for (int i = 0; i < nfiles; i++) {
        if (!out) {
            fprintf(stderr, "zkprim hash: out of memory\n");
            rc = 1;
            break;
        }
        if (hash_file(a, &o, files[i], out, len)) { rc = 1; continue; }
        cli_print_digest_line(stdout, out, len, files[i]);
    }
    free(out);
    free(files);
    return rc;
}
