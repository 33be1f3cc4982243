/* Entry and output of the bare-metal guests (guest.h): no C library start
 * files, the stack is the one the loader set up, results leave through the
 * Linux write/exit syscalls (numbers 64 and 93 on rv32 and rv64 alike). */
#include "guest.h"

void _start(void);

static long syscall3(long nr, long a, long b, long c) {
    register long a0 __asm__("a0") = a;
    register long a1 __asm__("a1") = b;
    register long a2 __asm__("a2") = c;
    register long a7 __asm__("a7") = nr;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}

void guest_write(const char *s, size_t n) { (void)syscall3(64, 1, (long)s, (long)n); }

void guest_puts(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    guest_write(s, n);
    guest_write("\n", 1);
}

void _start(void) {
    int rc = guest_main();
    for (;;) (void)syscall3(93, rc, 0, 0);
}
