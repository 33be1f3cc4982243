/*
 * Core: CPU detection and forcing, dispatch caching, status strings, the
 * harness's own guard-byte detection, and the statistics behind
 * `zkprim bench compare` against values computed independently with
 * scipy 1.10 (scipy.stats.wilcoxon and scipy.stats.binomtest, defaults).
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep, clock_gettime */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "compare.h"
#include "core/cpu_internal.h"
#include "harness.h"
#include "stats.h"

static void test_cpu(void) {
    th_section("cpu");
    uint32_t det = zkp_cpu_detected();
    char buf[256];
    CHECK(zkp_cpu_active() == det || getenv("ZKPRIM_CPU") != NULL);
    CHECK_STATUS(zkp_cpu_force("portable"), ZKP_OK);
    CHECK_EQ_U64(zkp_cpu_active(), 0);
    CHECK_STATUS(zkp_cpu_force("no-such-level"), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_cpu_force("avx2+bogus"), ZKP_ERR_PARAM);
    /* The grammar is exact: a trailing '+' ("avx2+") is not "avx2", and an
     * empty string is not "native". */
    static const char *const malformed[] = {
        "avx2+", "+avx2", "avx2++bmi2", "", "+", "++", "AVX2", "Avx2", "PORTABLE", "Native", " avx2", "avx2 ",
        "avx2 +bmi2", "avx2+ bmi2", "\tavx2", "avx2\n", "bmi2+", "pclmul++", "native+", "portable+", "avx2+native",
        "avx2,bmi2",
    };
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++)
        CHECK_MSG(zkp_cpu_force(malformed[i]) == ZKP_ERR_PARAM, "zkp_cpu_force(\"%s\") accepted", malformed[i]);
    CHECK_STATUS(zkp_cpu_force(NULL), ZKP_ERR_NULL);
    CHECK_EQ_U64(zkp_cpu_active(), 0); /* unchanged after an error */
    /* A level this CPU lacks is an error, never a silent downgrade. */
#if defined(__x86_64__)
    CHECK_STATUS(zkp_cpu_force("neon"), ZKP_ERR_CPU);
    if (!(det & ZKP_CPU_AVX2)) CHECK_STATUS(zkp_cpu_force("avx2"), ZKP_ERR_CPU);
    if (!(det & ZKP_CPU_AVX512F)) CHECK_STATUS(zkp_cpu_force("avx512"), ZKP_ERR_CPU);
    /* x86-64 always has SSE2 and every CPU we care about reports cpuid. */
    CHECK(strcmp(zkp_cpu_model(), "") != 0);
    zkp_cpu_mask_string(det, buf, sizeof buf);
    CHECK(strlen(buf) > 0);
#elif defined(__aarch64__)
    CHECK_STATUS(zkp_cpu_force("avx2"), ZKP_ERR_CPU);
    CHECK(det & ZKP_CPU_NEON); /* ASIMD is mandatory in ARMv8-A Linux */
#endif
    if (det & ZKP_CPU_AVX2) {
        CHECK_STATUS(zkp_cpu_force("avx2"), ZKP_OK);
        CHECK(zkp_cpu_active() & ZKP_CPU_AVX2);
        CHECK(!(zkp_cpu_active() & ZKP_CPU_AVX512F));
        CHECK_STATUS(zkp_cpu_force("avx2+pclmul"), det & ZKP_CPU_PCLMUL ? ZKP_OK : ZKP_ERR_CPU);
    }
    CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
    CHECK_EQ_U64(zkp_cpu_active(), det);
    char small[4];
    zkp_cpu_mask_string(~0u, small, sizeof small);
    CHECK(strlen(small) < 4);
    zkp_cpu_mask_string(0, buf, sizeof buf);
    CHECK(strcmp(buf, "none") == 0);
}

typedef struct { zkpi_kernel_info info; int id; } fake_kernel;
static const fake_kernel k_fake[] = {
    {{"avx512", ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL, ZKP_HAVE_AVX512}, 3},
    {{"avx2", ZKP_CPU_AVX2, ZKP_HAVE_AVX2}, 2},
    {{"unbuilt", 0, 0}, 9},
    {{"portable", 0, 1}, 1},
};

static void test_dispatch(void) {
    th_section("dispatch");
    static _Atomic uint64_t cache;
    uint32_t det = zkp_cpu_detected();
    CHECK_STATUS(zkp_cpu_force("portable"), ZKP_OK);
    CHECK_EQ_INT(ZKP_DISPATCH(&cache, k_fake)->id, 1);     /* never the unbuilt one */
    CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
    int want = (ZKP_HAVE_AVX512 && (det & (ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL)) == (ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL)) ? 3
             : (ZKP_HAVE_AVX2 && (det & ZKP_CPU_AVX2)) ? 2 : 1;
    CHECK_EQ_INT(ZKP_DISPATCH(&cache, k_fake)->id, want);  /* the cache refreshed */
    CHECK_EQ_INT(ZKP_DISPATCH(&cache, k_fake)->id, want);  /* and is stable */
    if (det & ZKP_CPU_AVX2) {
        CHECK_STATUS(zkp_cpu_force("avx2"), ZKP_OK);
        CHECK_EQ_INT(ZKP_DISPATCH(&cache, k_fake)->id, ZKP_HAVE_AVX2 ? 2 : 1);
        CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
    }
}

static void test_status(void) {
    th_section("status");
    CHECK(strcmp(zkp_status_name(ZKP_OK), "ZKP_OK") == 0);
    CHECK(strcmp(zkp_status_name(ZKP_ERR_RANGE), "ZKP_ERR_RANGE") == 0);
    CHECK(strcmp(zkp_status_name((zkp_status)999), "ZKP_ERR_UNKNOWN") == 0);
    for (int s = 0; s <= ZKP_ERR_IO; s++) {
        CHECK(zkp_status_str((zkp_status)s) != NULL);
        CHECK(strncmp(zkp_status_name((zkp_status)s), "ZKP_", 4) == 0);
    }
    CHECK(strcmp(zkp_version(), "1.1.0") == 0);
    /* the header's macros name the same version as the library */
    char hv[32];
    snprintf(hv, sizeof hv, "%d.%d.%d", ZKP_VERSION_MAJOR, ZKP_VERSION_MINOR, ZKP_VERSION_PATCH);
    CHECK(strcmp(zkp_version(), hv) == 0);
}

static void test_guards(void) {
    th_section("guards");
    /* The guard check must catch a one-byte overrun and underrun; run it on
     * a private buffer and count the failures it reports. */
    th_quiet(1);
    int before = th_failures();
    th_buf b = th_buf_new(10, 3);
    CHECK((uintptr_t)b.p % 64 == 3);
    b.p[10] ^= 1;
    TH_BUF_FREE(b);
    th_buf c = th_buf_new(10, 0);
    c.p[-1] ^= 1;
    TH_BUF_FREE(c);
    int caught = th_failures() - before;
    th_quiet(0);
    /* Undo the two planted failures so the run stays green, but only if
     * exactly those two were seen. */
    CHECK_EQ_INT(caught, 2);
    if (caught == 2) th_forgive(2);
}

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1.0, fabs(b)); }

static void test_stats(void) {
    th_section("stats");
    double x[] = {5, 1, 4, 2, 3};
    CHECK(near(stats_median(x, 5), 3));
    CHECK(near(stats_quantile(x, 5, 0.25), 2));
    double y[] = {1, 2, 3, 4};
    CHECK(near(stats_median(y, 4), 2.5));
    CHECK(near(stats_quantile(y, 4, 0.25), 1.75)); /* numpy.quantile([1,2,3,4], .25) */

    /* scipy.stats.binomtest(k, n, 0.5).pvalue */
    static const struct { size_t k, n; double p; } sign[] = {
        {0, 10, 0.001953125}, {1, 10, 0.021484375}, {2, 10, 0.109375}, {5, 10, 1.0},
        {3, 20, 0.0025768280029296875}, {17, 20, 0.0025768280029296875}, {0, 1, 1.0},
        {40, 100, 0.05688793364098088},
    };
    for (size_t i = 0; i < sizeof sign / sizeof sign[0]; i++)
        CHECK_MSG(near(stats_sign_test_p(sign[i].k, sign[i].n), sign[i].p), "sign test k=%zu n=%zu: %.17g != %.17g",
                  sign[i].k, sign[i].n, stats_sign_test_p(sign[i].k, sign[i].n), sign[i].p);

    /* scipy.stats.wilcoxon(d): (statistic, pvalue) */
    static const double d1[] = {-3.1, -2.0, -5.5, -1.2, 0.7, -4.4, -2.9, -0.3, -6.1, -1.5};
    static const double d2[] = {1.5, -0.5, 2.25, -3.0, 4.0, 0.75, -1.25, 2.5};
    static const double d3[] = {-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12};
    static const double d4[] = {1.9905257038003561, -0.1659373705408328, 0.33282016367858441, 0.70751628299650782, -0.48892302862573861, 0.3020655729059481, 0.2991096141420686, -1.4547243063454207, 1.3176580056634932, 0.90049851591954932, -0.32542897396675968, 0.12845173880427882, 0.80529937419675157, 0.038643584808353004, 0.05725092132745338, -1.1532414124907906, 0.85458031189188777, 0.42388090528703842, 0.57445992375996358, -1.2265245318698401, 1.9506996911864756, 0.45433553545635802, -0.087139943286388133, 2.3290722207611116, 0.25461397013935388, -1.1506786991465747, -0.1052278554276867, -1.9883151019717225, 1.3493965493432547, -0.11647431852001855, -0.44255352520456775, 1.3724701315754955, -1.3510755894058388, 0.83542935632609105, -1.7644148031211755, -0.36215933966680874, -0.90421984559973256, 1.7619756272135241, 2.0661608779293337, -0.029413751913065111, 1.1407332421435357, 0.12001359874764966, 0.86806188732798195, -0.45283719642146475, -1.4083392031670559, -1.503098658479741, 0.68312185175751194, 2.5475950528076994, 0.56941163050788701, -0.22460461940085236, 2.2120188623319406, 0.53730184663719349, 0.40143398521161544, 0.55257773555531753, 0.16762280243315283, -0.0094763405888804164, -1.1349634660355541, 0.80162412318104082, 0.20522454956010583, 1.4930859223440107};
    static const double d5[] = {1, 1, 2, -2, 3, -3, 3, 4, 0, 5}; /* ties and a zero: normal approximation */
    static const struct { const double *d; size_t n; double w, p; } wil[] = {
        {d1, 10, 2.0, 0.005859375},
        {d2, 8, 11.0, 0.3828125},
        {d3, 12, 0.0, 0.00048828125},
        {d4, 60, 655.0, 0.05561801167772952},
        {d5, 10, 9.5, 0.12155550669779863},
    };
    for (size_t i = 0; i < sizeof wil / sizeof wil[0]; i++) {
        double w, p = stats_wilcoxon_p(wil[i].d, wil[i].n, &w);
        CHECK_MSG(near(w, wil[i].w) && near(p, wil[i].p), "wilcoxon case %zu: W=%g p=%.17g, want W=%g p=%.17g", i, w,
                  p, wil[i].w, wil[i].p);
    }
    double zeros[3] = {0, 0, 0};
    CHECK(near(stats_wilcoxon_p(zeros, 3, NULL), 1.0));

    /* compare_series: B consistently 10% faster over 10 rounds. */
    double a[10], b[10];
    for (int i = 0; i < 10; i++) {
        a[i] = 100 + i;
        b[i] = 90 + i * 0.9;
    }
    compare_result r = compare_series(a, b, 10);
    CHECK_EQ_INT(r.b_wins, 10);
    CHECK(near(r.sign_p, 0.001953125));
    CHECK(near(r.median_diff_pct, -10.0));
    CHECK(strncmp(r.verdict, "B faster", 8) == 0);
    compare_result s = compare_series(b, a, 10);
    CHECK(strncmp(s.verdict, "B slower", 8) == 0);
    double c[10] = {100, 101, 99, 100, 102, 98, 100, 101, 99, 100};
    double e[10] = {101, 100, 100, 99, 101, 99, 101, 100, 98, 101};
    compare_result t = compare_series(c, e, 10);
    CHECK(strcmp(t.verdict, "no significant change") == 0);

    /* No samples: no median (NaN, which the bench runner refuses to print),
     * not a read past the end of an empty array; and no verdict. */
    CHECK(isnan(stats_median(x, 0)));
    CHECK(isnan(stats_quantile(x, 0, 0.25)));
    compare_result z = compare_series(a, b, 0);
    CHECK(isnan(z.median_a) && isnan(z.median_diff));
    CHECK(strcmp(z.verdict, "no significant change") == 0);
}

/* ---- bench_measure: a row that cannot be timed carries no figures -------- */

/* test_core links bench/runner.c, which runs the registered modules: none here. */
const bench_module *const bench_modules[] = {NULL};
const size_t bench_module_count = 0;

static void run_nothing(void *ctx, uint64_t iters) { (void)ctx; (void)iters; }
static void run_work(void *ctx, uint64_t iters) {
    (void)ctx;
    uint64_t x = 1;
    for (uint64_t i = 0; i < iters; i++) x = x * 6364136223846793005ull + i;
    bench_sink_u64(x);
}
static void run_failing(void *ctx, uint64_t iters) {
    (void)ctx;
    run_work(NULL, iters);
    bench_fail("helper exited");
}
static void *setup_unavailable(void) { return bench_unavailable("no such library"); }
static void *setup_need_everything(void) { return bench_need_cpu(~0u) ? NULL : BENCH_SKIP; }

/* A row whose teardown reports a floor of 2 ns per op and a paired ratio
 * of 1.25 (bench_floor), and
 * checks it is called with the row's batch length in effect. */
static double g_seen_batch_ms;
static void teardown_floor(void *ctx) {
    (void)ctx;
    g_seen_batch_ms = bench_batch_ms();
    bench_floor(2.0, 1.25, "7 perms x 0.3 ns");
}

/* ---- the three clocks: a sleep is wall time only; another thread's work
 * is process CPU time, not this thread's (zkprim bench --cpu-time) ------- */

static uint64_t delta_ns(int mode, void (*what)(void)) {
    bench_use_cpu_time(mode);
    const uint64_t t0 = bench_now_ns();
    what();
    const uint64_t t = bench_now_ns() - t0;
    bench_use_cpu_time(BENCH_CLOCK_WALL);
    return t;
}
static void sleep_30ms(void) {
    struct timespec ts = {0, 30000000};
    while (nanosleep(&ts, &ts) != 0) {}
}
static void *spin_30ms_cpu(void *arg) {
    (void)arg;
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    uint64_t x = 1;
    do {
        for (int i = 0; i < 100000; i++) x = x * 6364136223846793005ull + 1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
    } while ((b.tv_sec - a.tv_sec) * 1000000000ll + (b.tv_nsec - a.tv_nsec) < 30000000);
    bench_sink_u64(x);
    return NULL;
}
static void work_in_other_thread(void) {
    pthread_t th;
    CHECK(pthread_create(&th, NULL, spin_30ms_cpu, NULL) == 0);
    CHECK(pthread_join(th, NULL) == 0);
}

static void test_clocks(void) {
    CHECK(bench_cpu_time() == BENCH_CLOCK_WALL);
    CHECK(delta_ns(BENCH_CLOCK_WALL, sleep_30ms) >= 29000000);
    CHECK(delta_ns(BENCH_CLOCK_THREAD, sleep_30ms) < 10000000);
    CHECK(delta_ns(BENCH_CLOCK_PROCESS, sleep_30ms) < 10000000);
    CHECK(delta_ns(BENCH_CLOCK_PROCESS, work_in_other_thread) >= 29000000);
    CHECK(delta_ns(BENCH_CLOCK_THREAD, work_in_other_thread) < 10000000);
    bench_use_cpu_time(BENCH_CLOCK_PROCESS);
    CHECK(bench_cpu_time() == BENCH_CLOCK_PROCESS); /* what a case saves and restores */
    bench_use_cpu_time(BENCH_CLOCK_WALL);
}

static void test_measure(void) {
    const bench_case ok = {"t/work", "t", 8, NULL, NULL, run_work, NULL, NULL};
    bench_result r = bench_measure(&ok, 3, 0.2);
    CHECK(!r.unavailable);
    CHECK(isfinite(r.median) && r.median > 0 && r.min > 0 && r.min <= r.median && r.median <= r.max);

    /* A run that does nothing (a kernel that returns at once) used to print
     * 0.0 ns and an astronomical MB/s. */
    const bench_case idle = {"t/idle", "t", 1600, NULL, NULL, run_nothing, NULL, NULL};
    r = bench_measure(&idle, 3, 0.2);
    CHECK(r.unavailable && strstr(r.reason, "no measurable work"));
    CHECK(r.median == 0 && r.iters == 0);

    const bench_case fails = {"t/fails", "t", 0, NULL, NULL, run_failing, NULL, NULL};
    r = bench_measure(&fails, 3, 0.2);
    CHECK(r.unavailable && strcmp(r.reason, "helper exited") == 0);

    const bench_case absent = {"t/absent", "t", 0, setup_unavailable, NULL, run_work, NULL, NULL};
    r = bench_measure(&absent, 3, 0.2);
    CHECK(r.unavailable && strcmp(r.reason, "no such library") == 0);

    const bench_case isa = {"t/isa", "t", 0, setup_need_everything, NULL, run_work, NULL, NULL};
    r = bench_measure(&isa, 3, 0.2);
    CHECK(r.unavailable && strncmp(r.reason, "needs ", 6) == 0);

    /* No timed batch: no median of zero samples. */
    r = bench_measure(&ok, 0, 0.2);
    CHECK(r.unavailable);

    /* The reason of one case does not leak into the next. */
    r = bench_measure(&ok, 1, 0.2);
    CHECK(!r.unavailable && r.median > 0);

    /* A floor: the note names it and its paired ratio; the next row has no
     * note; an unavailable row prints no floor. */
    const bench_case floored = {"t/floor", "t", 0, NULL, NULL, run_work, teardown_floor, NULL};
    r = bench_measure(&floored, 3, 0.3);
    CHECK(!r.unavailable && g_seen_batch_ms == 0.3);
    CHECK(strcmp(r.note, "7 perms x 0.3 ns, floor 2.0 ns, time/floor 1.25 paired") == 0);
    r = bench_measure(&ok, 1, 0.2);
    CHECK(r.note[0] == 0);
    const bench_case floored_fails = {"t/floor-fails", "t", 0, NULL, NULL, run_failing, teardown_floor, NULL};
    r = bench_measure(&floored_fails, 3, 0.2);
    CHECK(r.unavailable && r.note[0] == 0);
}

int main(void) {
    th_init("test_core");
    test_cpu();
    test_dispatch();
    test_status();
    test_guards();
    test_stats();
    test_measure();
    test_clocks();
    return th_finish();
}
