/* Planted cases that need an instruction set's flags (tests/verify/
 * planted_<isa>.c); each returns 77 when its kernel is not built or the CPU
 * lacks it, and otherwise must abort in a verification check. */
#ifndef ZKPRIM_TESTS_VERIFY_PLANTED_H
#define ZKPRIM_TESTS_VERIFY_PLANTED_H

int verify_planted_gl_avx2(void);
int verify_planted_gl_avx512(void);

#endif
