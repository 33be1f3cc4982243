/* guest.h on a hosted system: counts.c runs natively (under callgrind, for
 * the x86-64 column of scripts/zkvm-counts.sh) with stdio for output. The
 * hook is counts.c's stub; the portable kernels are what is compared. */
#include <stdio.h>

#include "guest.h"

void guest_write(const char *s, size_t n) { fwrite(s, 1, n, stdout); }
void guest_puts(const char *s) { puts(s); }
int main(void) { return guest_main(); }
