/* Poseidon (BN254, circom) benchmarks: the Montgomery product and square of
 * each kernel (throughput: four independent chains; "-call" through the
 * kernel's function pointer, "-inline" inlined in the kernel's loop), the hash per width
 * through the public API, hash_many of width 3, a Merkle root, and
 * circomlibjs 0.1.7 (WASM, node) as anchor rows of the same run. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "poseidon/internal.h"
#include "zkprim/poseidon.h"

static void make_canonical(zkp_poseidon_fr *x, size_t n, uint64_t seed) {
    bench_fill(x, n * sizeof *x, seed);
    for (size_t i = 0; i < n; i++) x[i].limb[3] &= 0x0fffffffffffffffull; /* < 2^252 < p */
}

/* ---- field products, per kernel --------------------------------------------- */

typedef struct {
    const zkp_poseidon_ops *ops;
    const char *name;
    zkp_fr a[4], b;
} fr_ctx;

/* A kernel that cannot run here gives an unavailable row (the bmi2 rows
 * used to time portable under the bmi2 name). */
static void *fr_setup_kernel(const char *want) {
    const zkp_poseidon_kernel *k = NULL;
    for (size_t i = 0; i < zkpi_poseidon_kernel_count; i++)
        if (strcmp(zkpi_poseidon_kernels[i].info.name, want) == 0) k = &zkpi_poseidon_kernels[i];
    if (!bench_need_kernel(k ? &k->info : NULL)) return BENCH_SKIP;
    fr_ctx *c = calloc(1, sizeof *c);
    c->ops = k->ops;
    c->name = k->info.name;
    return c;
}
static void *fr_setup_portable(void) { return fr_setup_kernel("portable"); }
static void *fr_setup_bmi2(void) { return fr_setup_kernel("bmi2"); }
static const char *kname_portable(void) { return "portable"; }
static const char *kname_bmi2(void) { return "bmi2"; }

static void fr_fresh(void *ctx, uint64_t seed) {
    fr_ctx *c = ctx;
    zkp_poseidon_fr x[5];
    make_canonical(x, 5, seed);
    for (int i = 0; i < 4; i++) memcpy(c->a[i].v, x[i].limb, 32);
    memcpy(c->b.v, x[4].limb, 32);
}

/* One op = one product; four independent chains so the number is throughput. */
static void run_mul(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += 4) {
        c->ops->mul(&c->a[0], &c->a[0], &c->b);
        c->ops->mul(&c->a[1], &c->a[1], &c->b);
        c->ops->mul(&c->a[2], &c->a[2], &c->b);
        c->ops->mul(&c->a[3], &c->a[3], &c->b);
    }
    bench_sink(c->a, sizeof c->a);
}
static void run_sqr(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += 4) {
        c->ops->sqr(&c->a[0], &c->a[0]);
        c->ops->sqr(&c->a[1], &c->a[1]);
        c->ops->sqr(&c->a[2], &c->a[2]);
        c->ops->sqr(&c->a[3], &c->a[3]);
    }
    bench_sink(c->a, sizeof c->a);
}

/* The same with the product inlined in the kernel's loop (no call per
 * product): the Montgomery product's own throughput. */
static void run_mul_inline(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
#if ZKP_HAVE_BMI2
    if (strcmp(c->name, "bmi2") == 0) zkpi_poseidon_mul_chains_bmi2(c->a, &c->b, iters, 0);
    else
#endif
        zkpi_poseidon_mul_chains_portable(c->a, &c->b, iters, 0);
    bench_sink(c->a, sizeof c->a);
}
static void run_sqr_inline(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
#if ZKP_HAVE_BMI2
    if (strcmp(c->name, "bmi2") == 0) zkpi_poseidon_mul_chains_bmi2(c->a, &c->b, iters, 1);
    else
#endif
        zkpi_poseidon_mul_chains_portable(c->a, &c->b, iters, 1);
    bench_sink(c->a, sizeof c->a);
}

/* ---- hashes ----------------------------------------------------------------- */

#define MANY 64

typedef struct {
    size_t n;
    zkp_poseidon_fr in[MANY * 16], out[MANY];
} hash_ctx;

static void *hash_setup(size_t n) {
    hash_ctx *c = calloc(1, sizeof *c);
    c->n = n;
    return c;
}
static void hash_fresh(void *ctx, uint64_t seed) {
    hash_ctx *c = ctx;
    make_canonical(c->in, MANY * c->n, seed);
}
static void run_hash(void *ctx, uint64_t iters) {
    hash_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        BENCH_CHECK(zkp_poseidon_hash(c->in, c->n, &c->out[0]));
        c->in[0] = c->out[0]; /* chain: every hash sees new inputs */
    }
    bench_sink(c->out, sizeof c->out[0]);
}
/* One op = one hash, in groups of up to MANY through hash_many (exactly
 * `iters` hashes: rounding up to whole groups overstated the time per hash
 * by up to 23% for slow widths, whose batches hold few hundred hashes). */
static void run_many(void *ctx, uint64_t iters) {
    hash_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += MANY) {
        const size_t m = iters - i < MANY ? (size_t)(iters - i) : MANY;
        BENCH_CHECK(zkp_poseidon_hash_batch(c->in, c->n, m, c->out));
        c->in[0] = c->out[m - 1];
    }
    bench_sink(c->out, sizeof c->out);
}
/* One op = one 2-to-1 node (a 64-leaf tree has 63). */
static void run_merkle(void *ctx, uint64_t iters) {
    hash_ctx *c = ctx;
    zkp_poseidon_fr root;
    /* Exactly iters node hashes: whole 64-leaf trees (63 nodes each), then
     * the remainder as smaller trees (2^k leaves, 2^k - 1 nodes; the
     * 2-leaf tree is one node, so any remainder is reached). */
    for (uint64_t left = iters; left > 0;) {
        size_t leaves = 64;
        while ((uint64_t)leaves - 1 > left) leaves /= 2;
        BENCH_CHECK(zkp_poseidon_tree_root(c->in, leaves, &root));
        c->in[0] = root;
        left -= leaves - 1;
    }
    bench_sink(&root, sizeof root);
}

#define HASH_SETUP(N) \
    static void *hash_setup_##N(void) { return hash_setup(N); }
HASH_SETUP(1) HASH_SETUP(2) HASH_SETUP(4) HASH_SETUP(12) HASH_SETUP(16)

static const char *kname_active(void) { return zkp_poseidon_implementation(); }

/* ---- anchor: circomlibjs through node ------------------------------------------- */

typedef struct {
    pid_t pid;
    FILE *to, *from;
} node_ctx;

/* tests/js with circomlibjs installed: $ZKPRIM_JS_DIR, or found from the
 * binary's location (build dir inside the tree) or the working directory. */
static int has_circomlibjs(const char *dir) {
    size_t n = strlen(dir) + 64;
    char *probe = malloc(n);
    if (!probe) return 0;
    snprintf(probe, n, "%s/node_modules/circomlibjs/package.json", dir);
    int ok = access(probe, R_OK) == 0;
    free(probe);
    return ok;
}

static char *join(const char *a, const char *b) {
    size_t n = strlen(a) + strlen(b) + 1;
    char *r = malloc(n);
    if (r) snprintf(r, n, "%s%s", a, b);
    return r;
}

static const char *js_dir(void) {
    static char *found;
    static int done;
    if (done) return found;
    done = 1;
    char exe[PATH_MAX] = "";
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
    }
    const char *env = getenv("ZKPRIM_JS_DIR");
    char *cand[4] = {env ? join(env, "") : NULL, join(exe, "/../tests/js"), join(exe, "/../../tests/js"),
                     join("tests/js", "")};
    for (int i = 0; i < 4; i++) {
        if (!found && cand[i] && cand[i][0] && has_circomlibjs(cand[i])) found = cand[i];
        else free(cand[i]);
    }
    return found;
}

/* The helper runs as `node tests/js/poseidon_bench.js N`, or as
 * `$ZKPRIM_CIRCOMLIBJS_HELPER N` (any program speaking the same protocol:
 * "ready", then "ok" per iteration count read) so tests can stand in a
 * failing one. */
static void exec_helper(const char *n_inputs) {
    const char *helper = getenv("ZKPRIM_CIRCOMLIBJS_HELPER");
    if (helper && *helper) {
        execl(helper, helper, n_inputs, (char *)NULL);
        _exit(127);
    }
    const char *dir = js_dir();
    char script[PATH_MAX + 128];
    snprintf(script, sizeof script, "%s/poseidon_bench.js", dir ? dir : ".");
    execlp("node", "node", script, n_inputs, (char *)NULL);
    _exit(127);
}

static int helper_configured(void) {
    const char *helper = getenv("ZKPRIM_CIRCOMLIBJS_HELPER");
    return (helper && *helper) || js_dir();
}

/* The helper is written to with SIGPIPE ignored: a helper that died must
 * make the write fail (and the row unavailable), not kill zkprim mid-output. */
static void sigpipe_ignore(struct sigaction *old) {
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, old);
}

static int send_line(FILE *to, unsigned long long v) {
    struct sigaction old;
    sigpipe_ignore(&old);
    int ok = fprintf(to, "%llu\n", v) > 0 && fflush(to) == 0;
    sigaction(SIGPIPE, &old, NULL);
    return ok;
}

static void node_close(node_ctx *c) {
    struct sigaction old;
    sigpipe_ignore(&old); /* fclose flushes what a failed write left */
    if (c->to) fclose(c->to); /* EOF: the helper exits */
    sigaction(SIGPIPE, &old, NULL);
    if (c->from) fclose(c->from);
    waitpid(c->pid, NULL, 0);
    free(c);
}

static int expect_line(FILE *from, const char *want) {
    char line[64];
    return fgets(line, sizeof line, from) && strncmp(line, want, strlen(want)) == 0;
}

static void *node_start(const char *n_inputs) {
    if (!helper_configured())
        return bench_unavailable("circomlibjs not found (npm ci in tests/js, or set ZKPRIM_JS_DIR)");
    int in[2], out[2];
    if (pipe(in)) return bench_unavailable("cannot start the circomlibjs helper (pipe)");
    if (pipe(out)) {
        close(in[0]);
        close(in[1]);
        return bench_unavailable("cannot start the circomlibjs helper (pipe)");
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        exec_helper(n_inputs);
    }
    close(in[0]);
    close(out[1]);
    node_ctx *c = calloc(1, sizeof *c);
    if (pid < 0 || !c) {
        close(in[1]);
        close(out[0]);
        free(c);
        return bench_unavailable("cannot start the circomlibjs helper (fork)");
    }
    c->pid = pid;
    c->to = fdopen(in[1], "w");
    c->from = fdopen(out[0], "r");
    if (!c->to || !c->from || !expect_line(c->from, "ready")) {
        node_close(c);
        return bench_unavailable("the circomlibjs helper did not start (node or circomlibjs missing, or it exited)");
    }
    return c;
}

static void run_node(void *ctx, uint64_t iters) {
    node_ctx *c = ctx;
    if (!send_line(c->to, (unsigned long long)iters) || !expect_line(c->from, "ok"))
        bench_fail("the circomlibjs helper exited while timed");
}

static void node_teardown(void *ctx) { node_close(ctx); }

static const char *kname_node(void) { return "circomlibjs"; }

#define NODE_SETUP(N) \
    static void *node_setup_##N(void) { return node_start(#N); }
NODE_SETUP(1) NODE_SETUP(2) NODE_SETUP(4) NODE_SETUP(12) NODE_SETUP(16)

static const bench_case k_cases[] = {
    {"poseidon/fr-mul-call/portable", "field", 0, fr_setup_portable, fr_fresh, run_mul, free, kname_portable},
    {"poseidon/fr-mul-call/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_mul, free, kname_bmi2},
    {"poseidon/fr-mul-inline/portable", "field", 0, fr_setup_portable, fr_fresh, run_mul_inline, free, kname_portable},
    {"poseidon/fr-mul-inline/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_mul_inline, free, kname_bmi2},
    {"poseidon/fr-sqr-call/portable", "field", 0, fr_setup_portable, fr_fresh, run_sqr, free, kname_portable},
    {"poseidon/fr-sqr-call/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_sqr, free, kname_bmi2},
    {"poseidon/fr-sqr-inline/portable", "field", 0, fr_setup_portable, fr_fresh, run_sqr_inline, free, kname_portable},
    {"poseidon/fr-sqr-inline/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_sqr_inline, free, kname_bmi2},
    {"poseidon/hash/t2", "hash", 0, hash_setup_1, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t3", "hash", 0, hash_setup_2, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t5", "hash", 0, hash_setup_4, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t13", "hash", 0, hash_setup_12, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t17", "hash", 0, hash_setup_16, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash-many/t3", "hash", 0, hash_setup_2, hash_fresh, run_many, free, kname_active},
    {"poseidon/hash-many/t13", "hash", 0, hash_setup_12, hash_fresh, run_many, free, kname_active},
    {"poseidon/merkle-node/64-leaves", "hash", 0, hash_setup_2, hash_fresh, run_merkle, free, kname_active},
    {"poseidon/anchor-circomlibjs-wasm/t2", "anchor", 0, node_setup_1, NULL, run_node, node_teardown, kname_node},
    {"poseidon/anchor-circomlibjs-wasm/t3", "anchor", 0, node_setup_2, NULL, run_node, node_teardown, kname_node},
    {"poseidon/anchor-circomlibjs-wasm/t5", "anchor", 0, node_setup_4, NULL, run_node, node_teardown, kname_node},
    {"poseidon/anchor-circomlibjs-wasm/t13", "anchor", 0, node_setup_12, NULL, run_node, node_teardown, kname_node},
    {"poseidon/anchor-circomlibjs-wasm/t17", "anchor", 0, node_setup_16, NULL, run_node, node_teardown, kname_node},
};

const bench_module bench_module_poseidon = {"poseidon", k_cases, sizeof k_cases / sizeof k_cases[0]};
