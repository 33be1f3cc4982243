/* The hook's host stand-in (f1600_soft.c) and its call counter. */
#ifndef ZKPRIM_TESTS_ZKVM_F1600_SOFT_H
#define ZKPRIM_TESTS_ZKVM_F1600_SOFT_H
#include <stdint.h>
#if defined(__riscv) && !defined(__riscv_atomic)
typedef unsigned long zkpi_test_counter;  /* rv32im/rv64im guests: one thread, no A extension */
#else
typedef _Atomic unsigned long zkpi_test_counter;  /* the host suite's threaded trees */
#endif
void zkp_keccakf1600_external(uint64_t st[25]);
extern zkpi_test_counter zkpi_test_external_calls;
#endif
