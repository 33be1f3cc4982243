/*
 * 31-bit Montgomery fields as a one-lane "vector" (V = uint32_t): the names
 * of monty31_vec.h over the scalar layer monty31.h, so a template written
 * for the packed layers also builds the portable kernel.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_X1_H
#define ZKPRIM_FIELD31_MONTY31_X1_H

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

#endif
