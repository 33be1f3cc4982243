/*
 * Shared pieces of the zkprim command-line tool: the subcommand table and
 * the per-algorithm tables that `hash`, `tree` and `info` walk. A module
 * plugs in by adding entries to cli_registry.c.
 */
#ifndef ZKPRIM_CLI_H
#define ZKPRIM_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "zkprim/zkprim.h"

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);   /* argv[0] is the subcommand name */
    const char *summary;
} cli_command;

/* Subcommand entry points (cmd_<name>.c). */
int cmd_info(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_hash(int argc, char **argv);
int cmd_tree(int argc, char **argv);
int cmd_field_bench(int argc, char **argv);
int cmd_poseidon(int argc, char **argv);
int cmd_poseidon2(int argc, char **argv);

/* ---- `zkprim hash -a ALGO` --------------------------------------------- */

typedef struct cli_hash_opts {
    const uint8_t *key;       /* --keyed: 32 key bytes, else NULL */
    const char *context;      /* --derive-key CONTEXT, else NULL */
} cli_hash_opts;

#define CLI_HASH_XOF 1u        /* any --length is valid */
#define CLI_HASH_KEYED 2u      /* supports --keyed */
#define CLI_HASH_DERIVE 4u     /* supports --derive-key */
#define CLI_HASH_ELEMENTS 8u   /* reads a text of field elements, not bytes (listed on a line of its own) */

typedef struct cli_hash_algo {
    const char *name;          /* "keccak256", "sha3-256", "hemera", ... */
    size_t default_len;        /* digest bytes without --length */
    unsigned flags;
    size_t ctx_size;           /* bytes of hashing state the CLI allocates */
    zkp_status (*init)(void *ctx, const cli_hash_opts *opts) ZKP_MUST_USE;
    zkp_status (*update)(void *ctx, const uint8_t *data, size_t len) ZKP_MUST_USE;
    zkp_status (*final)(void *ctx, uint8_t *out, size_t len) ZKP_MUST_USE;
} cli_hash_algo;

/* `--trace FILE` of `zkprim hash -a hemera` (hash_hemera_trace.c): hashes
 * the files one permutation at a time, writes each permutation's input and
 * output state to FILE as JSON and the digest lines to stdout; 0 or 1. */
int cli_hemera_trace(const cli_hash_opts *o, char **files, int nfiles, const char *trace_path);

extern const cli_hash_algo *const cli_hash_algos[];
extern const size_t cli_hash_algo_count;

/* ---- `zkprim tree -a ALGO ...` ---------------------------------------------*/

typedef struct cli_tree_algo {
    const char *name;
    int (*run)(int argc, char **argv);   /* argv: the arguments after -a ALGO */
    const char *usage;
} cli_tree_algo;

extern const cli_tree_algo *const cli_tree_algos[];
/* `prove --multi` / `verify --multi` for algorithm `algo` (tree_multi.c):
 * the exit code, or -1 when argv is not one of those forms. */
int cli_tree_multi(const char *algo, int argc, char **argv);
extern const size_t cli_tree_algo_count;

/* ---- `zkprim info`: which kernel each primitive uses ------------------------ */

typedef struct cli_primitive {
    const char *name;                  /* "keccak-f1600", "hemera permute", ... */
    const char *(*implementation)(void);
} cli_primitive;

extern const cli_primitive cli_primitives[];
extern const size_t cli_primitive_count;

/* ---- helpers ------------------------------------------------------------ */

/* Prints "zkprim CMD: message" to stderr; returns 2 (the usage exit code). */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reads a whole file ("-" = stdin) into a malloc'd buffer. NULL + message on error. */
uint8_t *cli_read_all(const char *path, size_t *len);
/* Parses a decimal size with an optional K/M/G unit (powers of 2; "Ki", "KiB",
 * "KB" and a bare "B" also accepted); 0 on success, -1 on anything else,
 * including a sign, spaces and overflow of 64 bits. */
int cli_parse_size(const char *s, uint64_t *out);
/* Reads the decimal digits at *s (at least one; no sign or space) into *out
 * and advances *s past them; 0, or -1 when there is no digit or the value
 * exceeds max. */
int cli_scan_uint(const char **s, unsigned long max, unsigned long *out);
/* A leaf, chunk, member or value index: decimal digits only (at least one;
 * no sign, space or unit) below 2^64. 0, or -1. Every tree's INDEX. */
int cli_parse_index(const char *s, uint64_t *out);
/* An option's integer value in lo..hi: digits only, nothing before or after
 * (strtol would take " 5" and "+5"). 0, or the usage error's exit code 2
 * after a message naming the option. */
int cli_parse_int_opt(const char *cmd, const char *opt, const char *v, int lo, int hi, int *out);
void cli_print_hex(FILE *f, const uint8_t *p, size_t n);
/* Decimal or 0x-hex text -> 256-bit integer, limbs least significant first
 * (cli_fr.c). 0; -1 if the text is not a non-negative integer (a sign, a
 * space, a letter, nothing after 0x); 1 if it is one but >= 2^256. */
int cli_parse_u256(const char *s, uint64_t v[4]);
/* The decimal digits of a 256-bit integer (at most 78), NUL-terminated. */
#define CLI_DEC_U256 80
void cli_u256_to_dec(const uint64_t v[4], char out[CLI_DEC_U256]);
/* Value of one hex digit (either case), -1 for any other character. */
int cli_hex_digit(char c);
/* Parses exactly `n` bytes as 2n hex digits (no prefix, sign or space);
 * returns 0 on success, -1 otherwise. */
int cli_parse_hex(const char *s, uint8_t *out, size_t n);
/* Decodes the 2n hex digits at s (2n readable bytes; no terminator needed); 0, or -1 at
 * the first non-hex character. */
int cli_decode_hex(const char *s, uint8_t *out, size_t n);
/* Refuses to run with an invalid ZKPRIM_CPU (clear message, exit code 2). */
int cli_check_cpu_env(void);

/* ---- streamed input and its progress line (cli_stream.c) ----------------- */

#define CLI_PROGRESS_AUTO 0   /* drawn when stderr is a terminal and the input is large (64 MiB+) or of unknown size */
#define CLI_PROGRESS_ON 1     /* --progress */
#define CLI_PROGRESS_OFF 2    /* --no-progress */
#define CLI_PROGRESS_HELP "    --progress, --no-progress  force the progress line on standard error on or off\n" \
                          "                       (default: on for inputs of 64 MiB or more when stderr is a terminal)\n"

typedef struct cli_progress {
    const char *name;
    uint64_t done, total;     /* total 0: unknown (a pipe) */
    double start, last;       /* seconds */
    int on, drawn;
} cli_progress;

/* 1 (and *mode set) when arg is --progress or --no-progress, else 0. */
int cli_progress_option(const char *arg, int *mode);
void cli_progress_start(cli_progress *p, int mode, const char *name, FILE *f);
void cli_progress_add(cli_progress *p, size_t n);
void cli_progress_end(cli_progress *p);
/* Reads path ("-" = stdin) in blocks of `block` bytes into feed, with the
 * progress line; 0, or 1 after a message "zkprim CMD: path: why". */
int cli_stream_file(const char *cmd, const char *path, size_t block, int progress,
                    zkp_status (*feed)(void *ctx, const uint8_t *data, size_t len), void *ctx);

/* Read block of the streamed tree commands: 1 MiB on one thread; with N
 * threads 8N MiB, at most 32 MiB, so each update gives every thread rounds
 * of work and the serial head and tail stay a few percent. */
size_t cli_stream_block(unsigned threads);

/* ---- `zkprim hash --check` list lines (check_line.c) --------------------- */

typedef enum {
    CLI_CHECK_BLANK,      /* nothing but a line end: skipped */
    CLI_CHECK_MALFORMED,  /* counted and reported as improperly formatted */
    CLI_CHECK_OK,         /* "<hex>  <name>": fields below are set */
} cli_check_kind;

typedef struct cli_check_line {
    const char *hex;      /* the digest's 2 * digest_len hex digits, inside the line */
    size_t digest_len;    /* bytes the line carries (>= 1); the caller decides if that is the right length */
    const char *name;     /* the file name, inside the line, not NUL-terminated */
    size_t name_len;      /* >= 1 */
    int escaped;          /* 1: the line began with a backslash; name is escaped (cli_unescape_name) */
} cli_check_line;

/* Parses one line of `len` bytes (as getline() returns it: the "\n" or
 * "\r\n" end optional, NUL bytes possible). OK needs: an optional backslash
 * (coreutils' mark of an escaped name), one or more pairs of hex digits
 * (either case), then two spaces, then a non-empty name (the rest of the
 * line, spaces included), and no NUL byte anywhere. In an escaped name each
 * backslash starts one of the escapes below. */
cli_check_kind cli_parse_check_line(const char *line, size_t len, cli_check_line *out);

/* coreutils' name escaping (sha256sum, b3sum): the two characters \\ stand for
 * a backslash, \n for a newline, \r for a carriage return.
 * cli_unescape_name writes the plain name of in[0..len) to out (NULL: only
 * checks; out may be in) and returns its length, or (size_t)-1 for any other
 * backslash sequence.
 * cli_name_needs_escape: name holds one of chars (a hash line escapes names
 * with a backslash, newline or CR; a result line, "NAME: OK", only those with
 * a newline or CR, as coreutils does).
 * cli_put_escaped_name writes name with the three escaped. */
size_t cli_unescape_name(const char *in, size_t len, char *out);
int cli_name_needs_escape(const char *name, const char *chars);
void cli_put_escaped_name(FILE *f, const char *name);
/* "<hex>  <name>\n", the line --check reads: escaped, after a backslash, for
 * a name with a backslash, newline or CR (sha256sum's form). */
void cli_print_digest_line(FILE *f, const uint8_t *digest, size_t len, const char *name);

/* ---- exit status, the same for every subcommand ------------------------- */

/* 0 success; 1 a check or verification failed, or a file could not be read
 * or written (the run went ahead and found a problem); 2 a usage error, a bad
 * option or argument (nothing was done). --help ends with this paragraph. */
#define CLI_EXIT_HELP                                                                                  \
    "\nexit status: 0 success; 1 a check or verification failed, or a file could not be read or\n"    \
    "written; 2 a usage error (bad option or argument).\n"

#endif
