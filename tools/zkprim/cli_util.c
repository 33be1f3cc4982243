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
    int err = ferror(f);
    if (f != stdin) fclose(f);
    if (!buf || err) {
        fprintf(stderr, "zkprim: %s: %s\n", path, buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int cli_parse_size(const char *s, uint64_t *out) {
    if (!s || !*s || *s == '-') return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s) return -1;
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k') shift = 10, end++;
    else if (*end == 'M' || *end == 'm') shift = 20, end++;
    else if (*end == 'G' || *end == 'g') shift = 30, end++;
    if (*end == 'i') end++;
    if (*end == 'B') end++;
    if (*end) return -1;
    if (shift && v > (~0ull >> shift)) return -1;
    *out = v << shift;
    return 0;
}

void cli_print_hex(FILE *f, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) fprintf(f, "%02x", p[i]);
}

int cli_parse_hex(const char *s, uint8_t *out, size_t n) {
    if (strlen(s) != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
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
