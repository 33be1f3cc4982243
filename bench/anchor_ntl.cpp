// NTL GF2E multiplication as an anchor row of `zkprim bench gf2` (see
// anchor_ntl.h). GF2E keeps its modulus in a global context, so each case
// saves its own context at setup and restores it before every timed pass.
#include <NTL/GF2E.h>
#include <NTL/GF2X.h>
#include <NTL/version.h>

#include <cstdint>
#include <vector>

#include "anchor_ntl.h"

extern "C" {
#include "bench.h"
}

namespace {

const int kPairs = 1024;

struct NtlCase {
    long degree;
    NTL::GF2EContext ctx;
    std::vector<NTL::GF2E> a, b, c;
};

// Modulus x^deg + sum of x^e for the listed low exponents (0 included).
void *setup(long deg, std::initializer_list<long> low) {
    NTL::GF2X f;
    NTL::SetCoeff(f, deg);
    for (long e : low) NTL::SetCoeff(f, e);
    NTL::GF2E::init(f);
    NtlCase *k = new NtlCase;
    k->degree = deg;
    k->ctx.save();
    k->a.resize(kPairs);
    k->b.resize(kPairs);
    k->c.resize(kPairs);
    return k;
}

NTL::GF2E element(long deg, uint64_t *state) {
    unsigned char bytes[40] = {0};
    for (long i = 0; i < (deg + 7) / 8; i++) {
        *state ^= *state << 13;  // xorshift64: deterministic per seed
        *state ^= *state >> 7;
        *state ^= *state << 17;
        bytes[i] = (unsigned char)*state;
    }
    NTL::GF2X p;
    NTL::GF2XFromBytes(p, bytes, (deg + 7) / 8);
    NTL::trunc(p, p, deg);  // uniform below the degree
    return NTL::conv<NTL::GF2E>(p);
}

}  // namespace

extern "C" {

void *zkpi_ntl_setup_b127(void) { return setup(127, {1, 0}); }
void *zkpi_ntl_setup_ghash128(void) { return setup(128, {7, 2, 1, 0}); }
void *zkpi_ntl_setup_b163(void) { return setup(163, {7, 6, 3, 0}); }
void *zkpi_ntl_setup_b191(void) { return setup(191, {9, 0}); }
void *zkpi_ntl_setup_sect193(void) { return setup(193, {15, 0}); }
void *zkpi_ntl_setup_b256(void) { return setup(256, {10, 5, 2, 0}); }

void zkpi_ntl_fresh(void *p, uint64_t seed) {
    NtlCase *k = static_cast<NtlCase *>(p);
    k->ctx.restore();
    uint64_t s = seed | 1;
    for (int i = 0; i < kPairs; i++) {
        k->a[i] = element(k->degree, &s);
        k->b[i] = element(k->degree, &s);
    }
}

void zkpi_ntl_run_mul(void *p, uint64_t iters) {
    NtlCase *k = static_cast<NtlCase *>(p);
    k->ctx.restore();
    uint64_t acc = 0;
    int i = 0;
    for (uint64_t n = 0; n < iters; n++) {
        NTL::mul(k->c[i], k->a[i], k->b[i]);
        if (++i == kPairs) i = 0;
    }
    for (int j = 0; j < kPairs; j++) acc += (uint64_t)NTL::deg(NTL::rep(k->c[j]));
    bench_sink_u64(acc);
}

void zkpi_ntl_teardown(void *p) { delete static_cast<NtlCase *>(p); }

const char *zkpi_ntl_kernel(void) { return "ntl-" NTL_VERSION; }

}  // extern "C"
