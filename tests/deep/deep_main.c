/* deep_diff: command line, suite bookkeeping and summary lines (deep.h). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "deep.h"

deep_opts g_deep = {100000, 1000, 1, NULL, 0};
static uint64_t g_total_mismatches, g_total_checks;

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int deep_begin(deep_suite *s, const char *family, const char *name) {
    if (g_deep.suite && strcmp(g_deep.suite, name) != 0) return 0;
    memset(s, 0, sizeof *s);
    s->family = family;
    s->name = name;
    char seed[32], prog[64];
    snprintf(seed, sizeof seed, "%" PRIu64, g_deep.seed);
    snprintf(prog, sizeof prog, "deep %s/%s", family, name);
    setenv("ZKPRIM_TEST_SEED", seed, 1);
    unsetenv("ZKPRIM_TEST_N");
    th_init(prog); /* reseeds the harness RNG from the seed */
    deep_force("native");
    s->cpu0 = cpu_seconds();
    return 1;
}

void deep_kernel(deep_suite *s, const char *name) {
    size_t len = strlen(name), have = strlen(s->kernels);
    for (const char *p = s->kernels; (p = strstr(p, name)) != NULL; p += len)
        if ((p == s->kernels || p[-1] == ',') && (p[len] == ',' || p[len] == 0)) return;
    if (have + len + 2 >= sizeof s->kernels) return;
    if (have) s->kernels[have++] = ',';
    memcpy(s->kernels + have, name, len + 1);
}

void deep_end(deep_suite *s) {
    double cpu = cpu_seconds() - s->cpu0;
    deep_force("native");
    printf("deep-result family=%s suite=%s inputs=%" PRIu64 " checks=%" PRIu64 " mismatches=%" PRIu64
           " oracle=%" PRIu64 " seed=%" PRIu64 " cpu=%.1f kernels=%s\n",
           s->family, s->name, s->inputs, s->checks, s->mismatches, s->oracle_inputs, g_deep.seed, cpu,
           s->kernels[0] ? s->kernels : "-");
    fflush(stdout);
    g_total_mismatches += s->mismatches;
    g_total_checks += s->checks;
}

static void hexdump(const char *label, const void *p, size_t n) {
    const uint8_t *b = p;
    fprintf(stderr, "  %s (%zu bytes): ", label, n);
    size_t show = n > 1024 ? 1024 : n;
    for (size_t i = 0; i < show; i++) fprintf(stderr, "%02x", b[i]);
    fprintf(stderr, "%s\n", n > show ? "..." : "");
}

static void report(deep_suite *s, const char *what, const void *got, const void *want, size_t n, const void *in,
                   size_t inlen) {
    s->mismatches++;
    if (s->mismatches > 5) return;
    fprintf(stderr, "MISMATCH %s/%s check %" PRIu64 ": %s (seed %" PRIu64 ")\n", s->family, s->name, s->checks, what,
            g_deep.seed);
    if (in) hexdump("input", in, inlen);
    if (got) hexdump("got", got, n);
    if (want) hexdump("want", want, n);
}

int deep_eq(deep_suite *s, const char *what, const void *got, const void *want, size_t n, const void *in,
            size_t inlen) {
    s->checks++;
    int same = memcmp(got, want, n) == 0;
    if (g_deep.plant && g_total_checks + s->checks == 100 && n) {
        /* planted fault: this output, one bit flipped */
        uint8_t *copy = malloc(n);
        memcpy(copy, got, n);
        copy[0] ^= 1;
        report(s, what, copy, want, n, in, inlen);
        free(copy);
        return 0;
    }
    if (!same) report(s, what, got, want, n, in, inlen);
    return same;
}

int deep_ok(deep_suite *s, const char *what, int ok, const void *in, size_t inlen) {
    s->checks++;
    if (!ok) report(s, what, NULL, NULL, 0, in, inlen);
    return ok;
}

int deep_oracle_pick(deep_suite *s, uint64_t i) {
    const uint64_t n = g_deep.n, m = g_deep.oracle_n;
    int pick = m >= n || (unsigned __int128)i * m / n != (unsigned __int128)(i + 1) * m / n;
    if (pick) s->oracle_inputs++;
    return pick;
}

const char *const *deep_levels(size_t *n) {
    static const char *all[] = {"portable", "bmi2", "pclmul", "avx2", "avx512", "neon", "sha3"};
    static const char *usable[8];
    static size_t count;
    if (!count) {
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            if (zkp_cpu_force(all[i]) == ZKP_OK) usable[count++] = all[i];
        deep_force("native");
    }
    *n = count;
    return usable;
}

void deep_force(const char *level) {
    if (zkp_cpu_force(level) != ZKP_OK) {
        fprintf(stderr, "deep_diff: cannot force CPU level %s\n", level);
        exit(2);
    }
}

int deep_next_level(deep_level_iter *it, void (*impl)(char *buf, size_t cap)) {
    size_t n;
    const char *const *lev = deep_levels(&n);
    while (it->next < n && it->nseen < 8) {
        it->level = lev[it->next++];
        deep_force(it->level);
        char *buf = it->seen[it->nseen];
        impl(buf, sizeof it->seen[0]);
        size_t i = 0;
        while (i < it->nseen && strcmp(it->seen[i], buf) != 0) i++;
        if (i < it->nseen) continue;
        it->impl = it->seen[it->nseen++];
        return 1;
    }
    return 0;
}

size_t deep_pick(const size_t *set, size_t n) { return set[th_rand_below(n)]; }

uint64_t deep_edge_u64(const uint64_t *edges, size_t n) {
    return th_rand64() & 1 ? edges[th_rand_below(n)] : th_rand64();
}

static int usage(void) {
    fprintf(stderr, "usage: deep_diff keccak|hemera|poseidon|gf2|goldilocks|all [--n N] [--oracle-n M] [--seed S]\n"
                    "                 [--suite NAME] [--plant]\n");
    return 2;
}

/* A decimal count or seed; "1e7" style for the counts. */
static int parse_u64(const char *s, uint64_t *out) {
    char *end;
    if (!s || !*s || *s == '-' || *s == '+') return 0;
    unsigned long long v = strtoull(s, &end, 10); /* exact for every u64 */
    if (!*end) {
        *out = v;
        return 1;
    }
    double d = strtod(s, &end);
    if (*end || d < 0 || d > 1e18) return 0;
    *out = (uint64_t)d;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) return usage();
    const char *family = argv[1];
    /* the seed: --seed, else ZKPRIM_TEST_SEED, else the clock (printed either way) */
    const char *env = getenv("ZKPRIM_TEST_SEED");
    if (!env || !*env || !parse_u64(env, &g_deep.seed)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        g_deep.seed = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--n") && parse_u64(v, &g_deep.n)) i++;
        else if (!strcmp(a, "--oracle-n") && parse_u64(v, &g_deep.oracle_n)) i++;
        else if (!strcmp(a, "--seed") && parse_u64(v, &g_deep.seed)) i++;
        else if (!strcmp(a, "--suite") && v) g_deep.suite = argv[++i];
        else if (!strcmp(a, "--plant")) g_deep.plant = 1;
        else return usage();
    }
    if (!g_deep.n) return usage();
    static const struct {
        const char *name;
        int (*run)(void);
    } fams[] = {{"keccak", deep_keccak}, {"hemera", deep_hemera}, {"poseidon", deep_poseidon},
                {"gf2", deep_gf2}, {"goldilocks", deep_goldilocks}};
    int found = 0;
    for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++)
        if (!strcmp(family, "all") || !strcmp(family, fams[i].name)) {
            found = 1;
            if (fams[i].run() != 0) return 2;
        }
    if (!found) return usage();
    char feat[512];
    printf("deep-machine cpu=\"%s\" features=%s levels=", zkp_cpu_model(),
           zkp_cpu_mask_string(zkp_cpu_detected(), feat, sizeof feat));
    size_t nl;
    const char *const *lv = deep_levels(&nl);
    for (size_t i = 0; i < nl; i++) printf("%s%s", i ? "," : "", lv[i]);
    printf(" checks=%" PRIu64 " mismatches=%" PRIu64 "\n", g_total_checks, g_total_mismatches);
    return g_total_mismatches ? 1 : 0;
}
