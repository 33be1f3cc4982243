/*
 * CPU feature detection and the kernel-selection mask.
 *
 * Detection runs once, on first use, with no init call: the result is kept
 * in an atomic, and a race between two first callers is harmless because
 * both compute the same value. The "active" mask (what kernels may use) is
 * the detected mask narrowed by ZKPRIM_CPU or zkp_cpu_force(); every change
 * bumps a generation counter so modules' cached kernel choices refresh.
 */
#include "core/cpu_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>
#define ZKP_X86 1
#elif defined(__aarch64__)
#include <sys/auxv.h>
#define ZKP_ARM64 1
#endif

#define DETECTED_VALID (1u << 31) /* marks "detection has run" in the cache */

static _Atomic uint32_t g_detected;        /* DETECTED_VALID | features */
static _Atomic uint32_t g_active;          /* DETECTED_VALID | features */
static _Atomic uint32_t g_generation = 1;  /* bumped whenever g_active changes */
static _Atomic int g_env_status = -1;      /* -1 = env not read yet */

#if ZKP_X86
static uint64_t read_xcr0(void) {
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}
#endif

static uint32_t detect(void) {
    uint32_t f = 0;
#if ZKP_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if ((c >> 1) & 1) f |= ZKP_CPU_PCLMUL;
    uint64_t xcr0 = osxsave ? read_xcr0() : 0;
    const int ymm_ok = (xcr0 & 0x6) == 0x6;          /* XMM and YMM state saved */
    const int zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM_Hi256, Hi16_ZMM */
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        if ((b >> 8) & 1) f |= ZKP_CPU_BMI2;
        if ((b >> 19) & 1) f |= ZKP_CPU_ADX;
        if ((b >> 29) & 1) f |= ZKP_CPU_SHANI;
        if (avx && ymm_ok) {
            if ((b >> 5) & 1) f |= ZKP_CPU_AVX2;
            if (((c >> 10) & 1) && (f & ZKP_CPU_PCLMUL)) f |= ZKP_CPU_VPCLMUL;
        }
        if (avx && zmm_ok) {
            if ((b >> 16) & 1) f |= ZKP_CPU_AVX512F;
            if ((b >> 17) & 1) f |= ZKP_CPU_AVX512DQ;
            if ((b >> 21) & 1) f |= ZKP_CPU_AVX512IFMA;
            if ((b >> 30) & 1) f |= ZKP_CPU_AVX512BW;
            if ((b >> 31) & 1) f |= ZKP_CPU_AVX512VL;
        }
    }
#elif ZKP_ARM64
    unsigned long hw = getauxval(AT_HWCAP);
    /* Bit numbers from the Linux arm64 ABI (asm/hwcap.h). */
    if (hw & (1ul << 1)) f |= ZKP_CPU_NEON;   /* HWCAP_ASIMD */
    if (hw & (1ul << 4)) f |= ZKP_CPU_PMULL;  /* HWCAP_PMULL */
    if (hw & (1ul << 17)) f |= ZKP_CPU_SHA3;  /* HWCAP_SHA3 */
#endif
    return f;
}

uint32_t zkp_cpu_detected(void) {
    uint32_t v = atomic_load_explicit(&g_detected, memory_order_acquire);
    if (!(v & DETECTED_VALID)) {
        v = detect() | DETECTED_VALID;
        atomic_store_explicit(&g_detected, v, memory_order_release);
    }
    return v & ~DETECTED_VALID;
}

/* ------------------------------------------------------------------------ */

typedef struct { const char *name; uint32_t bit; } feature_name;
static const feature_name k_features[] = {
    {"avx2", ZKP_CPU_AVX2},         {"avx512f", ZKP_CPU_AVX512F},
    {"avx512vl", ZKP_CPU_AVX512VL}, {"avx512bw", ZKP_CPU_AVX512BW},
    {"avx512dq", ZKP_CPU_AVX512DQ}, {"avx512ifma", ZKP_CPU_AVX512IFMA},
    {"bmi2", ZKP_CPU_BMI2},
    {"adx", ZKP_CPU_ADX},           {"pclmul", ZKP_CPU_PCLMUL},
    {"vpclmul", ZKP_CPU_VPCLMUL},   {"sha-ni", ZKP_CPU_SHANI},
    {"neon", ZKP_CPU_NEON},         {"pmull", ZKP_CPU_PMULL},
    {"sha3", ZKP_CPU_SHA3},
};

#define X86_AVX2_LEVEL (ZKP_CPU_AVX2 | ZKP_CPU_BMI2 | ZKP_CPU_ADX | ZKP_CPU_PCLMUL | ZKP_CPU_VPCLMUL)
#define X86_AVX512_LEVEL                                                                       \
    (X86_AVX2_LEVEL | ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ | \
     ZKP_CPU_AVX512IFMA)

static const feature_name k_levels[] = {
    {"portable", 0},
    {"bmi2", ZKP_CPU_BMI2 | ZKP_CPU_ADX},
    {"pclmul", ZKP_CPU_PCLMUL},
    {"avx2", X86_AVX2_LEVEL},
    {"avx512", X86_AVX512_LEVEL},
    {"neon", ZKP_CPU_NEON | ZKP_CPU_PMULL},
    {"sha3", ZKP_CPU_NEON | ZKP_CPU_PMULL | ZKP_CPU_SHA3},
};

const char *zkp_cpu_feature_name(uint32_t bit) {
    for (size_t i = 0; i < sizeof k_features / sizeof k_features[0]; i++)
        if (k_features[i].bit == bit) return k_features[i].name;
    return NULL;
}

char *zkp_cpu_mask_string(uint32_t mask, char *buf, size_t cap) {
    if (cap == 0) return buf;
    buf[0] = 0;
    size_t len = 0;
    for (size_t i = 0; i < sizeof k_features / sizeof k_features[0]; i++) {
        if (!(mask & k_features[i].bit)) continue;
        int n = snprintf(buf + len, cap - len, "%s%s", len ? "+" : "", k_features[i].name);
        if (n < 0 || (size_t)n >= cap - len) break;
        len += (size_t)n;
    }
    if (len == 0) snprintf(buf, cap, "none");
    return buf;
}

/* Parses a level name or '+'-joined feature list into a mask. A level names
 * an upper bound (features it allows); a feature list requires each feature.
 * The grammar is exact: names are lower case, no spaces, and every '+' sits
 * between two names ("avx2+", "+avx2" and "avx2++bmi2" are ZKP_ERR_PARAM),
 * so a typo is reported instead of being read as a shorter list. */
static zkp_status parse_level(const char *s, uint32_t *allowed, uint32_t *required) {
    if (strcmp(s, "native") == 0) {
        *allowed = ~0u;
        *required = 0;
        return ZKP_OK;
    }
    for (size_t i = 0; i < sizeof k_levels / sizeof k_levels[0]; i++) {
        if (strcmp(s, k_levels[i].name) == 0) {
            *allowed = k_levels[i].bit;
            /* A level is honoured only if its defining feature is present:
             * "avx2" on a machine without AVX2 is an error, not a silent
             * fallback to portable. */
            *required = (k_levels[i].bit & (ZKP_CPU_AVX512F | ZKP_CPU_AVX2 | ZKP_CPU_SHA3)) ?
                            (k_levels[i].bit & (ZKP_CPU_AVX512F | ZKP_CPU_AVX2 | ZKP_CPU_SHA3)) :
                            (k_levels[i].bit & (ZKP_CPU_NEON | ZKP_CPU_PCLMUL | ZKP_CPU_BMI2));
            if (*required & ZKP_CPU_SHA3) *required = ZKP_CPU_SHA3;
            if (*required & ZKP_CPU_AVX512F) *required = ZKP_CPU_AVX512F;
            return ZKP_OK;
        }
    }
    uint32_t mask = 0;
    const char *p = s;
    while (*p) {
        const char *end = strchr(p, '+');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        uint32_t bit = 0;
        for (size_t i = 0; i < sizeof k_features / sizeof k_features[0]; i++)
            if (strlen(k_features[i].name) == n && strncmp(p, k_features[i].name, n) == 0)
                bit = k_features[i].bit;
        if (!bit) return ZKP_ERR_PARAM;  /* also the empty name of a leading or doubled '+' */
        mask |= bit;
        p += n;
        if (*p == '+' && !*++p) return ZKP_ERR_PARAM;  /* a trailing '+' names nothing */
    }
    if (!mask) return ZKP_ERR_PARAM;  /* "" */
    *allowed = mask;
    *required = mask;
    return ZKP_OK;
}

static zkp_status select_level(const char *level, uint32_t *out) {
    uint32_t allowed, required;
    zkp_status st = parse_level(level, &allowed, &required);
    if (st != ZKP_OK) return st;
    uint32_t have = zkp_cpu_detected();
    if ((required & have) != required) return ZKP_ERR_CPU;
    *out = allowed & have;
    return ZKP_OK;
}

static void read_env_once(void) {
    if (atomic_load_explicit(&g_env_status, memory_order_acquire) >= 0) return;
    const char *env = getenv("ZKPRIM_CPU");
    uint32_t mask = zkp_cpu_detected();
    zkp_status st = ZKP_OK;
    if (env && *env) {
        uint32_t m;
        st = select_level(env, &m);
        if (st == ZKP_OK) mask = m;
    }
    uint32_t expected = 0;
    atomic_compare_exchange_strong(&g_active, &expected, mask | DETECTED_VALID);
    atomic_store_explicit(&g_env_status, (int)st, memory_order_release);
}

uint32_t zkp_cpu_active(void) {
    uint32_t v = atomic_load_explicit(&g_active, memory_order_acquire);
    if (!(v & DETECTED_VALID)) {
        read_env_once();
        v = atomic_load_explicit(&g_active, memory_order_acquire);
    }
    return v & ~DETECTED_VALID;
}

zkp_status zkp_cpu_env_status(void) {
    read_env_once();
    return (zkp_status)atomic_load_explicit(&g_env_status, memory_order_acquire);
}

zkp_status zkp_cpu_force(const char *level) {
    if (!level) return ZKP_ERR_NULL;
    read_env_once();
    uint32_t m;
    zkp_status st = select_level(level, &m);
    if (st != ZKP_OK) return st;
    atomic_store_explicit(&g_active, m | DETECTED_VALID, memory_order_release);
    atomic_fetch_add_explicit(&g_generation, 1, memory_order_acq_rel);
    return ZKP_OK;
}

uint32_t zkpi_cpu_generation(void) {
    return atomic_load_explicit(&g_generation, memory_order_acquire);
}

const char *zkp_cpu_model(void) {
    static char model[128];
    static _Atomic int done;
    if (atomic_load_explicit(&done, memory_order_acquire)) return model;
    char tmp[128] = "unknown";
#if ZKP_X86
    unsigned regs[12];
    if (__get_cpuid(0x80000000u, &regs[0], &regs[1], &regs[2], &regs[3]) && regs[0] >= 0x80000004u) {
        for (unsigned i = 0; i < 3; i++)
            __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3]);
        memcpy(tmp, regs, 48);
        tmp[48] = 0;
    }
#else
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "model name", 10) == 0 || strncmp(line, "CPU part", 8) == 0) {
                char *c = strchr(line, ':');
                if (c) {
                    snprintf(tmp, sizeof tmp, "%s", c + 2);
                    tmp[strcspn(tmp, "\n")] = 0;
                }
                break;
            }
        }
        fclose(f);
    }
#endif
    /* Trim the leading spaces some CPUs pad their brand string with. */
    const char *t = tmp;
    while (*t == ' ') t++;
    snprintf(model, sizeof model, "%s", t);
    atomic_store_explicit(&done, 1, memory_order_release);
    return model;
}
