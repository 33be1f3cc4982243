/*
 * `zkprim hash -a hemera --trace FILE`: every permutation a Hemera digest
 * needs, as JSON, for people writing or debugging a circuit. The input of
 * each file is hashed through the step-wise sponge (hemera.h), which logs
 * the state entering each permutation (after absorption, the length or the
 * derive-key seed written) and the state leaving it; the digest is the one
 * the plain command prints (the step sponge finishes to the one-shot
 * digest). Limbs are 16 hex digits, as in tests/vectors/hemera.json.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h" /* bench_json_string */
#include "cli.h"
#include "zkprim/hemera.h"

static void put_state(FILE *f, const char *name, const uint64_t st[ZKP_HEMERA_WIDTH]) {
    fprintf(f, "\"%s\": [", name);
    for (int i = 0; i < ZKP_HEMERA_WIDTH; i++) fprintf(f, "%s\"%016llx\"", i ? ", " : "", (unsigned long long)st[i]);
    fputc(']', f);
}

static const char *mode_name(const cli_hash_opts *o) {
    return o->key ? "keyed" : o->context ? "derive-key" : "hash";
}

/* One file's object; prints its digest line on stdout. 0, or 1 on a read error. */
static int trace_one(FILE *f, const cli_hash_opts *o, const char *path, int first) {
    size_t len = 0;
    uint8_t *data = cli_read_all(path, &len);
    if (!data) return 1;
    zkp_hemera_step_sponge sp;
    zkp_status st;
    if (o->key) st = zkp_hemera_step_sponge_init_keyed(&sp, o->key, data, len);
    else if (o->context)
        st = zkp_hemera_step_sponge_init_derive_key(&sp, (const uint8_t *)o->context, strlen(o->context), data, len);
    else st = zkp_hemera_step_sponge_init_hash(&sp, data, len);
    fprintf(f, "%s    {\"file\": ", first ? "" : ",\n");
    bench_json_string(f, path);
    fprintf(f, ", \"length\": %zu, \"permutations\": [", len);
    uint64_t before[ZKP_HEMERA_WIDTH], after[ZKP_HEMERA_WIDTH];
    for (uint64_t k = 0; st == ZKP_OK && zkp_hemera_step_sponge_remaining(&sp); k++) {
        st = zkp_hemera_step_sponge_step(&sp, before, after, NULL);
        if (st != ZKP_OK) break;
        fprintf(f, "%s\n      {", k ? "," : "");
        put_state(f, "input", before);
        fputs(",\n       ", f);
        put_state(f, "output", after);
        fputc('}', f);
    }
    uint8_t digest[ZKP_HEMERA_DIGEST_BYTES];
    if (st == ZKP_OK) st = zkp_hemera_step_sponge_finish(&sp, digest);
    free(data);
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim hash: %s: %s\n", path, zkp_status_name(st));
        fputs("]}", f);
        return 1;
    }
    fputs("],\n     \"digest\": \"", f);
    cli_print_hex(f, digest, sizeof digest);
    fputs("\"}", f);
    cli_print_digest_line(stdout, digest, sizeof digest, path);
    return 0;
}

int cli_hemera_trace(const cli_hash_opts *o, char **files, int nfiles, const char *trace_path) {
    FILE *f = fopen(trace_path, "w");
    if (!f) {
        perror(trace_path);
        return 1;
    }
    int rc = 0;
    fprintf(f, "{\"algorithm\": \"hemera\", \"mode\": \"%s\", \"files\": [\n", mode_name(o));
    for (int i = 0; i < nfiles; i++) rc |= trace_one(f, o, files[i], i == 0);
    fputs("\n]}\n", f);
    if (fclose(f) != 0) {
        perror(trace_path);
        rc = 1;
    }
    return rc;
}
