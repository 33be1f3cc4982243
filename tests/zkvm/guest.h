/* The bare-metal guest programs' entry and I/O (guest_start.c): the Linux
 * user-mode syscall ABI, so qemu-riscv64 / qemu-riscv32 run them as they are;
 * a zkVM guest would put its own entry and output here. */
#ifndef ZKPRIM_TESTS_ZKVM_GUEST_H
#define ZKPRIM_TESTS_ZKVM_GUEST_H
#include <stddef.h>
int guest_main(void);
void guest_write(const char *s, size_t n);
void guest_puts(const char *s);  /* s and a newline */
#endif
