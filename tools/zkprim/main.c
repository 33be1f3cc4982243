/* zkprim: command-line front end. One file per subcommand (cmd_*.c). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const cli_command k_commands[] = {
    {"info", cmd_info, "CPU features seen and the kernel each primitive uses"},
    {"bench", cmd_bench, "benchmarks (median of timed batches); 'bench compare A B' for A/B tests"},
    {"hash", cmd_hash, "hash files or stdin (sha3sum / b3sum style)"},
    {"tree", cmd_tree, "Merkle root of a file"},
    {"field-bench", cmd_field_bench, "binary-field benchmarks: fixed-base powers, multiplications, window sweeps"},
    {"poseidon", cmd_poseidon, "circom Poseidon (BN254) hash of field elements, as circomlibjs prints it"},
    {"poseidon2", cmd_poseidon2, "Poseidon2 (BN254 as Noir, BabyBear / KoalaBear as Plonky3) of field elements"},
};

static void usage(FILE *f) {
    fprintf(f, "usage: zkprim <command> [options]   (zkprim <command> --help for details)\n\ncommands:\n");
    for (size_t i = 0; i < sizeof k_commands / sizeof k_commands[0]; i++)
        fprintf(f, "  %-12s %s\n", k_commands[i].name, k_commands[i].summary);
    fprintf(f, "\nenvironment:\n  ZKPRIM_CPU=native|portable|bmi2|pclmul|avx2|avx512|neon|sha3  restrict the kernels used\n");
    fputs(CLI_EXIT_HELP, f);
    fprintf(f, "Every command keeps to it.\n");
}

static int run(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("zkprim %s\n", zkp_version());
        return 0;
    }
    for (size_t i = 0; i < sizeof k_commands / sizeof k_commands[0]; i++) {
        if (strcmp(argv[1], k_commands[i].name) == 0) {
            if (cli_check_cpu_env()) return 2;
            return k_commands[i].run(argc - 1, argv + 1);
        }
    }
    fprintf(stderr, "zkprim: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return 2;
}

int main(int argc, char **argv) {
    const int rc = run(argc, argv);
    /* Output lost to a full disk or a closed pipe is an I/O error (exit 1),
     * not a success: the buffered tail is only written here. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "zkprim: writing standard output: %s\n", strerror(errno));
        return rc ? rc : 1;
    }
    return rc;
}
