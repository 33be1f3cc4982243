/* The node helper process of node_anchor.h: a pipe each way, SIGPIPE
 * ignored around writes so a helper that died turns into an unavailable row
 * rather than killing zkprim. */
#define _POSIX_C_SOURCE 200809L
#include "node_anchor.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

typedef struct {
    pid_t pid;
    FILE *to, *from;
} helper;

/* dir + "/" + rest in buf; 1 when it fits. */
static int path_in(char *buf, size_t cap, const char *dir, const char *rest) {
    int n = snprintf(buf, cap, "%s/%s", dir, rest);
    return n > 0 && (size_t)n < cap;
}

static int find_js_dir(const char *package, char *out, size_t cap) {
    char exe[PATH_MAX] = ".";
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
    }
    char up1[PATH_MAX + 16], up2[PATH_MAX + 16], probe[2 * PATH_MAX];
    snprintf(up1, sizeof up1, "%s/../tests/js", exe);
    snprintf(up2, sizeof up2, "%s/../../tests/js", exe);
    const char *dirs[] = {getenv("ZKPRIM_JS_DIR"), up1, up2, "tests/js"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        if (!dirs[i] || !*dirs[i]) continue;
        char rest[PATH_MAX];
        snprintf(rest, sizeof rest, "node_modules/%s/package.json", package);
        if (path_in(probe, sizeof probe, dirs[i], rest) && access(probe, R_OK) == 0 && strlen(dirs[i]) < cap) {
            strcpy(out, dirs[i]);
            return 1;
        }
    }
    return 0;
}

static int write_count(FILE *to, uint64_t v) {
    struct sigaction ign, old;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old);
    int ok = fprintf(to, "%llu\n", (unsigned long long)v) > 0 && fflush(to) == 0;
    sigaction(SIGPIPE, &old, NULL);
    return ok;
}

static int read_word(FILE *from, const char *word) {
    char line[64];
    return fgets(line, sizeof line, from) != NULL && strncmp(line, word, strlen(word)) == 0;
}

void node_anchor_stop(void *ctx) {
    helper *h = ctx;
    struct sigaction ign, old;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old);
    if (h->to) fclose(h->to); /* EOF ends the helper */
    sigaction(SIGPIPE, &old, NULL);
    if (h->from) fclose(h->from);
    if (h->pid > 0) waitpid(h->pid, NULL, 0);
    free(h);
}

void *node_anchor_start(const char *script, const char *package, const char *arg) {
    static char why[160];
    char dir[PATH_MAX], path[2 * PATH_MAX];
    if (!find_js_dir(package, dir, sizeof dir)) {
        snprintf(why, sizeof why, "%s not found (npm ci --prefix tests/js, or set ZKPRIM_JS_DIR)", package);
        return bench_unavailable(why);
    }
    if (!path_in(path, sizeof path, dir, script)) return bench_unavailable("helper path too long");
    int down[2], up[2];
    if (pipe(down)) return bench_unavailable("cannot start the node helper (pipe)");
    if (pipe(up)) {
        close(down[0]), close(down[1]);
        return bench_unavailable("cannot start the node helper (pipe)");
    }
    helper *h = calloc(1, sizeof *h);
    pid_t pid = h ? fork() : -1;
    if (pid == 0) {
        dup2(down[0], 0), dup2(up[1], 1);
        close(down[0]), close(down[1]), close(up[0]), close(up[1]);
        execlp("node", "node", path, arg, (char *)NULL);
        _exit(127);
    }
    close(down[0]), close(up[1]);
    if (pid < 0) {
        close(down[1]), close(up[0]);
        free(h);
        return bench_unavailable("cannot start the node helper (fork)");
    }
    h->pid = pid;
    h->to = fdopen(down[1], "w");
    h->from = fdopen(up[0], "r");
    if (!h->to || !h->from || !read_word(h->from, "ready")) {
        node_anchor_stop(h);
        snprintf(why, sizeof why, "the node helper %s did not start (node missing, or it exited)", script);
        return bench_unavailable(why);
    }
    return h;
}

void node_anchor_run(void *ctx, uint64_t iters) {
    helper *h = ctx;
    if (!write_count(h->to, iters) || !read_word(h->from, "ok")) bench_fail("the node helper exited while timed");
}
