/*
 * Driver for the fuzz targets in builds without libFuzzer: runs the target on
 * every file named (directories are walked one level deep), then on random
 * inputs from the test harness's seeded generator (ZKPRIM_TEST_SEED replays
 * a failure; ZKPRIM_TEST_N scales the count). Usage:
 *   fuzz_<name> [--random COUNT] [FILE|DIR ...]
 * A wrong answer aborts inside the target, so the exit status is the verdict.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "harness.h"

static size_t g_files;
const char *fz_current_input;
static char g_random_name[64];

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? 2 * cap : 4096;
            uint8_t *nb = realloc(buf, cap);
            if (!nb) { free(buf); fclose(f); return 1; }
            buf = nb;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    fclose(f);
    fz_current_input = path;
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    g_files++;
    return 0;
}

static int run_path(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "cannot stat %s\n", path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode)) return run_file(path);
    DIR *d = opendir(path);
    if (!d) return 1;
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        rc |= run_file(full);
    }
    closedir(d);
    return rc;
}

int main(int argc, char **argv) {
    th_init(argv[0]);
    uint64_t random_count = 0;
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--random") == 0 && i + 1 < argc) {
            random_count = strtoull(argv[++i], NULL, 10);
            continue;
        }
        rc |= run_path(argv[i]);
    }
    /* Random inputs: mostly short (where the framing bytes matter), some up
     * to 4 KiB (several blocks of every sponge). */
    static uint8_t buf[4096];
    uint64_t n = th_count(random_count);
    for (uint64_t i = 0; i < n; i++) {
        size_t len = (size_t)(th_rand64() % 8 == 0 ? th_rand64() % sizeof buf : th_rand64() % 160);
        th_rand_bytes(buf, len);
        snprintf(g_random_name, sizeof g_random_name, "random input %llu of %zu bytes", (unsigned long long)i, len);
        fz_current_input = g_random_name;
        LLVMFuzzerTestOneInput(buf, len);
    }
    printf("%zu corpus files and %llu random inputs: no failure\n", g_files, (unsigned long long)n);
    CHECK(rc == 0);
    return th_finish();
}
