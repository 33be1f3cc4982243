/* Node-run anchor rows (node_anchor.h): finding tests/js, starting the
 * helper on two pipes, and the timed round trip. */
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
#include "node_anchor.h"

typedef struct {
    pid_t pid;
    FILE *to, *from;
    const char *package;
} node_ctx;

static char *join(const char *a, const char *b) {
    size_t n = strlen(a) + strlen(b) + 1;
    char *r = malloc(n);
    if (r) snprintf(r, n, "%s%s", a, b);
    return r;
}

static int has_package(const char *dir, const char *package) {
    size_t n = strlen(dir) + strlen(package) + 32;
    char *probe = malloc(n);
    if (!probe) return 0;
    snprintf(probe, n, "%s/node_modules/%s/package.json", dir, package);
    int ok = access(probe, R_OK) == 0;
    free(probe);
    return ok;
}

/* tests/js with the package installed (malloc'd), or NULL: $ZKPRIM_JS_DIR,
 * or found from the binary's location (build dir inside the tree) or the
 * working directory. */
static char *js_dir(const char *package) {
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
    char *found = NULL;
    for (int i = 0; i < 4; i++) {
        if (!found && cand[i] && cand[i][0] && has_package(cand[i], package)) found = cand[i];
        else free(cand[i]);
    }
    return found;
}

static const char *stand_in(const node_anchor_spec *spec) {
    const char *helper = spec->helper_env ? getenv(spec->helper_env) : NULL;
    return helper && *helper ? helper : NULL;
}

/* In the child: `node <dir>/<script> arg`, or the stand-in helper. */
static void exec_helper(const node_anchor_spec *spec, const char *dir, const char *arg) {
    const char *helper = stand_in(spec);
    if (helper) {
        execl(helper, helper, arg, (char *)NULL);
        _exit(127);
    }
    char script[PATH_MAX + 128];
    snprintf(script, sizeof script, "%s/%s", dir ? dir : ".", spec->script);
    execlp("node", "node", script, arg, (char *)NULL);
    _exit(127);
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

static void *unavailable(const char *fmt, const char *package) {
    char why[160];
    snprintf(why, sizeof why, fmt, package);
    return bench_unavailable(why);
}

void *node_anchor_start(const node_anchor_spec *spec, const char *arg) {
    char *dir = stand_in(spec) ? NULL : js_dir(spec->package);
    if (!stand_in(spec) && !dir)
        return unavailable("%s not found (npm ci in tests/js, or set ZKPRIM_JS_DIR)", spec->package);
    int in[2], out[2];
    if (pipe(in)) {
        free(dir);
        return unavailable("cannot start the %s helper (pipe)", spec->package);
    }
    if (pipe(out)) {
        close(in[0]);
        close(in[1]);
        free(dir);
        return unavailable("cannot start the %s helper (pipe)", spec->package);
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        exec_helper(spec, dir, arg);
    }
    free(dir);
    close(in[0]);
    close(out[1]);
    node_ctx *c = calloc(1, sizeof *c);
    if (pid < 0 || !c) {
        close(in[1]);
        close(out[0]);
        free(c);
        return unavailable("cannot start the %s helper (fork)", spec->package);
    }
    c->pid = pid;
    c->package = spec->package;
    c->to = fdopen(in[1], "w");
    c->from = fdopen(out[0], "r");
    if (!c->to || !c->from || !expect_line(c->from, "ready")) {
        node_close(c);
        return unavailable("the %s helper did not start (node or the package missing, or it exited)", spec->package);
    }
    return c;
}

void node_anchor_run(void *ctx, uint64_t iters) {
    node_ctx *c = ctx;
    if (!send_line(c->to, (unsigned long long)iters) || !expect_line(c->from, "ok")) {
        char why[160];
        snprintf(why, sizeof why, "the %s helper exited while timed", c->package);
        bench_fail(why);
    }
}

void node_anchor_teardown(void *ctx) { node_close(ctx); }
