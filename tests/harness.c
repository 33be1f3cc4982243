/* Test harness implementation: see harness.h. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *g_program = "test";
static uint64_t g_seed;
static uint64_t g_rng[4];
static uint64_t g_deep_n;       /* 0 = use defaults */
static long g_pass, g_fail;
static const char *g_section = "";
static const char *g_level = "native";
static int g_verbose;
static int g_quiet;

/* xoshiro256** seeded with splitmix64: fast, good enough, reproducible. */
static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t th_rand64(void) {
    uint64_t *s = g_rng;
    uint64_t r = ((s[1] * 5) << 7 | (s[1] * 5) >> 57) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return r;
}

uint64_t th_rand_below(uint64_t bound) {
    /* Rejection sampling keeps it exactly uniform. */
    uint64_t lim = -bound % bound, r;
    do r = th_rand64(); while (r < lim);
    return r % bound;
}

void th_rand_bytes(void *buf, size_t n) {
    uint8_t *p = buf;
    while (n) {
        uint64_t r = th_rand64();
        size_t k = n < 8 ? n : 8;
        memcpy(p, &r, k);
        p += k;
        n -= k;
    }
}

uint64_t th_rand_edge64(uint64_t m) {
    if (th_rand64() & 1) return th_rand64();
    static const uint64_t fixed[] = {0, 1, 2, 0xffffffffull, 0x100000000ull, 0x8000000000000000ull,
                                     0xffffffffffffffffull, 0xfffffffffffffffeull};
    uint64_t k = th_rand_below(m ? 14 : 8);
    if (k < 8) return fixed[k];
    /* m-3 .. m+2 */
    return m + (k - 11);
}

void th_init(const char *program) {
    g_program = program;
    const char *s = getenv("ZKPRIM_TEST_SEED");
    if (s && *s) g_seed = strtoull(s, NULL, 0);
    else {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        g_seed = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec;
    }
    uint64_t x = g_seed;
    for (int i = 0; i < 4; i++) g_rng[i] = splitmix(&x);
    const char *n = getenv("ZKPRIM_TEST_N");
    if (n && *n) g_deep_n = strtoull(n, NULL, 0);
    g_verbose = getenv("ZKPRIM_TEST_VERBOSE") != NULL;
    printf("%s: ZKPRIM_TEST_SEED=%llu%s", program, (unsigned long long)g_seed, g_deep_n ? "" : "\n");
    if (g_deep_n) printf(" ZKPRIM_TEST_N=%llu\n", (unsigned long long)g_deep_n);
    fflush(stdout);
}

uint64_t th_count(uint64_t dflt) {
    uint64_t n = g_deep_n ? g_deep_n : dflt;
    return n ? n : 1;
}

void th_section(const char *name) {
    g_section = name;
    if (g_verbose) printf("  [%s] %s\n", g_level, name);
}

const char *th_level(void) { return g_level; }

void th_pass(void) { g_pass++; }
int th_sparse_visit(size_t n, size_t max) {
    if (n <= 64 || n == max || n % 37 == 0) return 1;
    for (size_t p = 64; p <= 2 * max; p *= 2)
        if (n + 1 >= p && n <= p + 1) return 1;
    return 0;
}

int th_failures(void) { return (int)g_fail; }

void th_fail(const char *file, int line, const char *fmt, ...) {
    g_fail++;
    if (g_quiet) return;
    if (g_fail > 50) {
        if (g_fail == 51) fprintf(stderr, "(further failures not printed)\n");
        return;
    }
    fprintf(stderr, "FAIL %s:%d [%s/%s] ", file, line, g_level, g_section);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
}

void th_hex(const uint8_t *in, size_t n, char *out) {
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = d[in[i] >> 4];
        out[2 * i + 1] = d[in[i] & 15];
    }
    out[2 * n] = 0;
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

long th_unhex(const char *hex, uint8_t *out, size_t cap) {
    if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) hex += 2;
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int a = hexval(hex[2 * i]), b = hexval(hex[2 * i + 1]);
        if (a < 0 || b < 0) return -1;
        out[i] = (uint8_t)(a << 4 | b);
    }
    return (long)(n / 2);
}

void th_check_bytes(const char *file, int line, const char *what, const void *a, const void *b, size_t n) {
    if (memcmp(a, b, n) == 0) {
        th_pass();
        return;
    }
    size_t show = n > 64 ? 64 : n;
    char *ha = malloc(2 * show + 1), *hb = malloc(2 * show + 1);
    th_hex(a, show, ha);
    th_hex(b, show, hb);
    size_t first = 0;
    while (((const uint8_t *)a)[first] == ((const uint8_t *)b)[first]) first++;
    th_fail(file, line, "%s differ (n=%zu, first at %zu)\n    got  %s%s\n    want %s%s", what, n, first,
            ha, n > show ? "..." : "", hb, n > show ? "..." : "");
    free(ha);
    free(hb);
}

/* ---- guarded buffers ---------------------------------------------------- */

#define GUARD 64
#define GUARD_BYTE 0x5a

th_buf th_buf_new(size_t len, size_t offset) {
    th_buf b;
    size_t total = GUARD + 64 + len + GUARD;
    b.base = aligned_alloc(64, (total + 63) / 64 * 64);
    if (!b.base) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memset(b.base, GUARD_BYTE, total);
    b.offset = offset % 64;
    b.p = b.base + GUARD + b.offset;   /* base is 64-aligned, GUARD is 64 */
    b.len = len;
    th_rand_bytes(b.p, len);
    return b;
}

void th_buf_free_checked(th_buf *b, const char *file, int line) {
    int ok = 1;
    for (uint8_t *q = b->base; q < b->p; q++) ok &= *q == GUARD_BYTE;
    for (uint8_t *q = b->p + b->len; q < b->p + b->len + GUARD; q++) ok &= *q == GUARD_BYTE;
    if (ok) th_pass();
    else th_fail(file, line, "guard bytes around a %zu-byte buffer (offset %zu) were overwritten", b->len,
                 b->offset);
    free(b->base);
    b->base = b->p = NULL;
}

/* ---- CPU levels ---------------------------------------------------------- */

/* A level whose feature mask equals one already run is skipped: every
 * kernel table picks by the active mask alone, so it would run the same code
 * again (typically "native" after the machine's widest level; under qemu a
 * quarter of each test's time). */
void th_for_each_cpu_level(void (*fn)(void *ctx), void *ctx) {
    static const char *levels[] = {"portable", "bmi2", "pclmul", "avx2", "avx512", "neon", "sha3", "native"};
    uint32_t run[sizeof levels / sizeof levels[0]];
    size_t n_run = 0;
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        if (zkp_cpu_force(levels[i]) != ZKP_OK) continue;
        const uint32_t mask = zkp_cpu_active();
        int seen = 0;
        for (size_t j = 0; j < n_run; j++) seen |= run[j] == mask;
        if (seen) continue;
        run[n_run++] = mask;
        g_level = levels[i];
        fn(ctx);
    }
    if (zkp_cpu_force("native") != ZKP_OK) th_fail(__FILE__, __LINE__, "cannot restore the native CPU level");
    g_level = "native";
}

/* ---- files ------------------------------------------------------------------*/

const char *th_vector_path(const char *name) {
    static char path[4096];
    const char *dir = getenv("ZKPRIM_VECTORS");
    if (!dir) dir = "tests/vectors";
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

char *th_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        th_fail(__FILE__, __LINE__, "cannot open %s", path);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t r;
    while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

int th_next_record(char **cursor, char **tok, int max, int *arrow) {
    for (char *line = *cursor; line && *line; line = *cursor) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        *cursor = next;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        int nt = 0;
        if (arrow) *arrow = -1;
        for (char *w = line + strspn(line, " \t\r"); *w && nt < max; w += strspn(w, " \t\r")) {
            char *end = w + strcspn(w, " \t\r");
            const int last = !*end;
            *end = 0;
            if (arrow && !strcmp(w, "->")) *arrow = nt;
            else tok[nt++] = w;
            if (last) break;
            w = end + 1;
        }
        if (nt > 0) return nt;
    }
    return -1;
}

int th_finish(void) {
    if (g_fail) fprintf(stderr, "%s: FAILED; reproduce with ZKPRIM_TEST_SEED=%llu\n", g_program,
                        (unsigned long long)g_seed);
    printf("%s: %ld passed, %ld failed\n", g_program, g_pass, g_fail);
    return g_fail ? 1 : 0;
}

void th_forgive(int n) { g_fail -= n; }
void th_quiet(int on) { g_quiet = on; }
