/*
 * The multiproof text format (multiproof_text.h): one writer and one reader
 * for the Hemera, Keccak / SHA3 and Poseidon trees' multiproofs.
 */
#include "multiproof_text.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_OPEN 65536

static const struct {
    unsigned bit;
    const char *key;
} k_fields[] = {{CLI_MP_LENGTH, "length"}, {CLI_MP_LEAF_SIZE, "leaf-size"}, {CLI_MP_LEAVES, "leaves"}};

static uint64_t *field(cli_mproof *m, unsigned bit) {
    return bit == CLI_MP_LENGTH ? &m->length : bit == CLI_MP_LEAF_SIZE ? &m->leaf_size : &m->leaves;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int cli_tree_multi_indices(const char *s, int sort, uint64_t **idx, size_t *k) {
    uint64_t *v = malloc(MAX_OPEN * sizeof *v);
    size_t n = 0;
    int rc = 0;
    if (!v) return cli_usage_error("tree", "out of memory");
    for (;;) {
        unsigned long x;
        if (n == MAX_OPEN || cli_scan_uint(&s, (unsigned long)-1, &x)) {
            rc = cli_usage_error("tree", "--multi takes leaf indices separated by commas (at most %d)", MAX_OPEN);
            break;
        }
        v[n++] = x;
        if (*s == 0) break;
        if (*s++ != ',') {
            rc = cli_usage_error("tree", "--multi takes leaf indices separated by commas");
            break;
        }
    }
    if (!rc && sort) qsort(v, n, sizeof *v, cmp_u64);
    for (size_t i = 1; !rc && i < n; i++)
        if (v[i] < v[i - 1]) rc = cli_usage_error("tree", "the indices are not in increasing order");
        else if (v[i] == v[i - 1]) rc = cli_usage_error("tree", "--multi lists leaf %llu twice", (unsigned long long)v[i]);
    if (rc) free(v), v = NULL, n = 0;
    *idx = v;
    *k = n;
    return rc;
}

void cli_mproof_print(const cli_mproof *m) {
    printf("zkprim-multiproof 1\nalgorithm %s\n", m->algo);
    for (size_t f = 0; f < sizeof k_fields / sizeof *k_fields; f++)
        if (m->fields & k_fields[f].bit)
            printf("%s %llu\n", k_fields[f].key, (unsigned long long)*field((cli_mproof *)m, k_fields[f].bit));
    printf("indices ");
    for (size_t i = 0; i < m->k; i++) printf("%s%llu", i ? "," : "", (unsigned long long)m->idx[i]);
    printf("\n");
    for (size_t j = 0; j < m->nsib; j++) {
        cli_print_hex(stdout, m->sib + 32 * j, 32);
        printf("\n");
    }
}

/* The next line of *rest (NUL-terminated in place, a "\r" end dropped), or NULL at the end. */
static char *next_line(char **rest) {
    char *s = *rest;
    if (!*s) return NULL;
    char *nl = strchr(s, '\n');
    *rest = nl ? nl + 1 : s + strlen(s);
    if (nl) *nl = 0;
    size_t n = strlen(s);
    if (n && s[n - 1] == '\r') s[n - 1] = 0;
    return s;
}

/* "key N": N decimal digits only, below 2^64. */
static int key_number(const char *line, const char *key, uint64_t *out) {
    const size_t kl = strlen(key);
    unsigned long v;
    const char *p = line + kl + 1;
    if (strncmp(line, key, kl) || line[kl] != ' ' || cli_scan_uint(&p, (unsigned long)-1, &v) || *p) return -1;
    *out = v;
    return 0;
}

static int parse(char *text, const char *const *algos, unsigned fields, cli_mproof *m, char *why, size_t cap) {
    char *rest = text, *line = next_line(&rest);
    size_t no = 1;
    if (!line || strcmp(line, "zkprim-multiproof 1")) return snprintf(why, cap, "not a zkprim multiproof (version 1)"), -1;
    if (!(line = next_line(&rest)) || strncmp(line, "algorithm ", 10)) return snprintf(why, cap, "no algorithm line"), -1;
    no++;
    for (size_t a = 0; algos[a] && !m->algo; a++)
        if (!strcmp(line + 10, algos[a])) m->algo = algos[a];
    if (!m->algo) return snprintf(why, cap, "a multiproof for another algorithm (%.40s) than %s", line + 10, algos[0]), -1;
    for (size_t f = 0; f < sizeof k_fields / sizeof *k_fields; f++) {
        if (!(fields & k_fields[f].bit)) continue;
        no++;
        if (!(line = next_line(&rest)) || key_number(line, k_fields[f].key, field(m, k_fields[f].bit)))
            return snprintf(why, cap, "no '%s N' line", k_fields[f].key), -1;
        m->fields |= k_fields[f].bit;
    }
    no++;
    if (!(line = next_line(&rest)) || strncmp(line, "indices ", 8)) return snprintf(why, cap, "no indices line"), -1;
    if (cli_tree_multi_indices(line + 8, 0, &m->idx, &m->k))
        return snprintf(why, cap, "bad indices line (increasing leaf numbers separated by commas)"), -1;
    m->first_sib_line = no + 1;
    size_t have = 0;
    while ((line = next_line(&rest))) {
        no++;
        if (m->nsib == have) {
            have = have ? 2 * have : 64;
            uint8_t *g = have <= SIZE_MAX / 64 ? realloc(m->sib, 32 * have) : NULL;
            if (!g) return snprintf(why, cap, "out of memory"), -1;
            m->sib = g;
        }
        if (cli_parse_hex(line, m->sib + 32 * m->nsib++, 32))
            return snprintf(why, cap, "line %zu is not a sibling (64 hex digits)", no), -1;
    }
    return 0;
}

int cli_mproof_read(const char *path, const char *const *algos, unsigned fields, cli_mproof *m, char *why,
                    size_t why_cap) {
    memset(m, 0, sizeof *m);
    size_t len;
    uint8_t *raw = cli_read_all(path, &len);
    if (!raw) return 1;
    char *text = realloc(raw, len + 1);
    if (!text) {
        free(raw);
        return snprintf(why, why_cap, "out of memory"), -1;
    }
    text[len] = 0;
    const int rc = strlen(text) != len ? (snprintf(why, why_cap, "a NUL byte: not a text file"), -1)
                                       : parse(text, algos, fields, m, why, why_cap);
    free(text);
    return rc;
}

void cli_mproof_free(cli_mproof *m) {
    free(m->idx);
    free(m->sib);
    m->idx = NULL, m->sib = NULL;
}

int cli_multi_args_parse(int argc, char **argv, int width_ok, cli_multi_args *o) {
    const cli_multi_args zero = {0};
    *o = zero;
    o->prove = !strcmp(argv[1], "prove");
    o->threads = 1;
    o->width = 1;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int rc;
        if (!strcmp(a, "--multi") && o->prove) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--multi needs a list of leaf indices");
            if (o->list) return cli_usage_error("tree", "--multi given twice");
            o->list = argv[++i];
        } else if (!strcmp(a, "--multi")) {
            continue; /* verify: the indices come from the multiproof */
        } else if (!strcmp(a, "--pad")) {
            o->pad = 1;
        } else if (!strcmp(a, "--width") && width_ok) {
            uint64_t w;
            if (i + 1 >= argc || cli_parse_index(argv[++i], &w) || w == 0 || w > 4096)
                return cli_usage_error("tree", "--width needs a row width in 1..4096");
            o->width = (size_t)w;
        } else if (!strcmp(a, "--threads") && !o->prove) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--threads needs a count");
            if ((rc = cli_parse_int_opt("tree", "--threads", argv[++i], 1, 64, &o->threads)) != 0) return rc;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("tree", "unknown option '%s' for %s --multi", a, argv[1]);
        } else if (o->npos == 3) {
            return cli_usage_error("tree", "too many arguments for %s --multi", argv[1]);
        } else {
            o->pos[o->npos++] = a;
        }
    }
    return 0;
}
