/*
 * Planted bound violations for the verification build (-DZKP_VERIFY=ON,
 * docs/verify.md): each case feeds one checked path a value outside its
 * documented bound and must be stopped by that path's check. The case runs
 * in a child process so the abort is observed here, not by ctest (which
 * reports a signal as a failure whatever the output says): this program
 * exits 0 only when the child died of SIGABRT, and ctest's
 * PASS_REGULAR_EXPRESSION (tests/verify.cmake) then requires the check's own
 * message, so a crash or a different check does not pass.
 *
 *   verify_planted <case>    exit 0: aborted as expected; 77: kernel not
 *                            usable on this CPU / not built; 1: otherwise
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gf2/gf2_internal.h"
#include "goldilocks/gl.h"
#include "bn254/fr.h"
#include "poseidon/internal.h"
#include "verify/planted.h"

#define SKIP 77

/* p in Montgomery-form limbs: a non-canonical state element. */
static void set_p(zkpi_fr *x) { memcpy(x->v, zkpi_bn254_p, sizeof x->v); }

static int has(uint32_t need) { return (zkp_cpu_active() & need) == need; }

static int poseidon_portable_state(void) {
    zkpi_fr s[3] = {{{0}}, {{1}}, {{2}}};
    set_p(&s[1]); /* the portable kernel keeps the state canonical: < p */
    zkpi_poseidon_partial_round_portable(3, s, 0);
    return 0;
}

static int poseidon_portable_mul(void) {
    zkpi_fr a, b = {{1}}, r;
    memcpy(a.v, zkpi_bn254_2p, sizeof a.v); /* k_mul's operands are below 2p */
    zkpi_poseidon_ops_portable.mul(&r, &a, &b);
    return 0;
}

/* The portable layer's Montgomery reduction needs T < 2^512 - 2^256 p so
 * that T + m p cannot carry out; an all-ones T breaks it. */
static int bn254_portable_redc(void) {
    uint64_t T[8];
    memset(T, 0xff, sizeof T);
    zkpi_bn254_redc8_c(T);
    return 0;
}

static int poseidon_bmi2_state(void) {
#if ZKP_HAVE_BMI2
    if (!has(ZKP_CPU_BMI2 | ZKP_CPU_ADX)) return SKIP;
    zkpi_fr s[3] = {{{0}}, {{1}}, {{2}}};
    memcpy(s[2].v, zkpi_bn254_2p, sizeof s[2].v); /* lazy state (t <= 4): < 2p */
    zkpi_poseidon_partial_round_bmi2(3, s, 0);
    return 0;
#else
    return SKIP;
#endif
}

static int poseidon_bmi2_dot(void) {
#if ZKP_HAVE_BMI2
    if (!has(ZKP_CPU_BMI2 | ZKP_CPU_ADX)) return SKIP;
    /* the interleaved CIOS dot product needs its full operands to sum (with
     * p) below 5p; two all-ones elements (about 5.3p each) break it */
    zkpi_fr a[2] = {{{1}}, {{1}}}, b[2], r;
    memset(b, 0xff, sizeof b);
    zkpi_poseidon_ops_bmi2.dot(&r, a, b, 2);
    return 0;
#else
    return SKIP;
#endif
}

static int poseidon_ifma_state(void) {
#if ZKP_HAVE_AVX512IFMA
    if (!has(ZKP_CPU_AVX512F | ZKP_CPU_AVX512IFMA)) return SKIP;
    /* eight states of width 3 in 52-bit limbs; element 1 of lane 5 is
     * 2^255 - 1 > 2.64p, above the kernel's invariant 2.6p */
    static uint64_t s[3][5][8];
    memset(s, 0, sizeof s);
    for (int k = 0; k < 4; k++) s[1][k][5] = ((uint64_t)1 << 52) - 1;
    s[1][4][5] = ((uint64_t)1 << 47) - 1;
    zkpi_poseidon_ifma_partial_round8(3, s, 0);
    return 0;
#else
    return SKIP;
#endif
}

static int gl_scalar_reduce(void) {
    /* a lazy sum whose high word reached 2^32: gl_reduce_small's one carry
     * correction no longer suffices */
    volatile uint64_t hi = (uint64_t)1 << 32;
    printf("%llu\n", (unsigned long long)gl_reduce_small(0, hi));
    return 0;
}

static int gf2_b127(const gf2_field_ops *ops) {
    /* an unreduced operand (bit 127 set) pushes the product to degree 253 */
    uint64_t a[2] = {0, (uint64_t)1 << 63}, b[2] = {0, (uint64_t)1 << 62}, r[2];
    ops[ZKP_GF2_B127].mul(r, a, b);
    return 0;
}

static int gf2_active(void) {
    const gf2_kernel *k = zkpi_gf2_kernel_active();
    printf("gf2 kernel: %s\n", k->info.name);
    return gf2_b127(k->ops);
}

static const struct {
    const char *name;
    int (*fn)(void);
} k_cases[] = {
    {"poseidon-portable-state", poseidon_portable_state},
    {"poseidon-portable-mul", poseidon_portable_mul},
    {"poseidon-bmi2-state", poseidon_bmi2_state},
    {"poseidon-bmi2-dot", poseidon_bmi2_dot},
    {"poseidon-ifma-state", poseidon_ifma_state},
    {"bn254-portable-redc", bn254_portable_redc},
    {"gl-scalar-reduce", gl_scalar_reduce},
    {"gl-avx2-add", verify_planted_gl_avx2},
    {"gl-avx512-add", verify_planted_gl_avx512},
    {"gf2-active", gf2_active},
};

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: verify_planted <case>\n");
        return 1;
    }
    for (size_t i = 0; i < sizeof k_cases / sizeof k_cases[0]; i++) {
        if (strcmp(argv[1], k_cases[i].name) != 0) continue;
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0) _exit(k_cases[i].fn()); /* 0 here means the check did not fire */
        int st;
        if (waitpid(pid, &st, 0) != pid) {
            perror("waitpid");
            return 1;
        }
        if (WIFEXITED(st) && WEXITSTATUS(st) == SKIP) {
            printf("%s: SKIPPED (kernel not built or not usable here)\n", argv[1]);
            return SKIP;
        }
        if (WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT) {
            printf("%s: aborted by the verification check, as planted\n", argv[1]);
            return 0;
        }
        if (WIFSIGNALED(st)) printf("%s: FAILED: child died of signal %d\n", argv[1], WTERMSIG(st));
        else printf("%s: FAILED: no check fired (exit %d)\n", argv[1], WEXITSTATUS(st));
        return 1;
    }
    fprintf(stderr, "unknown case %s\n", argv[1]);
    return 1;
}
