/*
 * The HorizenLabs Poseidon2 reference instances (zkp_poseidon2_horizen_*,
 * src/poseidon2/horizen.c) and the 255-bit field layer under them
 * (src/field255/f255.h), held to:
 *  - the reference's own known answers (tests/vectors/poseidon2-horizen/),
 *    known answers from other implementations of the same instances for
 *    four the reference pins none for (third-party.txt), and Plonky3's
 *    recreation of its Goldilocks t = 8 instance (another
 *    internal diagonal) through the oracle;
 *  - a definitional oracle written here for clarity: the permutation with
 *    its matrices as dense t x t matrices and its constants added to every
 *    lane, over integers mod p on plain 4-limb numbers (double-and-add
 *    products: no Montgomery form, no shared field code), on random and
 *    edge states of all fifteen instances;
 *  - the schoolbook bigint of tests/ref/poseidon_bigint.c (32-bit limbs,
 *    long division) for f255's products, sums and conversions;
 *  - the error contract: wrong widths, NULL, elements >= p (state unchanged);
 *  - BabyBear on the 31-bit vector kernels (their HorizenLabs form): every
 *    CPU level's single and batched entry points, and every kernel table
 *    entry called directly, against the portable permutation of horizen.c
 *    (itself held to the oracle above), the oracle, and the known answer.
 * Random counts scale with ZKPRIM_TEST_N (th_count).
 */
#include <stdlib.h>
#include <string.h>

#include "field255/f255.h"
#include "harness.h"
#include "poseidon2/horizen.h"
#include "poseidon2/params.h"
#include "poseidon_bigint.h"
#include "zkprim/poseidon2.h"

/* ---- oracle arithmetic: canonical integers < p < 2^255 ------------------ */

typedef struct u256 {
    uint64_t v[4];
} u256;

static int o_ge(const u256 *a, const u256 *b) {
    for (int i = 3; i >= 0; i--)
        if (a->v[i] != b->v[i]) return a->v[i] > b->v[i];
    return 1;
}

static u256 o_sub_raw(u256 a, const u256 *b) {
    uint64_t borrow = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t d = a.v[i] - b->v[i] - borrow;
        borrow = (a.v[i] < b->v[i]) || (a.v[i] - b->v[i] < borrow);
        a.v[i] = d;
    }
    return a;
}

static u256 o_add_raw(u256 a, const u256 *b) { /* no carry out: both < 2^255 */
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t s = a.v[i] + b->v[i];
        uint64_t c = s < a.v[i];
        a.v[i] = s + carry;
        carry = c | (a.v[i] < s);
    }
    return a;
}

static u256 o_add(u256 a, u256 b, const u256 *p) {
    u256 s = o_add_raw(a, &b);
    return o_ge(&s, p) ? o_sub_raw(s, p) : s;
}

/* a * b mod p: double-and-add over the bits of b, from its top bit (the
 * matrix entries are mostly small). */
static u256 o_mul(u256 a, u256 b, const u256 *p) {
    u256 r = {{0, 0, 0, 0}};
    int top = 255;
    while (top >= 0 && !(b.v[top / 64] >> (top % 64) & 1)) top--;
    for (int bit = top; bit >= 0; bit--) {
        r = o_add(r, r, p);
        if (b.v[bit / 64] >> (bit % 64) & 1) r = o_add(r, a, p);
    }
    return r;
}

/* a / 2 mod p (p odd). */
static u256 o_half(u256 a, const u256 *p) {
    if (a.v[0] & 1) a = o_add_raw(a, p);
    for (int i = 0; i < 4; i++) a.v[i] = a.v[i] >> 1 | (i < 3 ? a.v[i + 1] << 63 : 0);
    return a;
}

static u256 o_small(uint64_t x) {
    u256 r = {{x, 0, 0, 0}};
    return r;
}

/* ---- the instances as the test sees them ----------------------------------- */

typedef struct inst {
    const char *field;
    unsigned t, alpha, rf, rp;
    u256 p;
    unsigned mont_bits; /* the tables hold x 2^mont_bits mod p */
    const void *rc, *diag;
    size_t elem_bytes; /* 4, 8 or 32 (zkpi_f255) in the tables */
    int kind;          /* 0 babybear, 1 goldilocks, 2.. the 255-bit fields */
    const zkpi_p2h_inst255 *big;
} inst;

#define MAX_INST 16
static inst k_inst[MAX_INST];
static int k_ninst;

static const char *const k_big_names[4] = {"bn254", "bls12_381", "pallas", "vesta"};
static const zkpi_p2h_inst255 *const k_big_tables[4] = {zkpi_p2h_bn254, zkpi_p2h_bls12_381, zkpi_p2h_pallas,
                                                       zkpi_p2h_vesta};

static void setup(void) {
    for (const zkpi_p2h_inst32 *e = zkpi_p2h_babybear; e->t; e++) {
        inst *in = &k_inst[k_ninst++];
        *in = (inst){"babybear", e->t, e->alpha, e->rf, e->rp, o_small(ZKP_POSEIDON2_BABYBEAR_P), 32,
                     e->rc, e->diag, 4, 0, NULL};
    }
    for (const zkpi_p2h_inst64 *e = zkpi_p2h_goldilocks; e->t; e++) {
        inst *in = &k_inst[k_ninst++];
        *in = (inst){"goldilocks", e->t, e->alpha, e->rf, e->rp, o_small(0xffffffff00000001ull), 0,
                     e->rc, e->diag, 8, 1, NULL};
    }
    for (int f = 0; f < 4; f++)
        for (const zkpi_p2h_inst255 *e = k_big_tables[f]; e->t; e++) {
            inst *in = &k_inst[k_ninst++];
            *in = (inst){k_big_names[f], e->t, e->alpha, e->rf, e->rp, o_small(0), 256, e->rc, e->diag, 32,
                         2 + f, e};
            memcpy(in->p.v, e->field->p, sizeof in->p.v);
        }
}

/* Table entry i of in's rc or diag, as a canonical integer. */
static u256 table_value(const inst *in, const void *table, size_t i) {
    u256 x = o_small(0);
    if (in->elem_bytes == 4) x.v[0] = ((const uint32_t *)table)[i];
    else if (in->elem_bytes == 8) x.v[0] = ((const uint64_t *)table)[i];
    else memcpy(x.v, ((const zkpi_f255 *)table)[i].v, sizeof x.v);
    for (unsigned k = 0; k < in->mont_bits; k++) x = o_half(x, &in->p);
    return x;
}

/* The library's permutation of in on canonical 4-limb elements. */
static zkp_status lib_permute(const inst *in, u256 *s, size_t width) {
    zkp_status st;
    if (in->kind == 0) {
        uint32_t w[32];
        for (size_t i = 0; i < width; i++) w[i] = (uint32_t)s[i].v[0];
        st = zkp_poseidon2_horizen_babybear_permute(w, width);
        for (size_t i = 0; i < width; i++) s[i] = o_small(w[i]);
    } else if (in->kind == 1) {
        uint64_t w[32];
        for (size_t i = 0; i < width; i++) w[i] = s[i].v[0];
        st = zkp_poseidon2_horizen_goldilocks_permute(w, width);
        for (size_t i = 0; i < width; i++) s[i] = o_small(w[i]);
    } else {
        zkp_poseidon_fr w[32];
        for (size_t i = 0; i < width; i++) memcpy(w[i].limb, s[i].v, 32);
        zkp_status (*const fn[4])(zkp_poseidon_fr *, size_t) = {
            zkp_poseidon2_horizen_bn254_permute, zkp_poseidon2_horizen_bls12_381_permute,
            zkp_poseidon2_horizen_pallas_permute, zkp_poseidon2_horizen_vesta_permute};
        st = fn[in->kind - 2](w, width);
        for (size_t i = 0; i < width; i++) memcpy(s[i].v, w[i].limb, 32);
    }
    return st;
}

/* ---- the definitional oracle ----------------------------------------------- */

static void o_matvec(const inst *in, u256 m[24][24], u256 *s) {
    u256 r[24];
    for (unsigned i = 0; i < in->t; i++) {
        r[i] = o_small(0);
        for (unsigned j = 0; j < in->t; j++) r[i] = o_add(r[i], o_mul(s[j], m[i][j], &in->p), &in->p);
    }
    memcpy(s, r, in->t * sizeof *s);
}

/* x^alpha by square-and-multiply over the bits of alpha (5 or 7). */
static u256 o_pow(const inst *in, u256 x) {
    u256 r = o_small(1);
    for (int bit = 2; bit >= 0; bit--) {
        r = o_mul(r, r, &in->p);
        if (in->alpha >> bit & 1) r = o_mul(r, x, &in->p);
    }
    return r;
}

static void oracle(const inst *in, u256 *s) {
    static const unsigned m4[4][4] = {{5, 7, 1, 3}, {4, 6, 1, 1}, {1, 3, 5, 7}, {1, 1, 4, 6}};
    static u256 me[24][24], mi[24][24];
    unsigned t = in->t;
    for (unsigned i = 0; i < t; i++)
        for (unsigned j = 0; j < t; j++) {
            if (t <= 3) { /* M_E = circ(2, 1[, 1]); M_I = 1 + diag(1, .., 1, 2) */
                me[i][j] = o_small(i == j ? 2 : 1);
                mi[i][j] = o_small(i != j ? 1 : i == t - 1 ? 3 : 2);
            } else { /* M_E = M4 in the diagonal blocks doubled when t > 4; M_I = 1 + diag(D) */
                me[i][j] = o_small(m4[i % 4][j % 4] * (t > 4 && i / 4 == j / 4 ? 2 : 1));
                mi[i][j] = i == j ? o_add(table_value(in, in->diag, i), o_small(1), &in->p) : o_small(1);
            }
        }
    size_t c = 0; /* next round constant */
    o_matvec(in, me, s);
    for (unsigned r = 0; r < in->rf + in->rp; r++) {
        int full = r < in->rf / 2 || r >= in->rf / 2 + in->rp;
        for (unsigned i = 0; i < t; i++) /* partial rounds: (c, 0, ..., 0) */
            if (full || i == 0) s[i] = o_add(s[i], table_value(in, in->rc, c++), &in->p);
        for (unsigned i = 0; i < (full ? t : 1); i++) s[i] = o_pow(in, s[i]);
        o_matvec(in, full ? me : mi, s);
    }
}

/* ---- helpers ---------------------------------------------------------------- */

static u256 rand_below(const u256 *p) {
    u256 x;
    do {
        for (int i = 0; i < 4; i++) x.v[i] = th_rand64();
        int top = 3;
        while (top > 0 && p->v[top] == 0) x.v[top--] = 0;
        x.v[top] &= p->v[top] | (p->v[top] >> 1) | (p->v[top] >> 2) | (p->v[top] >> 4) | (p->v[top] >> 8) |
                     (p->v[top] >> 16) | (p->v[top] >> 32);
    } while (o_ge(&x, p));
    return x;
}

static u256 rand_elem(const u256 *p) { /* edges a quarter of the time */
    u256 one = o_small(1);
    switch (th_rand_below(8)) {
    case 0: return o_small(0);
    case 1: return o_sub_raw(*p, &one);
    default: return rand_below(p);
    }
}

static int hexval(int ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

static int parse_hex(const char *s, u256 *x) {
    if (s[0] == '0' && s[1] == 'x') s += 2;
    size_t n = strlen(s);
    if (n == 0 || n > 64) return -1;
    *x = o_small(0);
    for (size_t i = 0; i < n; i++) {
        int v = hexval(s[n - 1 - i]);
        if (v < 0) return -1;
        x->v[i / 16] |= (uint64_t)v << (4 * (i % 16));
    }
    return 0;
}

static const inst *find(const char *field, unsigned t) {
    for (int k = 0; k < k_ninst; k++)
        if (!strcmp(k_inst[k].field, field) && k_inst[k].t == t) return &k_inst[k];
    return NULL;
}

/* ---- tests ----------------------------------------------------------------- */

static void test_field255(void) {
    th_section("f255 vs schoolbook bigint");
    uint64_t n = th_count(100);
    for (int f = 0; f < 4; f++) { /* fixed set: the four 255-bit fields */
        const zkpi_f255_field *fd = k_big_tables[f][0].field;
        u256 p;
        memcpy(p.v, fd->p, 32);
        rb rp = rb_from_u64x4(fd->p);
        u256 one = o_small(1);
        CHECK(zkpi_f255_is_canonical(fd, o_sub_raw(p, &one).v));
        CHECK(!zkpi_f255_is_canonical(fd, p.v));
        u256 big = {{~0ull, ~0ull, ~0ull, ~0ull}};
        CHECK(!zkpi_f255_is_canonical(fd, big.v));
        for (uint64_t k = 0; k < n; k++) {
            u256 a = rand_elem(&p), b = rand_elem(&p);
            zkpi_f255 am, bm, r;
            zkpi_f255_to_mont(fd, &am, a.v);
            zkpi_f255_to_mont(fd, &bm, b.v);
            rb ra = rb_from_u64x4(a.v), rb_b = rb_from_u64x4(b.v);
            uint64_t got[4], want[4];
            zkpi_f255_mul(fd, &r, &am, &bm);
            zkpi_f255_from_mont(fd, got, &r);
            rb prod = rb_mul(&ra, &rb_b);
            rb m = rb_mod(&prod, &rp);
            rb_to_u64x4(want, &m);
            CHECK_MSG(!memcmp(got, want, 32), "%s mul", k_big_names[f]);
            zkpi_f255_add(fd, &r, &am, &bm);
            zkpi_f255_from_mont(fd, got, &r);
            rb sum = rb_add(&ra, &rb_b);
            m = rb_mod(&sum, &rp);
            rb_to_u64x4(want, &m);
            CHECK_MSG(!memcmp(got, want, 32), "%s add", k_big_names[f]);
            /* the Montgomery form itself: a 2^256 mod p */
            rb r256 = rb_pow2(256), ar = rb_mul(&ra, &r256);
            m = rb_mod(&ar, &rp);
            rb_to_u64x4(want, &m);
            CHECK_MSG(!memcmp(am.v, want, 32), "%s to_mont", k_big_names[f]);
        }
    }
}

/* The text of tests/vectors/poseidon2-horizen/<name>, or NULL (a failed check). */
static char *read_vectors(const char *name) {
    char path[128];
    snprintf(path, sizeof path, "poseidon2-horizen/%s", name);
    char *text = th_read_file(th_vector_path(path), NULL);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    return text;
}

/* The BabyBear known answer (inputs, outputs) for the kernel tests. */
static uint32_t k_bb_vector[2][24];
static unsigned k_bb_vector_t;

static void test_vectors(void) {
    th_section("reference vectors");
    char *text = read_vectors("vectors.txt");
    if (!text) return;
    int records = 0;
    char *tok[64], *cursor = text;
    for (int nt, arrow; (nt = th_next_record(&cursor, tok, 64, &arrow)) >= 0;) {
        CHECK_MSG(nt >= 3 && arrow > 3 && !strcmp(tok[2], "permute"), "bad vector record");
        if (nt < 3 || arrow <= 3) continue;
        const inst *in = find(tok[0], (unsigned)atoi(tok[1]));
        int nin = arrow - 3, nout = nt - arrow;
        CHECK_MSG(in && nin == (int)in->t && nout == (int)in->t, "bad record %s %s", tok[0], tok[1]);
        if (!in || nin != (int)in->t || nout != (int)in->t) continue;
        records++;
        u256 s[24], o[24], want[24];
        if (in->kind == 0) k_bb_vector_t = in->t;
        for (unsigned i = 0; i < in->t; i++) {
            s[i] = o_small(strtoull(tok[3 + i], NULL, 10));
            CHECK(parse_hex(tok[arrow + i], &want[i]) == 0);
            if (in->kind == 0) k_bb_vector[0][i] = (uint32_t)s[i].v[0], k_bb_vector[1][i] = (uint32_t)want[i].v[0];
        }
        memcpy(o, s, sizeof o);
        oracle(in, o);
        CHECK_MSG(!memcmp(o, want, in->t * sizeof *o), "%s t=%u vector: the oracle disagrees", in->field, in->t);
        CHECK_EQ_INT(lib_permute(in, s, in->t), ZKP_OK);
        CHECK_MSG(!memcmp(s, want, in->t * sizeof *s), "%s t=%u vector", in->field, in->t);
    }
    CHECK_EQ_INT(records, 8);
    free(text);
}

/* A 64-bit value as a vector file writes it: decimal, or hex after 0x. */
static int parse_u64(const char *s, uint64_t *x) {
    char *end;
    int hex = s[0] == '0' && s[1] == 'x';
    *x = strtoull(hex ? s + 2 : s, &end, hex ? 16 : 10);
    return *s && *end == 0 ? 0 : -1;
}

/* BabyBear records of third-party.txt (inputs, outputs), for the kernels. */
#define MAX_BB_REC 8
static uint32_t k_bb_rec[MAX_BB_REC][2][24];
static unsigned k_bb_rec_t[MAX_BB_REC], k_bb_nrec;

/* Known answers of other implementations (third-party.txt): the oracle and
 * the library on each; the BabyBear ones kept for the kernel tests. */
static void test_third_party(void) {
    th_section("third-party vectors");
    char *text = read_vectors("third-party.txt");
    if (!text) return;
    int records = 0;
    char *tok[64], *cursor = text;
    for (int nt, arrow; (nt = th_next_record(&cursor, tok, 64, &arrow)) >= 0;) {
        const inst *in = nt >= 3 ? find(tok[0], (unsigned)atoi(tok[1])) : NULL;
        int ok = in && in->kind <= 1 && !strcmp(tok[2], "permute") && arrow == 3 + (int)in->t &&
                 nt == arrow + (int)in->t;
        CHECK_MSG(ok, "bad record %s", nt > 0 ? tok[0] : "");
        if (!ok) continue;
        u256 s[24], o[24], want[24];
        for (unsigned i = 0; i < in->t; i++) {
            uint64_t a = 0, b = 0;
            CHECK(parse_u64(tok[3 + i], &a) == 0 && parse_u64(tok[arrow + i], &b) == 0);
            s[i] = o_small(a), want[i] = o_small(b);
        }
        memcpy(o, s, sizeof o);
        oracle(in, o);
        CHECK_MSG(!memcmp(o, want, in->t * sizeof *o), "%s t=%u record %d: the oracle disagrees", in->field, in->t,
                  records);
        if (in->kind == 0 && k_bb_nrec < MAX_BB_REC) {
            for (unsigned i = 0; i < in->t; i++)
                k_bb_rec[k_bb_nrec][0][i] = (uint32_t)s[i].v[0], k_bb_rec[k_bb_nrec][1][i] = (uint32_t)want[i].v[0];
            k_bb_rec_t[k_bb_nrec++] = in->t;
        }
        CHECK_EQ_INT(lib_permute(in, s, in->t), ZKP_OK);
        CHECK_MSG(!memcmp(s, want, in->t * sizeof *s), "%s t=%u record %d", in->field, in->t, records);
        records++;
    }
    CHECK_EQ_INT(records, 9);
    CHECK_EQ_INT((int)k_bb_nrec, 3);
    free(text);
}

/* Plonky3's HorizenLabs recreation (plonky3-hl-goldilocks8.txt): the
 * Goldilocks t = 8 instance with Plonky3's internal diagonal swapped in,
 * through the oracle only (the library has no such instance). */
static void test_plonky3_hl(void) {
    th_section("Plonky3's HorizenLabs recreation through the oracle");
    char *text = read_vectors("plonky3-hl-goldilocks8.txt");
    if (!text) return;
    inst in = *find("goldilocks", 8);
    static uint64_t diag[8];
    int have_diag = 0, records = 0;
    char *tok[32], *cursor = text;
    for (int nt; (nt = th_next_record(&cursor, tok, 32, NULL)) >= 0;) {
        if (!strcmp(tok[0], "diag")) {
            CHECK(nt == 11 && !strcmp(tok[1], "goldilocks") && !strcmp(tok[2], "8"));
            for (int i = 0; i < 8 && 3 + i < nt; i++) diag[i] = strtoull(tok[3 + i], NULL, 16);
            in.diag = diag;
            have_diag = 1;
            continue;
        }
        CHECK_MSG(have_diag && nt == 20 && !strcmp(tok[11], "->"), "bad record");
        if (!have_diag || nt != 20) continue;
        u256 s[8];
        for (int i = 0; i < 8; i++) s[i] = o_small(strtoull(tok[3 + i], NULL, 10));
        oracle(&in, s);
        for (int i = 0; i < 8; i++) CHECK_EQ_U64(s[i].v[0], strtoull(tok[12 + i], NULL, 10));
        records++;
    }
    CHECK_EQ_INT(records, 3);
    free(text);
}

static void test_oracle(void) {
    th_section("every instance vs oracle");
    /* The oracle's 255-bit products are slow (about 1 ms a state natively,
     * 30 times that under qemu, whose stages set ZKPRIM_TEST_N=50): one
     * random state per 16 of the count besides the two fixed ones. */
    uint64_t n = th_count(16) / 16;
    CHECK_EQ_INT(k_ninst, 15);
    for (int k = 0; k < k_ninst; k++) {
        const inst *in = &k_inst[k];
        for (uint64_t r = 0; r < n + 2; r++) {
            u256 s[24], o[24], one = o_small(1);
            for (unsigned i = 0; i < in->t; i++)
                s[i] = r == 0 ? o_small(0) : r == 1 ? o_sub_raw(in->p, &one) : rand_elem(&in->p);
            memcpy(o, s, sizeof o);
            oracle(in, o);
            CHECK_EQ_INT(lib_permute(in, s, in->t), ZKP_OK);
            CHECK_MSG(!memcmp(s, o, in->t * sizeof *s), "%s t=%u round %u", in->field, in->t, (unsigned)r);
        }
    }
}

static void test_errors(void) {
    th_section("errors");
    for (int k = 0; k < k_ninst; k++) {
        const inst *in = &k_inst[k];
        u256 s[32], keep[32];
        for (unsigned i = 0; i < 32; i++) s[i] = rand_below(&in->p);
        /* widths the reference does not define */
        for (size_t w = 0; w <= 25; w++) {
            int defined = 0;
            for (int j = 0; j < k_ninst; j++) defined |= k_inst[j].kind == in->kind && k_inst[j].t == w;
            if (!defined) CHECK_MSG(lib_permute(in, s, w) == ZKP_ERR_COUNT, "%s width %zu", in->field, w);
        }
        /* an element >= p in the first or last lane: rejected, state unchanged */
        u256 one = o_small(1), bad[3] = {in->p, o_add_raw(in->p, &one), {{~0ull, ~0ull, ~0ull, ~0ull}}};
        for (int b = 0; b < 3; b++)
            for (int lane = 0; lane < 2; lane++) { /* fixed set: first and last lane */
                if (in->kind <= 1 && b == 2) bad[b] = o_small(in->kind == 0 ? ~0u : ~0ull);
                for (unsigned i = 0; i < in->t; i++) s[i] = rand_below(&in->p);
                s[lane ? in->t - 1 : 0] = bad[b];
                memcpy(keep, s, sizeof keep);
                CHECK_MSG(lib_permute(in, s, in->t) == ZKP_ERR_RANGE, "%s t=%u bad %d", in->field, in->t, b);
                CHECK_MSG(!memcmp(s, keep, in->t * sizeof *s), "%s t=%u: state changed", in->field, in->t);
            }
    }
    CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute(NULL, 16), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_horizen_goldilocks_permute(NULL, 8), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_horizen_bn254_permute(NULL, 3), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_horizen_bls12_381_permute(NULL, 2), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_horizen_pallas_permute(NULL, 8), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_horizen_vesta_permute(NULL, 3), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_horizen_vesta_permute(NULL, 4), ZKP_ERR_COUNT);
}

/* ---- BabyBear on the vector kernels ------------------------------------------ */

/* want[j] = the portable permutation of each of n states (horizen.c). */
static void bb_expect(uint32_t *want, size_t width, size_t n) {
    for (size_t j = 0; j < n; j++) zkpi_p2h_babybear_run(&zkpi_p2h_babybear[width == 24], want + j * width);
}

static uint32_t bb_rand(void) { /* 0 and p - 1 a quarter of the time */
    const uint32_t p = ZKP_POSEIDON2_BABYBEAR_P;
    uint32_t r = (uint32_t)th_rand_below(8);
    return r == 0 ? 0 : r == 1 ? p - 1 : (uint32_t)th_rand_below(p);
}

static void bb_kernels_at_level(void *ctx) {
    (void)ctx;
    const size_t counts[] = {1, 2, 7, 8, 9, 15, 16, 17, 33};
    for (size_t width = 16; width <= 24; width += 8) /* fixed set: 16, 24 */
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            size_t n = counts[c], len = n * width * sizeof(uint32_t);
            th_buf b = th_buf_new(len, 4 * (c % 16)); /* misaligned */
            uint32_t *st = (uint32_t *)(void *)b.p, *want = malloc(len);
            for (size_t i = 0; i < n * width; i++)
                st[i] = c == 0 ? 0 : c == 1 ? ZKP_POSEIDON2_BABYBEAR_P - 1 : bb_rand();
            if (width == k_bb_vector_t && n > 1) /* the known answer inside a batch */
                memcpy(st + (n / 2) * width, k_bb_vector[0], width * sizeof(uint32_t));
            memcpy(want, st, len);
            bb_expect(want, width, n);
            if (width == k_bb_vector_t && n > 1)
                CHECK(!memcmp(want + (n / 2) * width, k_bb_vector[1], width * sizeof(uint32_t)));
            CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(st, width, n), ZKP_OK);
            CHECK_MSG(!memcmp(st, want, len), "horizen babybear t=%zu batch of %zu at %s (%s)", width, n, th_level(),
                      zkp_poseidon2_implementation());
            /* one state of them again through the single permutation */
            memcpy(st, want, width * sizeof(uint32_t));
            bb_expect(want, width, 1);
            CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute(st, width), ZKP_OK);
            CHECK_MSG(!memcmp(st, want, width * sizeof(uint32_t)), "horizen babybear t=%zu single at %s (%s)", width,
                      th_level(), zkp_poseidon2_implementation());
            free(want);
            TH_BUF_FREE(b);
        }
    /* the known answers alone, single and as two copies in a batch, and
     * one random state against the oracle */
    uint32_t w[24], w2[48];
    memcpy(w, k_bb_vector[0], sizeof w);
    CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute(w, k_bb_vector_t), ZKP_OK);
    CHECK_MSG(!memcmp(w, k_bb_vector[1], k_bb_vector_t * sizeof(uint32_t)), "babybear vector at %s", th_level());
    for (unsigned r = 0; r < k_bb_nrec; r++) {
        size_t t = k_bb_rec_t[r], bytes = t * sizeof(uint32_t);
        memcpy(w, k_bb_rec[r][0], bytes);
        CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute(w, t), ZKP_OK);
        CHECK_MSG(!memcmp(w, k_bb_rec[r][1], bytes), "third-party babybear record %u single at %s", r, th_level());
        memcpy(w2, k_bb_rec[r][0], bytes);
        memcpy(w2 + t, k_bb_rec[r][0], bytes);
        CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(w2, t, 2), ZKP_OK);
        CHECK_MSG(!memcmp(w2, k_bb_rec[r][1], bytes) && !memcmp(w2 + t, k_bb_rec[r][1], bytes),
                  "third-party babybear record %u batch at %s", r, th_level());
    }
    for (int k = 0; k < 2; k++) { /* fixed set: the two widths */
        const inst *in = &k_inst[k];
        u256 o[24];
        for (unsigned i = 0; i < in->t; i++) o[i] = o_small(w[i] = bb_rand());
        oracle(in, o);
        CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(w, in->t, 1), ZKP_OK);
        for (unsigned i = 0; i < in->t; i++) CHECK_EQ_U64(w[i], o[i].v[0]);
    }
}

static void test_babybear_kernels(void) {
    th_section("babybear on the vector kernels");
    CHECK_EQ_INT((int)k_bb_vector_t, 24);
    CHECK(!strcmp(k_inst[0].field, "babybear") && k_inst[0].t == 16 && k_inst[1].t == 24);
    th_for_each_cpu_level(bb_kernels_at_level, NULL);
    /* every table entry the machine can run, called directly */
    for (unsigned e = 0; e < zkpi_p2_31_kernel_count; e++) {
        const zkpi_p2_31_kernel *ker = &zkpi_p2_31_kernels[e];
        if (!zkpi_kernel_usable(&ker->info)) continue;
        for (size_t width = 16; width <= 24; width += 8) { /* fixed set: 16, 24 */
            zkpi_p2_inst kin;
            CHECK(zkpi_p2h_babybear_kernel_inst(width, &kin));
            uint32_t st[21 * 24], want[21 * 24];
            for (size_t i = 0; i < 21 * width; i++) st[i] = want[i] = i < width ? (i & 1) * 2013265920u : bb_rand();
            bb_expect(want, width, 21);
            ker->batch(&kin, st, 21);
            CHECK_MSG(!memcmp(st, want, 21 * width * 4), "batch kernel %s, t=%zu", ker->info.name, width);
            if (!ker->single) continue;
            for (size_t i = 0; i < 21 * width; i++) st[i] = want[i] = bb_rand();
            bb_expect(want, width, 21);
            for (size_t j = 0; j < 21; j++) ker->single(&kin, st + j * width);
            CHECK_MSG(!memcmp(st, want, 21 * width * 4), "single kernel %s, t=%zu", ker->info.name, width);
        }
    }
    /* the batch's error contract */
    uint32_t s[3 * 24], keep[3 * 24];
    for (size_t i = 0; i < 3 * 24; i++) s[i] = bb_rand();
    memcpy(keep, s, sizeof s);
    for (size_t w = 0; w <= 32; w++)
        if (w != 16 && w != 24)
            CHECK_MSG(zkp_poseidon2_horizen_babybear_permute_batch(s, w, 3) == ZKP_ERR_COUNT, "width %zu", w);
    CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(NULL, 16, 0), ZKP_OK);
    CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(s, 16, 0), ZKP_OK);
    CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(NULL, 24, 2), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(s, 16, (size_t)PTRDIFF_MAX / 32), ZKP_ERR_LENGTH);
    const uint32_t bad[3] = {ZKP_POSEIDON2_BABYBEAR_P, ZKP_POSEIDON2_BABYBEAR_P + 1, 0xffffffffu};
    for (int k = 0; k < 3; k++) { /* fixed set: p, p + 1, 2^32 - 1 in the last state's last lane */
        s[3 * 24 - 1] = bad[k];
        memcpy(keep, s, sizeof s);
        CHECK_EQ_INT(zkp_poseidon2_horizen_babybear_permute_batch(s, 24, 3), ZKP_ERR_RANGE);
        CHECK(!memcmp(s, keep, sizeof s));
    }
    CHECK(!memcmp(s, keep, sizeof s));
}

int main(void) {
    th_init("test_poseidon2_horizen");
    setup();
    test_field255();
    test_vectors();
    test_third_party();
    test_plonky3_hl();
    test_oracle();
    test_errors();
    test_babybear_kernels();
    return th_finish();
}
