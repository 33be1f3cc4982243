/* Small helpers shared by the subcommands. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    fprintf(stderr, "zkprim %s: ", cmd);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(see 'zkprim %s --help')\n", cmd);
    return 2;
}

uint8_t *cli_read_all(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "zkprim: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    errno = 0; /* fread's errno (EISDIR for a directory) names the failure */
    for (;;) {
        if (!buf) break;
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) { free(buf); buf = NULL; }
            else buf = nb;
        }
    }
    const int err = ferror(f), read_errno = errno;
    if (f != stdin) fclose(f);
    if (!buf || err) {
        fprintf(stderr, "zkprim: %s: %s\n", path,
                !buf ? "out of memory" : read_errno ? strerror(read_errno) : "read error");
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int cli_scan_uint(const char **s, unsigned long max, unsigned long *out) {
    const char *p = *s;
    unsigned long v = 0;
    if (*p < '0' || *p > '9') return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        const unsigned long d = (unsigned long)(*p - '0');
        if (v > (max - d) / 10) return -1;
        v = v * 10 + d;
    }
    *s = p;
    *out = v;
    return 0;
}

int cli_parse_index(const char *s, uint64_t *out) {
    uint64_t v = 0;
    if (!*s) return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        const uint64_t d = (uint64_t)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int cli_parse_int_opt(const char *cmd, const char *opt, const char *v, int lo, int hi, int *out) {
    unsigned long x = 0;
    const char *p = v;
    if (!v || lo < 0 || cli_scan_uint(&p, (unsigned long)hi, &x) || *p || x < (unsigned long)lo)
        return cli_usage_error(cmd, "%s needs an integer in %d..%d", opt, lo, hi);
    *out = (int)x;
    return 0;
}

/* Decimal digits, then an optional unit K, M or G (any case, optionally
 * followed by "i"), then an optional "B": "4096", "64K", "1MiB", "8B". No
 * sign, space or other prefix (strtoull alone would take " +5"). */
int cli_parse_size(const char *s, uint64_t *out) {
    if (!s || *s < '0' || *s > '9') return -1;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        const unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    unsigned shift = 0;
    if (*s == 'K' || *s == 'k') shift = 10;
    else if (*s == 'M' || *s == 'm') shift = 20;
    else if (*s == 'G' || *s == 'g') shift = 30;
    if (shift) {
        s++;
        if (*s == 'i') s++;
    }
    if (*s == 'B') s++;
    if (*s) return -1;
    if (shift && v > (UINT64_MAX >> shift)) return -1;
    *out = v << shift;
    return 0;
}

void cli_print_hex(FILE *f, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) fprintf(f, "%02x", p[i]);
}

int cli_hex_digit(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Exactly 2n hex digits (either case). Nothing else: sscanf's %2x would
 * also take a sign, spaces or a 0x prefix ("-1" as 0xff). */
int cli_parse_hex(const char *s, uint8_t *out, size_t n) {
    if (strlen(s) != 2 * n) return -1;
    return cli_decode_hex(s, out, n);
}

int cli_decode_hex(const char *s, uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const int hi = cli_hex_digit(s[2 * i]), lo = cli_hex_digit(s[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

int cli_check_cpu_env(void) {
    zkp_status st = zkp_cpu_env_status();
    if (st == ZKP_OK) return 0;
    char det[256];
    fprintf(stderr, "zkprim: ZKPRIM_CPU=%s: %s (this CPU has: %s)\n", getenv("ZKPRIM_CPU"),
            st == ZKP_ERR_CPU ? "this CPU lacks a feature that level needs"
                              : "unknown level; use native, portable, bmi2, pclmul, avx2, avx512, neon, sha3 "
                                "or features joined by '+'",
            zkp_cpu_mask_string(zkp_cpu_detected(), det, sizeof det));
    return 2;
}
