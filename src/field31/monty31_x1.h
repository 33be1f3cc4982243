/*
 * 31-bit Montgomery fields as a one-lane "vector" (V = uint32_t): the names
 * of monty31_vec.h over the scalar layer monty31.h, so a template written
 * for the packed layers also builds the portable kernel.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_X1_H
#define ZKPRIM_FIELD31_MONTY31_X1_H

#include "core/verify.h"
#include "field31/monty31.h"

#define V uint32_t
#define V_LANES 1
#define V_SET1(x) ((uint32_t)(x))
#define V_LOADU(ptr) (*(const uint32_t *)(ptr))
#define V_STOREU(ptr, v) (*(uint32_t *)(ptr) = (v))
#define V_ADD32(a, b) ((uint32_t)((a) + (b)))
#define V_SUB32(a, b) ((uint32_t)((a) - (b)))
#define V_AND(a, b) ((uint32_t)((a) & (b)))
#define V_SRL32(a, k) ((uint32_t)((a) >> (k)))
#define V_SLL32(a, k) ((uint32_t)((a) << (k)))

typedef struct f31v_field {
    uint32_t p, pinv;
} f31v_field;

static inline f31v_field f31v_field_of(uint32_t p, uint32_t pinv) {
    f31v_field f = {p, pinv};
    return f;
}
ZKP_INLINE uint32_t f31v_add(uint32_t a, uint32_t b, const f31v_field *f) { return zkpi_f31_add(a, b, f->p); }
ZKP_INLINE uint32_t f31v_sub(uint32_t a, uint32_t b, const f31v_field *f) { return zkpi_f31_sub(a, b, f->p); }
ZKP_INLINE uint32_t f31v_mul(uint32_t a, uint32_t b, const f31v_field *f) {
    return zkpi_f31_mul(a, b, f->p, f->pinv);
}

/* monty31_vec.h's lazy product on one lane (the bounds are written there):
 * a, b signed with |a|, |b| <= p, result a b / 2^32 mod p in (-p, p) as a
 * signed 32-bit value; f31v_canon takes it to [0, p). */
ZKP_INLINE int64_t f31v_signed(uint32_t a) { return (int64_t)a - ((int64_t)(a >> 31) << 32); }
ZKP_INLINE uint32_t f31v_mul_lazy(uint32_t a, uint32_t b, const f31v_field *f) {
    ZKP_VERIFY_CHECK(f31v_signed(a) <= f->p && -f31v_signed(a) <= f->p, "f31v_mul_lazy a in [-p, p]");
    ZKP_VERIFY_CHECK(f31v_signed(b) <= f->p && -f31v_signed(b) <= f->p, "f31v_mul_lazy b in [-p, p]");
    int64_t t = f31v_signed(a) * f31v_signed(b);
    uint32_t q = (uint32_t)t * f->pinv;
    uint32_t d = (uint32_t)((uint64_t)(t - f31v_signed(q) * (int64_t)f->p) >> 32);
    ZKP_VERIFY_CHECK(f31v_signed(d) < f->p && -f31v_signed(d) < f->p, "f31v_mul_lazy result in (-p, p)");
    return d;
}
ZKP_INLINE uint32_t f31v_canon(uint32_t d, const f31v_field *f) { return d + (f->p & zkpi_f31_mask(d >> 31)); }

#endif
