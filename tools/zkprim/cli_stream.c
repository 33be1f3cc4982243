/*
 * Reading an input in blocks for the streaming commands (`zkprim tree`,
 * `zkprim hash`), with a progress line on standard error: bytes done, rate
 * and time left when the size is known (a regular file), drawn at most five
 * times a second and only once the run has lasted half a second, so small
 * inputs never show it.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define AUTO_MIN_BYTES ((uint64_t)64 << 20) /* auto mode: inputs from 64 MiB (or of unknown size) */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int cli_progress_option(const char *arg, int *mode) {
    if (!strcmp(arg, "--progress")) *mode = CLI_PROGRESS_ON;
    else if (!strcmp(arg, "--no-progress")) *mode = CLI_PROGRESS_OFF;
    else return 0;
    return 1;
}

void cli_progress_start(cli_progress *p, int mode, const char *name, FILE *f) {
    struct stat sb;
    memset(p, 0, sizeof *p);
    p->name = name;
    if (f && fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode)) p->total = (uint64_t)sb.st_size;
    if (mode == CLI_PROGRESS_AUTO) p->on = isatty(STDERR_FILENO) && (p->total == 0 || p->total >= AUTO_MIN_BYTES);
    else p->on = mode == CLI_PROGRESS_ON;
    p->start = p->last = now_s();
}

static void human(char *out, size_t cap, double b) {
    const char *unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (b >= 1024 && u < 4) b /= 1024, u++;
    snprintf(out, cap, u ? "%.1f %s" : "%.0f %s", b, unit[u]);
}

static void draw(cli_progress *p, double t) {
    char done[32], total[32], line[160];
    double secs = t - p->start, rate = secs > 0 ? p->done / secs : 0;
    human(done, sizeof done, (double)p->done);
    if (p->total) {
        human(total, sizeof total, (double)p->total);
        double left = rate > 0 && p->total > p->done ? (p->total - p->done) / rate : 0;
        unsigned eta = (unsigned)(left + 0.5);
        snprintf(line, sizeof line, "%s: %s / %s  %3.0f%%  %.0f MB/s  ETA %u:%02u:%02u", p->name, done, total,
                 100.0 * (double)p->done / (double)p->total, rate / 1e6, eta / 3600, eta / 60 % 60, eta % 60);
    } else {
        snprintf(line, sizeof line, "%s: %s  %.0f MB/s", p->name, done, rate / 1e6);
    }
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
    p->drawn = 1;
}

void cli_progress_add(cli_progress *p, size_t n) {
    p->done += n;
    if (!p->on) return;
    double t = now_s();
    if (t - p->start < 0.5 || t - p->last < 0.2) return;
    p->last = t;
    draw(p, t);
}

void cli_progress_end(cli_progress *p) {
    if (p->drawn) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
}

size_t cli_stream_block(unsigned threads) {
    return threads > 1 ? (size_t)(threads > 4 ? 4 : threads) << 23 : (size_t)1 << 20;
}

int cli_stream_file(const char *cmd, const char *path, size_t block, int progress,
                    zkp_status (*feed)(void *ctx, const uint8_t *data, size_t len), void *ctx) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "zkprim %s: %s: %s\n", cmd, path, strerror(errno));
        return 1;
    }
    uint8_t *buf = malloc(block);
    if (!buf) {
        if (f != stdin) fclose(f);
        fprintf(stderr, "zkprim %s: out of memory\n", cmd);
        return 1;
    }
    cli_progress p;
    cli_progress_start(&p, progress, path, f);
    zkp_status st = ZKP_OK;
    size_t r;
    while (st == ZKP_OK && (r = fread(buf, 1, block, f)) > 0) {
        st = feed(ctx, buf, r);
        cli_progress_add(&p, r);
    }
    const int err = ferror(f) ? errno : 0; /* a directory opens, then fails to read (EISDIR) */
    cli_progress_end(&p);
    if (f != stdin) fclose(f);
    free(buf);
    if (err) {
        fprintf(stderr, "zkprim %s: %s: %s\n", cmd, path, strerror(err));
        return 1;
    }
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim %s: %s: %s\n", cmd, path, zkp_status_str(st));
        return 1;
    }
    return 0;
}
