/* zkprim info: what the library sees on this machine and which kernels run. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cmd_info(int argc, char **argv) {
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: zkprim info\n\nPrints the library version, the CPU, the features detected, the\n"
               "features kernels may use (after ZKPRIM_CPU), and the kernel chosen\nfor each primitive.\n" CLI_EXIT_HELP);
        return 0;
    }
    if (argc > 1) return cli_usage_error("info", "unexpected argument '%s'", argv[1]);
    char buf[256];
    const char *env = getenv("ZKPRIM_CPU");
    printf("zkprim %s\n", zkp_version());
    printf("cpu:       %s\n", zkp_cpu_model());
    printf("detected:  %s\n", zkp_cpu_mask_string(zkp_cpu_detected(), buf, sizeof buf));
    printf("active:    %s%s%s%s\n", zkp_cpu_mask_string(zkp_cpu_active(), buf, sizeof buf),
           env ? " (ZKPRIM_CPU=" : "", env ? env : "", env ? ")" : "");
    printf("kernels:\n");
    for (size_t i = 0; i < cli_primitive_count; i++)
        printf("  %-28s %s\n", cli_primitives[i].name, cli_primitives[i].implementation());
    return 0;
}
